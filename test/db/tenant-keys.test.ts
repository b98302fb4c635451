// The tenant-first key rules, on a database built from the committed migrations: every company-owned
// table keyed (companyId, id), companyId in every unique index, foreign keys joined on companyId. Also: the
// database itself refuses a row of one company that points at another company's row, and the Citus plan
// covers every company-owned table in dependency order (through the real CLI too).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { distributionPlan, UndistributableSchemaError } from '../../src/db/distribution-plan.js';
import { readKeyCatalog, type KeyCatalog } from '../../src/db/key-catalog.js';
import { UNOWNED_TABLES } from '../../src/db/table-roles.js';
import { TENANT_MODELS } from '../../src/db/tenant-client.js';
import { tenantKeyViolations } from '../../src/db/tenant-key-rules.js';
import { runCli } from '../support/cli.js';
import { openTestDatabase } from '../support/test-database.js';

let database: Database;
let catalog: KeyCatalog;

beforeAll(async () => {
  database = await openTestDatabase();
  catalog = await readKeyCatalog(database.sql);
});

afterAll(() => database?.close());

/** The SQLSTATE of the error a statement ends with, or 'ok'. */
async function outcome(sql: string, params: unknown[] = []): Promise<string> {
  try {
    await database.sql.query(sql, params);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('tenant-first keys on a database built from the migrations', () => {
  it('every table is company-owned or listed in src/db/table-roles.ts, and the company-owned ones are the models with companyId', () => {
    const tables = catalog.tables.map((t) => t.name);
    const owned = catalog.tables.filter((t) => t.columns.includes('companyId')).map((t) => t.name);
    expect(owned.sort()).toEqual([...TENANT_MODELS].sort());
    expect(tables.filter((t) => !owned.includes(t)).sort()).toEqual(Object.keys(UNOWNED_TABLES).sort());
  });

  it('keeps every rule: (companyId, id) primary keys, companyId in unique indexes, foreign keys on companyId', () => {
    expect(tenantKeyViolations(catalog)).toEqual([]);
    // Spot checks of what the rules mean, read straight from the catalog.
    expect(catalog.uniqueIndexes.find((i) => i.table === 'Product' && i.primary)?.columns).toEqual(['companyId', 'id']);
    expect(catalog.uniqueIndexes.find((i) => i.table === 'ProductTag' && i.primary)?.columns).toEqual(['companyId', 'productId', 'tagId']);
    expect(catalog.foreignKeys.find((k) => k.table === 'StockMovement' && k.referencedTable === 'Product')).toMatchObject({
      columns: ['companyId', 'productId'],
      referencedColumns: ['companyId', 'id'],
    });
    expect(catalog.foreignKeys.filter((k) => k.onDelete === 'n' || k.onDelete === 'd')).toEqual([]);
  });

  it('names each breach: a table keyed by id alone, a unique index without companyId, foreign keys that do not join companyId or set null', async () => {
    await database.sql.exec(`
      CREATE TABLE "Unlisted" ("id" SERIAL PRIMARY KEY);
      CREATE TABLE "BadThing" (
        "id" SERIAL PRIMARY KEY,
        "companyId" INTEGER NOT NULL,
        "productId" INTEGER,
        "code" TEXT UNIQUE,
        CONSTRAINT "BadThing_crossed_fkey" FOREIGN KEY ("productId", "companyId") REFERENCES "Product" ("companyId", "id"),
        CONSTRAINT "BadThing_setnull_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product" ("companyId", "id") ON DELETE SET NULL ON UPDATE CASCADE
      );`);
    try {
      const violations = tenantKeyViolations(await readKeyCatalog(database.sql));
      expect(violations).toEqual(
        expect.arrayContaining([
          'table "Unlisted" has no companyId and is not listed in src/db/table-roles.ts',
          'table "BadThing" has the primary key (id), not (companyId, id)',
          'unique index "BadThing_code_key" on "BadThing" (code) does not include companyId',
          expect.stringMatching(/^foreign key "BadThing_crossed_fkey" .* does not join companyId to companyId$/),
          expect.stringMatching(/^foreign key "BadThing_setnull_fkey" .* sets null or a default on delete/),
          expect.stringMatching(/^foreign key "BadThing_setnull_fkey" .* changes the referencing row on update/),
        ]),
      );
      expect(violations).toHaveLength(6);
      const breaking = await readKeyCatalog(database.sql);
      expect(() => distributionPlan(breaking)).toThrow(UndistributableSchemaError);
    } finally {
      await database.sql.exec(`DROP TABLE "BadThing"; DROP TABLE "Unlisted";`);
    }
    expect(tenantKeyViolations(await readKeyCatalog(database.sql))).toEqual([]);
  });

  it('refuses, through raw SQL, a row of company B that points at a product or location of company A', async () => {
    const [a, b] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Company" ("slug", "name", "updatedAt") VALUES ('keys-a', 'A', now()), ('keys-b', 'B', now()) RETURNING "id"`,
    );
    const [product] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Product" ("companyId", "name", "sku", "updatedAt") VALUES ($1, 'Widget', 'W-1', now()) RETURNING "id"`,
      [a!.id],
    );
    const [location] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Location" ("companyId", "name", "updatedAt") VALUES ($1, 'Main', now()) RETURNING "id"`,
      [a!.id],
    );
    const lot = `INSERT INTO "Lot" ("companyId", "productId", "lotNumber", "updatedAt") VALUES ($1, $2, 'L1', now())`;
    const movement = `INSERT INTO "StockMovement" ("companyId", "productId", "locationId", "quantity", "reason", "sourceType")
                      VALUES ($1, $2, $3, 1, 'test', 'ADJUSTMENT')`;
    const bin = `INSERT INTO "Location" ("companyId", "name", "parentId", "updatedAt") VALUES ($1, 'Bin', $2, now())`;

    // 23503: foreign_key_violation. The same rows for company A go in, so only the company is wrong.
    expect(await outcome(lot, [b!.id, product!.id])).toBe('23503');
    expect(await outcome(movement, [b!.id, product!.id, location!.id])).toBe('23503');
    expect(await outcome(bin, [b!.id, location!.id])).toBe('23503');
    expect(await outcome(lot, [a!.id, product!.id])).toBe('ok');
    expect(await outcome(movement, [a!.id, product!.id, location!.id])).toBe('ok');
    expect(await outcome(bin, [a!.id, location!.id])).toBe('ok');
  });

  it('refuses to delete a warehouse group that a warehouse still names: the domain clears the reference first (no SET NULL)', async () => {
    const [company] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Company" ("slug", "name", "updatedAt") VALUES ('keys-groups', 'G', now()) RETURNING "id"`,
    );
    const [group] = await database.sql.query<{ id: number }>(
      `INSERT INTO "WarehouseGroup" ("companyId", "name", "updatedAt") VALUES ($1, 'East', now()) RETURNING "id"`,
      [company!.id],
    );
    await database.sql.query(`INSERT INTO "Location" ("companyId", "name", "warehouseGroupId", "updatedAt") VALUES ($1, 'W', $2, now())`, [
      company!.id,
      group!.id,
    ]);
    // ON DELETE RESTRICT: restrict_violation (23001) on PGlite, foreign_key_violation (23503) on PostgreSQL 15.
    // DELETE /warehouse-groups/{id} clears the warehouses first (test/rest/inventory-warehouse-groups.test.ts).
    const deleted = await outcome(`DELETE FROM "WarehouseGroup" WHERE "companyId" = $1 AND "id" = $2`, [company!.id, group!.id]);
    expect(['23001', '23503']).toContain(deleted);
  });
});

