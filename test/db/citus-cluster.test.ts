// The service on a Citus cluster (issue 31; runs in the Citus pass only, scripts/with-citus.sh): the migrations
// leave every company-owned table distributed by companyId and co-located, the shared tables as reference
// tables and every foreign key in place; a later migration that adds a table, a column, an index and a foreign
// key keeps it so; a company's rows live on one worker; and the statements of a request made through the
// company's host — the token check, a products page, a posting, a stock export page, a document's answer — each
// run as one task on one shard (the database is told to refuse any statement that needs more than one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { readDistribution } from '../../src/db/citus.js';
import { distributionPlan } from '../../src/db/distribution-plan.js';
import { readKeyCatalog } from '../../src/db/key-catalog.js';
import { applyMigrations, readMigrations } from '../../src/db/migrations.js';
import { ownershipOf } from '../../src/db/tenant-key-rules.js';
import { onCitus } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { serverForFile, databaseForTests } from '../support/file-server.js';
import { restClient } from '../support/rest-client.js';

describe.skipIf(!onCitus)('on a Citus cluster', () => {
  const database = databaseForTests();

  it('distributes every company-owned table by companyId, co-located, with the shared tables as reference tables and every key in place', async () => {
    const catalog = await readKeyCatalog(database.sql);
    const placed = await database.sql.query<{ name: string; method: string; column: string | null; colocation: number }>(
      `SELECT c.relname AS name, p.partmethod AS method, column_to_column_name(p.logicalrelid, p.partkey) AS column, p.colocationid AS colocation
         FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid`,
    );
    const byName = new Map(placed.map((row) => [row.name, row]));
    const owned = catalog.tables.filter((table) => ownershipOf(catalog, table.name) === 'company');
    expect(owned.length).toBeGreaterThan(100);
    for (const table of owned) expect(byName.get(table.name), table.name).toMatchObject({ method: 'h', column: 'companyId' });
    expect(new Set(owned.map((table) => byName.get(table.name)!.colocation)).size).toBe(1);
    expect(byName.get('Company')).toMatchObject({ method: 'n' });
    expect(byName.has('_service_migrations')).toBe(false);
    // The single-node schema's keys and indexes: the same migrations on PGlite.
    const single = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const expected = await readKeyCatalog(single.sql);
      expect(catalog.foreignKeys.map((key) => key.name).sort()).toEqual(expected.foreignKeys.map((key) => key.name).sort());
      expect(catalog.uniqueIndexes.map((index) => index.name).sort()).toEqual(expected.uniqueIndexes.map((index) => index.name).sort());
      const indexes = `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`;
      expect(await database.sql.query(indexes)).toEqual(await single.sql.query(indexes));
    } finally {
      await single.close();
    }
    const { tables, anchor } = await readDistribution(database.sql);
    expect(distributionPlan(catalog, tables, anchor)).toEqual([]);
  });

  it('keeps the cluster distributed through a later migration that adds a table, a column, an index and a foreign key', async () => {
    const sql = `
      CREATE TABLE "CitusProbe" (
        "id" SERIAL NOT NULL, "companyId" INTEGER NOT NULL, "productId" INTEGER NOT NULL, "note" TEXT,
        CONSTRAINT "CitusProbe_pkey" PRIMARY KEY ("companyId", "id")
      );
      CREATE INDEX "CitusProbe_companyId_productId_idx" ON "CitusProbe"("companyId", "productId");
      ALTER TABLE "CitusProbe" ADD CONSTRAINT "CitusProbe_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId")
        REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
      ALTER TABLE "Product" ADD COLUMN "citusProbe" TEXT;`;
    const probe = { name: '29991231000000_citus_probe', sql, checksum: createHash('sha256').update(sql).digest('hex') };
    expect(await applyMigrations(database.sql, [...readMigrations(), probe])).toEqual([probe.name]);

    const [row] = await database.sql.query<{ method: string; colocated: boolean }>(
      `SELECT p.partmethod AS method, p.colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = '"Product"'::regclass) AS colocated
         FROM pg_dist_partition p WHERE p.logicalrelid = '"CitusProbe"'::regclass`,
    );
    expect(row).toEqual({ method: 'h', colocated: true });
    // On the shards too: the new column takes a value, and the foreign key refuses a product that is not there.
    const [company] = await database.sql.query<{ id: number }>(`INSERT INTO "Company" (slug, name, "updatedAt") VALUES ('probe', 'Probe', now()) RETURNING id`);
    const [product] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Product" ("companyId", name, sku, "citusProbe", "updatedAt") VALUES ($1, 'Probe', 'PROBE-1', 'on the shard', now()) RETURNING id`,
      [company!.id],
    );
    await database.sql.query(`INSERT INTO "CitusProbe" ("companyId", "productId") VALUES ($1, $2)`, [company!.id, product!.id]);
    await expect(database.sql.query(`INSERT INTO "CitusProbe" ("companyId", "productId") VALUES ($1, $2)`, [company!.id, product!.id + 1000])).rejects.toThrow(/foreign key/);
    const placements = await database.sql.query<{ result: string }>(
      `SELECT result FROM run_command_on_placements('"CitusProbe"', $$SELECT count(*) FROM pg_index WHERE indrelid = '%s'::regclass AND indkey::text = '2 3'$$)`,
    );
    expect(placements.length).toBeGreaterThan(0);
    for (const placement of placements) expect(placement.result).toBe('1');
  });
});

