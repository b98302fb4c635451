// Checks a change answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34 goal 4):
// through REST (`change`) or /graphql (`graphqlChange`), its answer is one JSON statement, run after the change's
// writes and before its COMMIT (or after the commit, for a change that answers after it; before the write, for a
// delete), and equals what graphql's ordinary execution reads field by field of the record right after it (right
// before, for a delete), keys in the same order.
import { expect } from 'vitest';
import { restRoutes } from '../../rest-mapping/index.js';
import type { RestRoute } from '../../src/rest/route.js';
import type { CallResult, Tenant, TestServer } from './test-server.js';
import { restCased, writtenAsJson } from './compiled-answers.js';
import { fieldByField } from './random-selection.js';

export interface ChangeOptions {
  /** The record's path, from the change's answer (default `path` itself). */
  record?: (answer: any) => string;
  /**
   * A delete: its answer is the record as it was, but for updated_at (a delete that claims the row first stamps it),
   * written in the delete's transaction, before its DELETE or after its claim.
   */
  deletes?: boolean;
  /** Shipping answers after its transaction, once the EDI notice is delivered. */
  afterCommit?: boolean;
}

/**
 * A mutation asking what a record's GET operation reads: `header` (`mutation Update($id: Int!, $input: …) {
 * updateLocation(id: $id, input: $input)`) in place of the operation's own, with its selection and fragments.
 */
