// A cheap fingerprint of one company's data: per table, the number of its rows and an order-free sum of
// their hashes, read in one statement. Two equal fingerprints mean no row was added, removed or changed.
// Left out: bookkeeping that a refused request may rightly write (rate-limit counters, the audit log,
// stored Idempotency-Key answers, a token's last use, sign-in sessions).
import pg from 'pg';
import type { SqlRunner } from '../../src/db/sql-runner.js';

const BOOKKEEPING = new Set(['RateLimitCounter', 'AuditLogEntry', 'IdempotencyKey', 'ApiToken', 'SettingsSession']);

export type Fingerprint = Map<string, string>;

export interface FingerprintReader {
  read(): Promise<Fingerprint>;
  close(): Promise<void>;
}

/**
 * The statement is read before and after every write a fuzz case sends, and planning its hundred-odd branches is
 * most of its cost: it is planned once. On PGlite through queryPrepared; on PostgreSQL (`url` given) as a named
 * statement on a connection of its own (the service's runner never names statements on its pooled connections).
 */
export async function fingerprintReader(sql: SqlRunner, companyId: number, url?: string): Promise<FingerprintReader> {
  const tables = (
    await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'companyId' ORDER BY table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !BOOKKEEPING.has(table));
  const part = (table: string, where: string) =>
    `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text AS f FROM "${table}" x WHERE ${where}`;
  const statement = [part('Company', 'x.id = $1'), ...tables.map((table) => part(table, 'x."companyId" = $1'))].join('\nUNION ALL\n');
  const toFingerprint = (rows: Array<{ t: string; f: string }>): Fingerprint => new Map(rows.map((row) => [row.t, row.f]));
  if (!url) return { read: async () => toFingerprint(await sql.queryPrepared(statement, [companyId])), close: async () => {} };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    read: async () => toFingerprint((await client.query<{ t: string; f: string }>({ name: 'data-fingerprint', text: statement, values: [companyId] })).rows),
    close: () => client.end(),
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
}
