// The `include`/`select` the GraphQL layer (the Prisma plugin) hands a domain read so that one query loads
// what the selection needs. Domain code only passes it on, so it is typed loosely: with the schema this
// size TypeScript gives up ("excessive stack depth") comparing the default client's select types with the
// tenant client's.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';

export type PassThroughQuery = { include?: any; select?: any };

/**
 * In place of a PassThroughQuery: the change's answer written as JSON by the caller, inside the change's
 * transaction (the one-statement answers of GraphQL mutations, compiledMutation in
 * src/graphql/shared/compiled-records.ts). Spread into a Prisma call by mistake, Prisma refuses its unknown key.
 */
export class JsonAnswerQuery {
  /** `writeArray` writes the JSON array of the records with these ids, in their order. */
  constructor(readonly writeArray: (db: TenantDb | TenantTx, ids: readonly number[]) => Promise<string>) {}
}

/** The JSON text a change answered for a JsonAnswerQuery. */
export class WrittenJson {
  constructor(readonly text: string) {}
}

/** What a change is given to read its answer with. */
export type AnswerQuery = PassThroughQuery | JsonAnswerQuery;

/**
 * The record a change answers, read inside its transaction: `read` with the caller's Prisma query, or, for a
 * JsonAnswerQuery, the JSON the caller writes (on `tx`: a change that reads its answer after its transaction, as
 * shipping does, passes the client). That value is a WrittenJson in place of the record: typed as the
 * record, since only the caller that passed the JsonAnswerQuery ever receives it.
 */
export async function readAnswer<T>(tx: TenantDb | TenantTx, id: number, query: AnswerQuery, read: (query: PassThroughQuery) => Promise<T>): Promise<T> {
  if (!(query instanceof JsonAnswerQuery)) return read(query);
  const array = await query.writeArray(tx, [id]);
  // The change answers a record it found: none here is its mistake, never an empty success.
  if (array === '[]') throw new Error(`the answer's record ${id} is not there`);
  return new WrittenJson(array.slice(1, -1)) as unknown as T;
}

/**
 * The records a change answers as a list, in the order of `ids`, read as readAnswer reads one: `read` with the
 * caller's Prisma query (it keeps that order itself), or the JSON array the caller writes.
 */
export async function readAnswers<T>(tx: TenantDb | TenantTx, ids: readonly number[], query: AnswerQuery, read: (query: PassThroughQuery) => Promise<T[]>): Promise<T[]> {
  if (!(query instanceof JsonAnswerQuery)) return read(query);
  return new WrittenJson(await query.writeArray(tx, ids)) as unknown as T[];
}

const PAGE_READER = Symbol('the page reader of an ids-only read');

/**
 * A page's ids and total as SQL, both reading the company as $1 (listPage in list-page.ts): `ids` the subquery of
 * the page's ids in order, `total` the subquery counting what the filter matches.
 */
export interface PageStatement {
  ids: string;
  total: string;
  params: unknown[];
}

/** Runs a page's statement, alone or inside a larger one, and gives back the page's ids in order and the total. */
export type PageReader = (statement: PageStatement) => Promise<{ ids: number[]; total: number }>;

/**
 * The query that makes a domain list read its records' ids alone (`{ select: { id: true } }`), carrying the reader
 * a page may read them with in one statement (listPage in list-page.ts). The reader is a property that spreading
 * leaves behind, so the query spread into a Prisma call is the plain select.
 */
export function idsOnlyQuery(readPage: PageReader): PassThroughQuery {
  const query = { select: { id: true } };
  Object.defineProperty(query, PAGE_READER, { value: readPage, enumerable: false });
  return query;
}

/** The page reader an idsOnlyQuery carries, or null for any other query. */
export function pageReaderOf(query: PassThroughQuery): PageReader | null {
  return (query as { [PAGE_READER]?: PageReader })[PAGE_READER] ?? null;
}
