// Checks for the files that compare answers written by one SQL statement (compiledList and compiledRecord,
// src/graphql/shared/compiled-records.ts) with graphql's ordinary execution field by field (random-selection.ts):
// a route's REST pages and records, and random selections over /graphql. Answers are compared as JSON text, so
// keys must come in the same order, and each check counts the statements that wrote JSON.
import fc from 'fast-check';
import { Kind, parse, print, visit, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { expect } from 'vitest';
import { buildSchema } from '../../src/graphql/schema.js';
import { derivedJsonTypes } from '../../src/graphql/shared/derived-json-types.js';
import { snakeCase } from '../../src/rest/casing.js';
import type { RestRoute } from '../../src/rest/route.js';
import { fieldByField, randomSelection, type RandomSelection } from './random-selection.js';
import { restClient } from './rest-client.js';
import type { statementCounter } from './statement-log.js';
import type { Tenant, TestServer } from './test-server.js';

/** A file's server, its statement counter, the company asking, and how REST words GraphQL's answer (restCased unless given). */
export interface Compared {
  server: TestServer;
  counter: ReturnType<typeof statementCounter>;
  tenant: Tenant;
  rest?: (answer: unknown) => unknown;
}

type Variables = Record<string, unknown>;

/** GraphQL's answer as REST words it: keys in snake_case, except within the JSON fields `kept` (their keys are the data's own). */
export function restCased(value: any, kept: ReadonlySet<string> = new Set()): any {
  if (Array.isArray(value)) return value.map((item) => restCased(item, kept));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [snakeCase(key), kept.has(key) ? v : restCased(v, kept)]));
}

/** Whether a statement is the one that writes records as JSON (src/domain/shared/records-json.ts). */
export const writtenAsJson = (statement: string) => statement.includes('WITH ORDINALITY AS page(id, n)');

/** Custom fields as odd as JSON allows (escapes, tiny and huge numbers, a key of 64 characters): written as stored. */
export const ODD_CUSTOM_FIELDS = {
  text: 'Tab\there "quoted" \\ back ☃ \u0001 </script>',
  empty: '',
  tiny: 1e-7,
  huge: 1e21,
  third: 0.30000000000000004,
  negative: -123456789.123456,
  zero: 0,
  yes: true,
  no: false,
  looks_like_json: '{"a": [1, 2]}',
  [`k${'x'.repeat(62)}9`]: 'the longest key',
  z9_: 'n',
};

/** The GET route of `path` among a file's routes (rest-mapping/). */
export function getRoute(routes: RestRoute[], path: string): RestRoute {
  const route = routes.find((r) => r.method === 'GET' && r.path === path);
  if (!route) throw new Error(`No GET ${path} among the routes.`);
  return route;
}

/** The fields of a type SQL can write (derived-json-types.ts), sorted: the ones random selections choose from. */
export const writableFields = (type: string): string[] => Object.keys(derivedJsonTypes(buildSchema()).types[type] ?? {}).sort();

/**
 * The route with its operation's fragment spreads written out in place: /graphql counts a spread as a level, so a
 * route whose fragments nest deeply (a unit class's units and their rules) runs there only without them.
 */
export function withoutFragments(route: RestRoute): RestRoute {
  const document = parse(route.graphql);
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const spread = (set: SelectionSetNode): SelectionSetNode => ({
    ...set,
    selections: set.selections.flatMap((selection) =>
      selection.kind === Kind.FRAGMENT_SPREAD
        ? spread(fragments.get(selection.name.value)!.selectionSet).selections
        : selection.kind === Kind.FIELD && selection.selectionSet
          ? [{ ...selection, selectionSet: spread(selection.selectionSet) }]
          : [selection],
    ),
  });
  const operation = visit(
    { ...document, definitions: document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION) },
    { OperationDefinition: (node) => ({ ...node, selectionSet: spread(node.selectionSet) }) },
  );
  return { ...route, graphql: print(operation) };
}

/** What `call` answers, how many statements it ran, and those of them that wrote JSON. */
async function counted<T>(on: Compared, call: () => Promise<T>) {
  const before = on.counter.statements.length;
  const { result, count } = await on.counter.count(call);
  return { result, count, json: on.counter.statements.slice(before).filter(writtenAsJson) };
}

/** GET `path` as the company, under the REST base path. */
const restGet = (on: Compared, path: string) => restClient(() => ({ server: on.server, tenant: on.tenant })).api('GET', path);

/** GET `path` answers, in one JSON statement, what `shape` makes of the route's operation run field by field. */
async function restAsFieldByField(on: Compared, route: RestRoute, path: string, variables: Variables, shape: (data: any) => unknown) {
  const rest = await counted(on, () => restGet(on, path));
  expect(rest.result.status, rest.result.text).toBe(200);
  expect(rest.json).toHaveLength(1);
  const ordinary = await fieldByField(on.server, route.graphql, variables, on.tenant);
  expect(ordinary.body.errors, ordinary.text).toBeUndefined();
  expect(JSON.stringify(rest.result.body)).toBe(JSON.stringify((on.rest ?? restCased)(shape(ordinary.body.data))));
  return { body: rest.result.body, count: rest.count };
}

/** One REST page (`path` with its per_page) equals the field `root`'s items and meta field by field: its body and statement count. */
export function pageAsFieldByField(on: Compared, route: RestRoute, path: string, variables: Variables, root: string) {
  return restAsFieldByField(on, route, path, variables, (data) => ({ data: data[root].items, meta: data[root].meta }));
}

/**
 * Pages of 10 and of 100 (`path`'s query without per_page, `variables` without perPage) equal field by field, are
 * full, and run as many statements each: what the planned page costs does not grow with its records.
 */