describe('the Citus distribution plan', () => {
  it('distributes every company-owned table by companyId, after the tables it references, and shares the rest', () => {
    const plan = distributionPlan(catalog);
    const position = new Map<string, number>();
    plan.forEach((line, index) => {
      const table = /^SELECT create_(?:distributed|reference)_table\('"(\w+)"'/.exec(line)?.[1];
      if (table) position.set(table, index);
    });
    for (const table of TENANT_MODELS) {
      expect(plan[position.get(table)!]).toMatch(new RegExp(`^SELECT create_distributed_table\\('"${table}"', 'companyId'(, colocate_with => '"\\w+"')?\\);$`));
    }
    expect(plan.filter((line) => line.startsWith('SELECT create_distributed_table')).length).toBe(TENANT_MODELS.size);
    expect(plan[position.get('Company')!]).toMatch(/^SELECT create_reference_table\('"Company"'\);/);
    expect(plan.some((line) => line.includes('"_service_migrations" stays a local table'))).toBe(true);
    for (const key of catalog.foreignKeys) {
      if (key.table !== key.referencedTable) expect(position.get(key.referencedTable)!).toBeLessThan(position.get(key.table)!);
    }
    // Every foreign key is dropped before the first table is distributed and added again, whole, after the last.
    const first = Math.min(...position.values());
    const last = Math.max(...position.values());
    for (const key of catalog.foreignKeys) {
      const dropped = plan.indexOf(`ALTER TABLE "${key.table}" DROP CONSTRAINT "${key.name}";`);
      const added = plan.findIndex((line) => line.startsWith(`ALTER TABLE "${key.table}" ADD CONSTRAINT "${key.name}" FOREIGN KEY (`));
      expect(dropped, key.name).toBeGreaterThan(-1);
      expect(dropped).toBeLessThan(first);
      expect(added, key.name).toBeGreaterThan(last);
      expect(plan[added]).toContain(`REFERENCES "${key.referencedTable}"(${key.referencedColumns.map((c) => `"${c}"`).join(', ')})`);
    }
  });

  it('is empty once every table is distributed, and names only the tables still to distribute', () => {
    const all = new Set(catalog.tables.map((table) => table.name));
    expect(distributionPlan(catalog, all, 'Product')).toEqual([]);
    const allButOne = new Set([...all].filter((name) => name !== 'StockMovement'));
    const plan = distributionPlan(catalog, allButOne, 'Product');
    expect(plan.filter((line) => line.startsWith('SELECT create_'))).toEqual([
      `SELECT create_distributed_table('"StockMovement"', 'companyId', colocate_with => '"Product"');`,
    ]);
    // Only the keys that touch it are dropped and added again.
    const touching = catalog.foreignKeys.filter((key) => key.table === 'StockMovement' || key.referencedTable === 'StockMovement');
    expect(plan.filter((line) => line.includes('DROP CONSTRAINT')).length).toBe(touching.length);
  });

  it('is printed by `npm run cli -- db:distribution-plan`', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-plan-'));
    try {
      const result = await runCli(dataDir, 'db:distribution-plan');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const printed = result.stdout.trim().split('\n');
      expect(printed).toEqual(distributionPlan(catalog));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
