// Lists and single records of any Prisma-backed type answered in one go: the domain's own list or get picks the
// records (its filters, sort, page and rules, reading ids only), and one statement writes them as JSON as the
// selection asks (src/domain/shared/records-json.ts), with SQL derived from the GraphQL types
// (derived-json-types.ts). A field is registered beside its resolver:
//
//   compiledList('salesOrders', 'SalesOrder', (ctx, args, query) => orders.listSalesOrders(ctx.db, …, query));
//
// where `query` is the Prisma query that reads ids only. A mutation is registered the same way with
// compiledMutation: its domain call writes the answer in the change's transaction (readAnswer). A selection some field of which has no SQL is executed
// field by field, as before.
import { getNamedType, isObjectType, type FieldNode, type GraphQLObjectType } from 'graphql';
import type { RequestContext } from '../context.js';
import type { Page, PageMeta } from '../../domain/shared/pagination.js';
import { recordsWriter, type RecordsWriter } from '../../domain/shared/records-json.js';
import { idsOnlyQuery, JsonAnswerQuery, WrittenJson, type AnswerQuery, type PassThroughQuery } from '../../domain/shared/pass-through-query.js';
import type { JsonSelection } from '../../domain/shared/selection-json-sql.js';
import { answerJson, registerCompiledMutationField, registerCompiledRootField, subFields, type AnswerOptions, type PlanScope } from './compiled-execution.js';
import { derivedJsonTypes } from './derived-json-types.js';
import { writableSelectionOf } from './json-selection.js';

/** The type each root field registered here answers, by field name (for the test that every field it reaches has SQL). */
export const COMPILED_ROOT_TYPES = new Map<string, string>();

/** The Prisma query a domain list or get is given so that it reads the records' ids alone. */
export const IDS_ONLY = { select: { id: true } } as const;
type IdRow = { id: number };

/** The keys asked of PageMeta and the property each shows, or null for a field it does not have. */
export function metaKeys(scope: PlanScope, type: GraphQLObjectType, nodes: FieldNode[]): Array<[string, keyof PageMeta | '__typename']> | null {
  const fields = subFields(scope, type, nodes);
  if (!fields) return null;
  const keys: Array<[string, keyof PageMeta | '__typename']> = [];
  for (const [key, [node]] of fields) {
    const name = node.name.value;
    if (name !== '__typename' && !(name in type.getFields())) return null;
    keys.push([key, name as keyof PageMeta]);
  }
  return keys;
}

/** A page's selection planned: what each `items` asks, and how the answer is put together from the written arrays. */
export interface PagePlan {
  selections: JsonSelection[];
  answer(meta: PageMeta, arrays: string[], options: AnswerOptions): Record<string, unknown>;
}

/**
 * Plans what the nodes ask of a page type (`{items, meta}`): `itemsOf` gives what an `items` asks, or null when
 * it cannot be written; null when some part cannot.
 */
export function planPage(scope: PlanScope, pageType: GraphQLObjectType, fieldNodes: FieldNode[], itemsOf: (nodes: FieldNode[]) => JsonSelection | null): PagePlan | null {
  const metaType = scope.schema.getType('PageMeta');
  const pageFields = isObjectType(metaType) ? subFields(scope, pageType, fieldNodes) : null;
  if (!pageFields || !isObjectType(metaType)) return null;
  type Part = { key: string } & ({ items: JsonSelection } | { meta: Array<[string, keyof PageMeta | '__typename']> } | { typename: string });
  const parts: Part[] = [];
  for (const [key, nodes] of pageFields) {
    const name = nodes[0].name.value;
    if (name === 'items') {
      const items = itemsOf(nodes);
      if (!items) return null;
      parts.push({ key, items });
    } else if (name === 'meta') {
      const meta = metaKeys(scope, metaType, nodes);
      if (!meta) return null;
      parts.push({ key, meta });
    } else if (name === '__typename') {
      parts.push({ key, typename: pageType.name });
    } else {
      return null;
    }
  }
  return {
    selections: parts.flatMap((part) => ('items' in part ? [part.items] : [])),
    answer(meta, arrays, options) {
      const answer: Record<string, unknown> = {};
      let items = 0;
      for (const part of parts) {
        if ('items' in part) answer[part.key] = answerJson(arrays[items++]!, options);
        else if ('meta' in part) answer[part.key] = Object.fromEntries(part.meta.map(([key, name]) => [key, name === '__typename' ? metaType.name : meta[name]]));
        else answer[part.key] = part.typename;
      }
      return answer;
    },
  };
}

