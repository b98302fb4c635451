// Checks a change answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34 goal 4):
// through REST, its answer is one JSON statement, run after the change's writes and before its COMMIT (or after
// the commit, for a change that answers after it), and equals what graphql's ordinary execution reads field by
// field of the record right after it (right before, for a delete), keys in the same order.
import { expect } from 'vitest';
import { restRoutes } from '../../rest-mapping/index.js';
import type { RestRoute } from '../../src/rest/route.js';
import type { CallResult, Tenant, TestServer } from './test-server.js';
import { restCased, writtenAsJson } from './compiled-answers.js';
import { fieldByField } from './random-selection.js';

export interface ChangeOptions {
  /** The record's path, from the change's answer (default `path` itself). */
  record?: (answer: any) => string;
  /** A delete: its answer is the record as it was, but for updated_at (the delete claims the row first, stamping it). */
  deletes?: boolean;
  /** Shipping answers after its transaction, once the EDI notice is delivered. */
  afterCommit?: boolean;
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


  /** Runs a change through REST; its answer is one JSON statement in its transaction and equals the record read field by field. */
  async function change(method: string, path: string, body?: unknown, options: ChangeOptions = {}): Promise<any> {
    const before = options.deletes ? await readFieldByField(recordOf(path)) : null;
    const start = statements().length;
    const res = await api(method, path, body);
    expect(res.status, res.text).toBeLessThan(300);
    const log = statements().slice(start);
    const json = log.flatMap((statement, index) => (writtenAsJson(statement) ? [index] : []));
    expect(json, `${method} ${path}: one statement writes the answer`).toHaveLength(1);
    const [at] = json as [number];
    const lastBefore = (matches: (statement: string) => boolean) => log.slice(0, at).reduce((found, statement, i) => (matches(statement) ? i : found), -1);
    const lastWrite = lastBefore((s) => WRITE.test(s) && !REQUEST_BOOKKEEPING.test(s));
    const lastCommit = lastBefore((s) => COMMIT.test(s));
    expect(lastWrite, `${method} ${path}: the change wrote before its answer`).toBeGreaterThanOrEqual(0);
    if (options.afterCommit) {
      expect(lastCommit, `${method} ${path}: the answer is written after the commit`).toBeGreaterThan(lastWrite);
    } else {
      expect(lastCommit, `${method} ${path}: no commit between the change and its answer`).toBeLessThan(lastWrite);
      expect(log.slice(at + 1).some((s) => COMMIT.test(s)), `${method} ${path}: the answer is written before COMMIT`).toBe(true);
    }
    // Most routes answer {data}; the pickflow routes answer the record bare.
    const answer = Object.keys(res.body).length === 1 && 'data' in res.body ? res.body.data : res.body;
    const expected = before ?? (await readFieldByField(options.record?.(answer) ?? recordOf(path)));
    const claimed = (record: any) => (options.deletes ? { ...record, updated_at: 'claimed' } : record);
    expect(JSON.stringify(claimed(answer)), `${method} ${path}`).toBe(JSON.stringify(claimed(expected)));
    return answer;
  }
  return { change, readFieldByField };
}