export async function pagesAsFieldByField(on: Compared, route: RestRoute, path: string, variables: Variables, root: string) {
  const [base, query] = path.split('?');
  const pages = [];
  for (const perPage of [10, 100]) {
    const page = await pageAsFieldByField(on, route, `${base}?per_page=${perPage}${query ? `&${query}` : ''}`, { perPage, ...variables }, root);
    expect(page.body.data).toHaveLength(perPage);
    pages.push(page);
  }
  expect(pages[1]!.count).toBe(pages[0]!.count);
  return pages;
}

/** Each record `${path}/${id}` equals the field `root` field by field, written by one statement. */
export async function recordsAsFieldByField(on: Compared, route: RestRoute, path: string, ids: number[], root: string) {
  for (const id of ids) await restAsFieldByField(on, route, `${path}/${id}`, { id }, (data) => ({ data: data[root] }));
}

/** A plain list (`path`, no page) equals the field `root` field by field, written by one statement: its body and statement count. */
export function listAsFieldByField(on: Compared, route: RestRoute, path: string, variables: Variables, root: string) {
  return restAsFieldByField(on, route, path, variables, (data) => ({ data: data[root] }));
}

/** A planned page runs fewer statements than field by field: the domain's read of its ids and one statement, not one per relation. */
export async function fewerStatementsThanFieldByField(on: Compared, route: RestRoute, path: string, variables: Variables) {
  const planned = await on.counter.count(() => restGet(on, path));
  const ordinary = await on.counter.count(() => fieldByField(on.server, route.graphql, variables, on.tenant));
  expect(planned.count).toBeLessThan(ordinary.count);
}

/** /graphql refused the query for its depth limit, before any plan (fragments in fragments count towards it). */
const tooDeep = (body: any) => body.errors?.length === 1 && String(body.errors[0].message).startsWith('Syntax Error: Query depth limit');

/**
 * A query over /graphql answers as field by field, written by `jsonStatements` statements; with `skipTooDeep`, a
 * query refused for its depth limit is left out (refused either way). Its data, or null when left out.
 */
export async function queryAsFieldByField(on: Compared, query: string, variables: Variables, { jsonStatements = 1, skipTooDeep = false } = {}) {
  const planned = await counted(on, () => on.server.graphql(query, variables, { token: on.tenant.token, company: on.tenant.slug }));
  if (skipTooDeep && tooDeep(planned.result.body)) return null;
  expect(planned.result.body.errors, planned.result.text).toBeUndefined();
  expect(planned.json, `${jsonStatements === 1 ? 'one statement' : `${jsonStatements} statements`} wrote the answer`).toHaveLength(jsonStatements);
  const ordinary = await fieldByField(on.server, query, variables, on.tenant);
  expect(ordinary.body.errors, ordinary.text).toBeUndefined();
  const { fieldByField: _, ...data } = ordinary.body.data;
  expect(JSON.stringify(planned.result.body.data)).toBe(JSON.stringify(data));
  return planned.result.body.data;
}

/**
 * A page query over /graphql (for a list without a REST route, or whose REST selection cannot be written) answers as
 * field by field in one statement; pages of 10 and 100 are full and run as many statements.
 */
export async function graphqlPagesAsFieldByField(on: Compared, query: string, variables: Variables, root: string) {
  const counts: number[] = [];
  for (const perPage of [10, 100]) {
    const data = await queryAsFieldByField(on, query, { ...variables, perPage });
    expect(data![root].items).toHaveLength(perPage);
    counts.push((await on.counter.count(() => on.server.graphql(query, { ...variables, perPage }, { token: on.tenant.token, company: on.tenant.slug }))).count);
  }
  expect(counts[1]).toBe(counts[0]);
}

/** A page of a list field and one record of its type, asking for `selection`: the two queries most properties run. */
export function pageAndRecordQueries({ text, fragments }: RandomSelection, page: string, sort: string, record: string, id: number): string[] {
  return [
    `query Page($perPage: Int) { ${page}(perPage: $perPage, sort: "${sort}") { items { ${text} } meta { total lastPage } } } ${fragments.join(' ')}`,
    `query One { ${record}(id: ${id}) { ${text} } } ${fragments.join(' ')}`,
  ];
}

export interface SelectionRuns {
  numRuns: number;
  seed: number;
  /** Drawn for each run and handed to `queries` when given (`id` is undefined without them). */
  ids?: number[];
  /** The fields selections choose from (writableFields unless given). */
  fields?: (type: string) => string[];
  /** Leave out a query /graphql refuses for its depth limit (fragments in fragments can go that deep). */
  skipTooDeep?: boolean;
}

/**
 * The property: for a random selection of each of `types`, a perPage of 10 or 100 (the $perPage variable) and an
 * id of `ids`, every query `queries` builds answers as field by field. The arbitraries are drawn in that order,
 * so a seed replays the same runs.
 */
export async function selectionsAsFieldByField(
  on: Compared,
  types: string[],
  queries: (selections: RandomSelection[], id: number) => string[],
  { numRuns, seed, ids, fields = writableFields, skipTooDeep }: SelectionRuns,
) {
  const schema = buildSchema();
  const arbitraries = [...types.map((type) => randomSelection(schema, type, fields)), fc.constantFrom(10, 100), ...(ids ? [fc.constantFrom(...ids)] : [])];
  const property = fc.asyncProperty(...(arbitraries as [fc.Arbitrary<unknown>]), async (...drawn: unknown[]) => {
    const [perPage, id] = drawn.slice(types.length) as [number, number];
    for (const query of queries(drawn.slice(0, types.length) as RandomSelection[], id)) await queryAsFieldByField(on, query, { perPage }, { skipTooDeep });
  });
  await fc.assert(property, { numRuns, seed });
}