/** The table of a Prisma-backed GraphQL type (models keep their names as tables). */
function tableOf(scope: PlanScope, typeName: string): string | null {
  const type = scope.schema.getType(typeName);
  return (isObjectType(type) && (type.extensions as { pothosPrismaModel?: string }).pothosPrismaModel) || null;
}

/** What the nodes ask of one `typeName`, when derived SQL can write all of it. */
const selectionOf = (scope: PlanScope, typeName: string, nodes: FieldNode[]) => writableSelectionOf(scope, derivedJsonTypes(scope.schema).types, typeName, nodes);

/** The writer of what the nodes ask of `typeName`'s records, when derived SQL can write all of it; else null. */
function planRecords(scope: PlanScope, typeName: string, nodes: FieldNode[]): RecordsWriter | null {
  const table = tableOf(scope, typeName);
  const selection = table && selectionOf(scope, typeName, nodes);
  return table && selection ? writerOf(scope, typeName, table, [selection]) : null;
}

const writerOf = (scope: PlanScope, typeName: string, table: string, selections: JsonSelection[]) =>
  recordsWriter({ types: derivedJsonTypes(scope.schema).types, typeName, table }, selections);

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * A root field answering a page (`{items, meta}`) of `typeName`: `list` is the field's domain call given the
 * Prisma query that reads ids only.
 */
export function compiledList(
  fieldName: string,
  typeName: string,
  list: (ctx: RequestContext, args: Record<string, any>, query: PassThroughQuery) => Promise<Page<IdRow>>,
): void {
  COMPILED_ROOT_TYPES.set(fieldName, typeName);
  registerCompiledRootField(fieldName, (scope, fieldNodes, args) => {
    const pageType = getNamedType(scope.schema.getQueryType()!.getFields()[fieldName]!.type);
    const table = tableOf(scope, typeName);
    const plan = table && isObjectType(pageType) ? planPage(scope, pageType, fieldNodes, (nodes) => selectionOf(scope, typeName, nodes)) : null;
    if (!table || !plan) return null;
    const writer = writerOf(scope, typeName, table, plan.selections);
    return async (ctx, options) => {
      // Ids only, with a reader that lets the domain's list read them and their total in the statement writing
      // the page's JSON. A list that reads through Prisma instead, or answers other ids than it read, gets its
      // JSON written for the ids it answers.
      const written: { page?: { ids: number[]; arrays: string[] } } = {};
      const page = await list(ctx, args, idsOnlyQuery(async (statement) => (written.page = await writer.ofPage(ctx.sql, statement))));
      const ids = page.items.map((row) => row.id);
      const arrays = written.page && sameIds(written.page.ids, ids) ? written.page.arrays : await writer.ofIds(ctx.sql, ctx.company.id, ids);
      return plan.answer(page.meta, arrays, options);
    };
  });
}

/**
 * A root field answering a plain list of `typeName` (no page, as `shippingRateTables`): `list` is the field's
 * domain call given the Prisma query that reads ids only, and one statement writes the records in its order.
 */