export function mutationAsking(record: Pick<RestRoute, 'graphql'>, header: string): string {
  return record.graphql.replace(/query \w+\(\$id: Int!\) \{\s*\w+\(id: \$id\)/, header);
}

/** `change(method, path, body, options)` for a file's server, company and statement log. */
export function compiledChangeChecker(
  server: TestServer,
  tenant: Tenant,
  api: (method: string, path: string, body?: unknown) => Promise<CallResult>,
  statements: () => string[],
) {
  /** The GET route of a record's path (`/sales-orders/12`), and the id in it; null when there is none. */
  function recordRoute(path: string): { route: RestRoute; id: number } | null {
    for (const route of restRoutes) {
      if (route.method !== 'GET') continue;
      const pattern = new RegExp(`^${route.path.replace(/\{\w+\}/g, '(\\d+)')}$`);
      const match = pattern.exec(path);
      if (match && match.length === 2) return { route, id: Number(match[1]) };
    }
    return null;
  }

  /** The record a change's path names: itself (`PATCH /bills/3`) or without its verb (`POST /bills/3/approve`). */
  const recordOf = (path: string) => (recordRoute(path) ? path : path.replace(/\/[a-z-]+$/, ''));

  /** The record at `path` as REST writes graphql's ordinary execution of its GET operation. */
  async function readFieldByField(path: string): Promise<unknown> {
    const found = recordRoute(path);
    if (!found) throw new Error(`no GET route reads ${path}`);
    const { route, id } = found;
    const ordinary = await fieldByField(server, route.graphql, { id }, tenant);
    expect(ordinary.body.errors, ordinary.text).toBeUndefined();
    const { fieldByField: _, ...data } = ordinary.body.data;
    // A route in camel casing (the cycle count sessions) keeps graphql's names.
    const record = Object.values(data)[0];
    return route.casing === 'camel' ? record : restCased(record);
  }

  // The client's log shows a transaction's end (the driver's COMMIT), not its start: the answer is in the change's
  // transaction when a COMMIT follows it and none came between the change's last write and it.
  const COMMIT = /COMMIT/;
  const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/;
  const REQUEST_BOOKKEEPING = /"RateLimitCounter"|"ApiToken"/;


  /**
   * The log of one change holds exactly one JSON statement, its answer, placed in the change's transaction: after
   * its writes with no COMMIT between them and a COMMIT after it; for a delete (which answers the record as it was)
   * before a write that follows it and commits with it; for `afterCommit`, after the commit.
   */
  function expectAnsweredInTransaction(log: string[], label: string, options: Pick<ChangeOptions, 'deletes' | 'afterCommit'>): void {
    const json = log.flatMap((statement, index) => (writtenAsJson(statement) ? [index] : []));
    expect(json, `${label}: one statement writes the answer`).toHaveLength(1);
    const [at] = json as [number];
    const isWrite = (statement: string) => WRITE.test(statement) && !REQUEST_BOOKKEEPING.test(statement);
    const lastBefore = (matches: (statement: string) => boolean) => log.slice(0, at).reduce((found, statement, i) => (matches(statement) ? i : found), -1);
    const lastWrite = lastBefore(isWrite);
    const lastCommit = lastBefore((s) => COMMIT.test(s));
    const after = log.slice(at + 1);
    const nextCommit = after.findIndex((s) => COMMIT.test(s));
    if (options.deletes) {
      const nextWrite = after.findIndex(isWrite);
      expect(nextWrite, `${label}: the record is deleted after its answer`).toBeGreaterThanOrEqual(0);
      expect(nextCommit, `${label}: the answer and the delete commit together`).toBeGreaterThan(nextWrite);
      if (lastWrite >= 0) expect(lastCommit, `${label}: no commit between the delete's claim and its answer`).toBeLessThan(lastWrite);
    } else if (options.afterCommit) {
      expect(lastCommit, `${label}: the answer is written after the commit`).toBeGreaterThan(lastWrite);
    } else {
      expect(lastWrite, `${label}: the change wrote before its answer`).toBeGreaterThanOrEqual(0);
      expect(lastCommit, `${label}: no commit between the change and its answer`).toBeLessThan(lastWrite);
      expect(nextCommit, `${label}: the answer is written before COMMIT`).toBeGreaterThanOrEqual(0);
    }
  }

  /**
   * Runs `call`, a change through REST or /graphql, and checks its answer (`data` of the response; a pickflow route's
   * bare body) as `change` does, against `expected(answer)`: the record read field by field after the change. For a
   * delete (`deletes`), `expected(undefined)` is read before the call instead.
   */
  async function changeAnswering(label: string, call: () => Promise<CallResult>, expected: (answer: any) => Promise<unknown>, options: Pick<ChangeOptions, 'deletes' | 'afterCommit'> = {}): Promise<any> {
    const before = options.deletes ? await expected(undefined) : null;
    const start = statements().length;
    const res = await call();
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.body.errors, res.text).toBeUndefined();
    expectAnsweredInTransaction(statements().slice(start), label, options);
    const answer = Object.keys(res.body).length === 1 && 'data' in res.body ? res.body.data : res.body;
    const claimed = (record: any) => (options.deletes ? { ...record, updated_at: 'claimed' } : record);
    expect(JSON.stringify(claimed(answer)), label).toBe(JSON.stringify(claimed(before ?? (await expected(answer)))));
    return answer;
  }

  /** Runs a change through REST; its answer is one JSON statement in its transaction and equals the record read field by field. */
  async function change(method: string, path: string, body?: unknown, options: ChangeOptions = {}): Promise<any> {
    const label = `${method} ${path}`;
    return changeAnswering(label, () => api(method, path, body), async (answer) => {
      if (answer === undefined) return readFieldByField(recordOf(path));
      const recordPath = options.record?.(answer) ?? recordOf(path);
      // A change of the record its path names answers that record, not another one alike.
      if (!options.record) expect(answer.id, `${label}: the record changed`).toBe(recordRoute(recordPath)?.id);
      return readFieldByField(recordPath);
    }, options);
  }

  /**
   * Runs a change through /graphql (a REST route that asks for the caller's own JSON, which has no SQL, answers field
   * by field; or a record without a GET route): `mutation` and its `variables`, with `read` the query of the record
   * by `$id`, whose selection the mutation's should equal. Checked as `change` checks; a change given `id` answers
   * that record.
   */
  async function graphqlChange(mutation: string, variables: Record<string, unknown>, read: string, options: Pick<ChangeOptions, 'deletes'> = {}): Promise<any> {
    const readRecord = async (id: number) => {
      const ordinary = await fieldByField(server, read, { id }, tenant);
      expect(ordinary.body.errors, ordinary.text).toBeUndefined();
      const { fieldByField: _, ...data } = ordinary.body.data;
      return Object.values(data)[0];
    };
    // The mutation's one field, as a REST route's {data}.
    const call = async () => {
      const res = await server.graphql(mutation, variables, { token: tenant.token, company: tenant.slug });
      return { ...res, body: res.body.errors ? res.body : { data: Object.values(res.body.data)[0] } };
    };
    return changeAnswering(mutation.slice(0, 60), call, async (answer) => {
      if (answer === undefined) return readRecord(variables.id as number);
      if (variables.id !== undefined) expect(answer.id, 'the record changed').toBe(variables.id);
      return readRecord(answer.id);
    }, options);
  }
  return { change, changeAnswering, graphqlChange, readFieldByField };
}
