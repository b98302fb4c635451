// A cheap fingerprint of one company's data: per table, the number of its rows and an order-free sum of
// their hashes, read in one statement. Two equal fingerprints mean no row was added, removed or changed.
// Left out: bookkeeping that a refused request may rightly write (rate-limit counters, the audit log,
// stored Idempotency-Key answers, a token's last use, sign-in sessions).
import pg from 'pg';
import { isCitus } from '../../src/db/citus.js';
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
 *
 * On a Citus coordinator it reads the company's shards on the worker that holds them, on a connection to that
 * worker: through the coordinator the worker planned the whole statement again on every read (Citus prepares
 * nothing on the workers), 60 ms a read, 93 s of the GraphQL fuzz file's 124 s. A company's rows are all in one
 * shard of each table, co-located on one worker (docs/scaling-out.md), so the rows read are the same.
 */
export async function fingerprintReader(sql: SqlRunner, companyId: number, url?: string): Promise<FingerprintReader> {
  const tables = (
    await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'companyId' ORDER BY table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !BOOKKEEPING.has(table));
  const shards = url && (await isCitus(sql)) ? await companyShards(sql, ['Company', ...tables], companyId) : null;
  const source = (table: string) => shards?.tables.get(table) ?? `"${table}"`;
  const part = (table: string, where: string) =>
    `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text AS f FROM ${source(table)} x WHERE ${where}`;
  const statement = [part('Company', 'x.id = $1'), ...tables.map((table) => part(table, 'x."companyId" = $1'))].join('\nUNION ALL\n');
  const toFingerprint = (rows: Array<{ t: string; f: string }>): Fingerprint => new Map(rows.map((row) => [row.t, row.f]));
  if (!url) return { read: async () => toFingerprint(await sql.queryPrepared(statement, [companyId])), close: async () => {} };
  const connectionString = new URL(url);
  if (shards) {
    connectionString.hostname = shards.host;
    connectionString.port = String(shards.port);
  }
  const client = new pg.Client({ connectionString: connectionString.toString() });
  await client.connect();
  return {
    read: async () => toFingerprint((await client.query<{ t: string; f: string }>({ name: 'data-fingerprint', text: statement, values: [companyId] })).rows),
    close: () => client.end(),
  };
}

/** The worker that holds the company's rows, and per table the shard there (a reference table's copy for `Company`). */
async function companyShards(sql: SqlRunner, tables: string[], companyId: number) {
  const placements = await sql.query<{ table: string; shard: string; host: string; port: number; reference: boolean }>(
    `SELECT t.name AS "table", shard_name(quote_ident(t.name)::regclass, s.shardid) AS shard, n.nodename AS host, n.nodeport AS port,
            d.partmethod = 'n' AS reference
     FROM unnest($1::text[]) AS t(name)
     JOIN pg_dist_partition d ON d.logicalrelid = quote_ident(t.name)::regclass
     CROSS JOIN LATERAL (SELECT get_shard_id_for_distribution_column(d.logicalrelid, $2::int) AS shardid) s
     JOIN pg_dist_placement p ON p.shardid = s.shardid
     JOIN pg_dist_node n ON n.groupid = p.groupid`,
    [tables, companyId],
  );
  const owned = placements.filter((placement) => !placement.reference);
  const { host, port } = owned[0]!;
  const onWorker = placements.filter((placement) => placement.host === host && placement.port === port);
  const missing = tables.filter((table) => !onWorker.some((placement) => placement.table === table));
  if (missing.length > 0) throw new Error(`the company's rows of ${missing.join(', ')} are not on ${host}:${port} with the others`);
  return { host, port, tables: new Map(onWorker.map((placement) => [placement.table, placement.shard])) };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
}