export function compiledArray(
  fieldName: string,
  typeName: string,
  list: (ctx: RequestContext, args: Record<string, any>, query: typeof IDS_ONLY) => Promise<IdRow[]>,
): void {
  COMPILED_ROOT_TYPES.set(fieldName, typeName);
  registerCompiledRootField(fieldName, (scope, fieldNodes, args) => {
    const writer = planRecords(scope, typeName, fieldNodes);
    if (!writer) return null;
    return async (ctx, options) => {
      const rows = await list(ctx, args, IDS_ONLY);
      const [array] = await writer.ofIds(ctx.sql, ctx.company.id, rows.map((row) => row.id));
      return answerJson(array!, options);
    };
  });
}

/** A root field answering one record of `typeName`: `get` is the field's domain call given the Prisma query that reads the id only. */
export function compiledRecord(
  fieldName: string,
  typeName: string,
  get: (ctx: RequestContext, args: Record<string, any>, query: typeof IDS_ONLY) => Promise<IdRow>,
): void {
  COMPILED_ROOT_TYPES.set(fieldName, typeName);
  registerCompiledRootField(fieldName, (scope, fieldNodes, args) => {
    const writer = planRecords(scope, typeName, fieldNodes);
    if (!writer) return null;
    return async (ctx, options) => {
      const { id } = await get(ctx, args, IDS_ONLY);
      const [array] = await writer.ofIds(ctx.sql, ctx.company.id, [id]);
      // The array of the one record, as the statement wrote it: its element alone.
      const text = array!;
      return answerJson(text.slice(1, -1), options);
    };
  });
}

/**
 * A root field of Mutation answering one record of `typeName`: `change` is the field's domain call, given a
 * JsonAnswerQuery in place of the Prisma query. The domain reads its answer with readAnswer where it read the
 * record before, so the JSON is written by one statement inside the change's transaction, and the change runs
 * once whatever happens (its errors are the resolver's). Answers the field's resolver, which makes the same call:
 *
 *   createSalesOrder: t.prismaField({ type: 'SalesOrder', args, resolve: compiledMutation('createSalesOrder', 'SalesOrder', (ctx, args, query) => …) }),
 */
export function compiledMutation<T>(
  fieldName: string,
  typeName: string,
  change: (ctx: RequestContext, args: Record<string, any>, query: AnswerQuery) => Promise<T>,
): (query: PassThroughQuery, root: unknown, args: any, ctx: RequestContext) => Promise<T> {
  return registerChange(fieldName, typeName, change);
}

/**
 * compiledMutation for a change answering a list of `typeName` (as `createShipmentPackages`): the domain reads
 * its answer with readAnswers, which writes the records' JSON array in the order of their ids.
 */
export function compiledListMutation<T>(
  fieldName: string,
  typeName: string,
  change: (ctx: RequestContext, args: Record<string, any>, query: AnswerQuery) => Promise<T[]>,
): (query: PassThroughQuery, root: unknown, args: any, ctx: RequestContext) => Promise<T[]> {
  return registerChange(fieldName, typeName, change);
}

/** The type each Mutation field registered here answers (or a list of), by field name: for the coverage test. */
export const COMPILED_MUTATION_TYPES = new Map<string, string>();

function registerChange<T>(
  fieldName: string,
  typeName: string,
  change: (ctx: RequestContext, args: Record<string, any>, query: AnswerQuery) => Promise<T>,
): (query: PassThroughQuery, root: unknown, args: any, ctx: RequestContext) => Promise<T> {
  COMPILED_MUTATION_TYPES.set(fieldName, typeName);
  registerCompiledMutationField(fieldName, (scope, fieldNodes, args) => {
    const writer = planRecords(scope, typeName, fieldNodes);
    if (!writer) return null;
    const query = new JsonAnswerQuery(async (tx, ids) => (await writer.ofIdsInTransaction(tx, ids))[0]!);
    return async (ctx, options) => {
      const answer = await change(ctx, args, query);
      if (!(answer instanceof WrittenJson)) throw new Error(`${fieldName} answered without readAnswer: its domain call does not write the JSON answer`);
      return answerJson(answer.text, options);
    };
  });
  // The field's resolver (field-by-field execution): the same call with the Prisma plugin's query.
  return (query, _root, args, ctx) => change(ctx, args, query);
}
