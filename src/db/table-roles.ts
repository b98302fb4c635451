// Which company owns a table. The one list of the tables that no company owns, with their role; every other
// table is company-owned: it has a `companyId` column, the primary key (companyId, id), unique indexes that
// include companyId and foreign keys between company-owned tables that join on companyId too
// (src/db/tenant-key-rules.ts holds a database to these rules, and a test holds the migrations to them).

/** The migration runner's bookkeeping table (src/db/migrations.ts). */
export const MIGRATIONS_TABLE = '_service_migrations';

/** The column that names the owning company in every company-owned table (Citus's distribution column). */
export const TENANT_COLUMN = 'companyId';

/**
 * - `root`: the companies themselves. Small and read on every request (host → company), with a slug unique
 *   across all companies, so under Citus it is a reference table copied to every worker.
 * - `reference`: global reference data that no company owns (currency codes and the like, when they come):
 *   a reference table under Citus.
 * - `local`: the service's own bookkeeping, which stays on the coordinator and is never distributed.
 */
export type UnownedTableRole = 'root' | 'reference' | 'local';

export interface UnownedTable {
  role: UnownedTableRole;
  why: string;
}

export const UNOWNED_TABLES: Readonly<Record<string, UnownedTable>> = {
  Company: { role: 'root', why: 'the tenants: every company-owned row belongs to one of them' },
  [MIGRATIONS_TABLE]: { role: 'local', why: 'migration bookkeeping of the runner in src/db/migrations.ts' },
};
