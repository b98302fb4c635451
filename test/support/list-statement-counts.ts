// The checks of the list statement-count tests (test/rest/list-statement-counts-*.test.ts): a page of 10 records and
// one of 100 run the same number of statements, and the cheap way to hold 100 records: one made through the API,
// the others copies of its row (and of its child rows) written with createMany.
import { expect } from 'vitest';
import { byId, type TenantDb } from '../../src/db/tenant-client.js';
import type { statementCounter } from './statement-log.js';
import type { restClient } from './rest-client.js';

/** Records each list holds: one made through the API, the others copies. */
export const RECORDS = 100;
export const COPIES = RECORDS - 1;

/** A row as Prisma read it, without its key and stamps, and without nulls (the columns' defaults): data for createMany. */
export function copyable(row: Record<string, unknown>): Record<string, any> {
  const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...data } = row;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

/** The statements the two runs ran a different number of times, with both numbers: what repeats per record. */
function repeated(small: string[], large: string[]): string {
  const tally = (statements: string[]) => statements.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>());
  const [a, b] = [tally(small), tally(large)];
  const texts = [...new Set([...a.keys(), ...b.keys()])].filter((s) => a.get(s) !== b.get(s));
  return `${small.length} statements for 10, ${large.length} for 100; these ran a different number of times:\n${texts.map((s) => `  ${a.get(s) ?? 0} vs ${b.get(s) ?? 0}: ${s}`).join('\n')}`;
}

/** `seed` run once, by whichever test needs it first (a test run alone still finds its records). */
export function once<T>(seed: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | undefined;
  return () => (done ??= seed());
}

/** The checks over a file's counting database (`counter`), its REST client and its company's client (`db`, once opened). */
export function listStatementChecks(counter: ReturnType<typeof statementCounter>, api: ReturnType<typeof restClient>['api'], db: () => TenantDb) {
  /** GET `path` (under the REST base path): a 200 whose `length` is `size`; the statements it ran. */
  async function statementsOf(path: string, size: number, length: (body: any) => number): Promise<string[]> {
    const before = counter.statements.length;
    const res = await api('GET', path);
    const statements = counter.statements.slice(before);
    expect(res.status, res.text).toBe(200);
    expect(length(res.body), path).toBe(size);
    return statements;
  }

  /** GET `small` (10 records) and `large` (100), after a warm-up GET of `small`: the same number of statements. */
  async function sameStatements(small: string, large: string, length: (body: any) => number = (body) => body.data.length): Promise<void> {
    await statementsOf(small, 10, length);
    const ten = await statementsOf(small, 10, length);
    const hundred = await statementsOf(large, 100, length);
    expect(hundred.length, repeated(ten, hundred)).toBe(ten.length);
  }

  /** GET `path` with per_page 10 and 100: both full, and the same number of statements. */
  const samePageStatements = (path: string) => {
    const sized = (perPage: number) => `${path}${path.includes('?') ? '&' : '?'}per_page=${perPage}`;
    return sameStatements(sized(10), sized(100));
  };

  /** COPIES copies of the `model` row `id`, the i-th changed by `vary(i)`: their ids, in order. */
  async function copiesOf(model: string, id: number, vary: (i: number) => Record<string, unknown>, count = COPIES): Promise<number[]> {
    const delegate = (db() as any)[model];
    const row = copyable(await delegate.findUniqueOrThrow({ where: byId(id) }));
    const made = await delegate.createManyAndReturn({ data: Array.from({ length: count }, (_, i) => ({ ...row, ...vary(i) })), select: { id: true } });
    return made.map((r: { id: number }) => r.id);
  }

  /** The `model` rows whose `key` is `fromId`, copied under each of `toIds` (the i-th changed by `vary(row, i)`). */
  async function childCopies(model: string, key: string, fromId: number, toIds: number[], vary: (row: any, i: number) => Record<string, unknown> = () => ({})) {
    const delegate = (db() as any)[model];
    const rows = (await delegate.findMany({ where: { [key]: fromId } })).map(copyable);
    expect(rows.length, `${model} rows to copy`).toBeGreaterThan(0);
    await delegate.createMany({ data: toIds.flatMap((toId, i) => rows.map((row: any) => ({ ...row, [key]: toId, ...vary(row, i) }))) });
  }

  return { statementsOf, sameStatements, samePageStatements, copiesOf, childCopies };
}