describe.skipIf(!onCitus)("a company's requests on a Citus cluster", () => {
  const { server: setup, companies: { acme }, post } = serverForFile(['acme', 'globex']);
  let strictDatabase: Database;
  let strict: TestServer;

  beforeAll(async () => {
    const product = await post('/products', { name: 'Widget', sku: 'W-1' });
    const location = await post('/locations', { name: 'Main' });
    await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: location.id, quantity: 10, unit_cost: 2 }] });

    // From now on the database refuses any statement that Citus would run as more than one task.
    const url = setup.database.url!;
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`ALTER DATABASE "${name}" SET citus.multi_task_query_log_level = 'error'`);
    await admin.end();
    strictDatabase = await openDatabase({ kind: 'postgres', url }, { migrate: false });
    strict = await startTestServer({ database: strictDatabase });
  });
  // Before the set-up server (afterAll hooks run last registered first): the strict one shares its database.
  afterAll(() => strict?.close());

  it("keeps the company's rows on one worker", async () => {
    const nodes = await setup.database.sql.query<{ node: string }>(
      `SELECT DISTINCT n.nodename || ':' || n.nodeport AS node
         FROM pg_dist_partition p
         JOIN pg_dist_placement pl ON pl.shardid = get_shard_id_for_distribution_column(p.logicalrelid, $1::int)
         JOIN pg_dist_node n ON n.groupid = pl.groupid
        WHERE p.partmethod = 'h'`,
      [acme.companyId],
    );
    expect(nodes).toHaveLength(1);
  });

  it('runs the statements of a request through the company host on one shard each', async () => {
    const { api: call } = restClient(() => ({ server: strict, tenant: acme }));
    const page = await call('GET', '/products?per_page=50&sku=W-1');
    expect(page.status, page.text).toBe(200);
    expect(page.body.data).toHaveLength(1);
    const productId = page.body.data[0].id;
    const locations = await call('GET', '/locations');
    expect(locations.status, locations.text).toBe(200);
    const posted = await call('POST', '/inventory/adjustments', { lines: [{ product_id: productId, location_id: locations.body.data[0].id, quantity: -3 }] });
    expect(posted.status, posted.text).toBe(201);
    const exported = await call('GET', '/inventory/stocks/export');
    expect(exported.status, exported.text).toBe(200);
    const document = await call('GET', `/inventory/adjustments/${posted.body.data.id}`);
    expect(document.status, document.text).toBe(200);
    // A statement Citus collects on the coordinator and copies in commits in two phases, and locks every company's
    // shards while it runs: the reads did not write one (the request counter once was one, on every request).
    const twoPhase = () => strictDatabase.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_dist_transaction`).then((rows) => rows[0]!.n);
    const before = await twoPhase();
    for (const path of ['/products?per_page=50', '/locations', `/inventory/adjustments/${posted.body.data.id}`]) expect((await call('GET', path)).status).toBe(200);
    expect(await twoPhase()).toBe(before);
    // A statement across shards is refused, which is what the answers above did not meet.
    const sessions = await strictDatabase.sql.query<{ level: string }>(`SELECT current_setting('citus.multi_task_query_log_level') AS level`);
    expect(sessions[0]!.level).toBe('error');
    await expect(strictDatabase.sql.query(`SELECT count(*) FROM "Product"`)).rejects.toThrow(/multi-task|more than one task|tasks/i);
  });
});
