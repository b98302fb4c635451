// The statements that distribute the tables of the current schema that Citus does not distribute yet: what
// the migration runner runs on a Citus coordinator after the migrations (src/db/citus.ts), and what
// `db:distribution-plan` prints. Reference tables first, then every company-owned table distributed by
// companyId and co-located with the others. Citus refuses to distribute a table that a foreign key ties to a
// table it does not manage yet, so the foreign keys that touch those tables are dropped first and added again
// at the end, as they were. Local tables stay on the coordinator. A schema that breaks the tenant-key rules
// gets no plan.
import pg from 'pg';
import type { CatalogForeignKey, ForeignKeyAction, KeyCatalog } from './key-catalog.js';
import { tenantKeyViolations, ownershipOf } from './tenant-key-rules.js';
import { TENANT_COLUMN, UNOWNED_TABLES } from './table-roles.js';

export class UndistributableSchemaError extends Error {
  constructor(readonly violations: string[]) {
    super(`The schema breaks the tenant-key rules, so Citus cannot distribute it:\n${violations.map((v) => `  - ${v}`).join('\n')}`);
  }
}

const identifier = (name: string) => pg.escapeIdentifier(name);
/** A table's name as the text argument Citus's functions take: '"Product"'. */
const quoted = (table: string) => pg.escapeLiteral(identifier(table));
const columns = (names: string[]) => names.map(identifier).join(', ');

const ACTIONS: Record<ForeignKeyAction, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

function addForeignKey(key: CatalogForeignKey): string {
  return (
    `ALTER TABLE ${identifier(key.table)} ADD CONSTRAINT ${identifier(key.name)} FOREIGN KEY (${columns(key.columns)}) ` +
    `REFERENCES ${identifier(key.referencedTable)}(${columns(key.referencedColumns)}) ON DELETE ${ACTIONS[key.onDelete]} ON UPDATE ${ACTIONS[key.onUpdate]};`
  );
}

/**
 * @param distributed the tables Citus already manages (pg_dist_partition), none on a database not yet on Citus
 * @param anchor the distributed table the new ones are co-located with, when there is one already
 */
export function distributionPlan(catalog: KeyCatalog, distributed: ReadonlySet<string> = new Set(), anchor?: string): string[] {
  const violations = tenantKeyViolations(catalog);
  if (violations.length > 0) throw new UndistributableSchemaError(violations);

  const names = catalog.tables.map((table) => table.name).filter((name) => !distributed.has(name));
  const byRole = (role: string) => names.filter((name) => ownershipOf(catalog, name) === role);
  const shared = dependencyOrder([...byRole('root'), ...byRole('reference')], catalog);
  const owned = dependencyOrder(byRole('company'), catalog);
  if (shared.length + owned.length === 0) return [];
  const moving = new Set([...shared, ...owned]);
  const keys = catalog.foreignKeys.filter((key) => moving.has(key.table) || moving.has(key.referencedTable));
  const colocateWith = anchor ?? owned[0];

  return [
    '-- Citus distribution of the tables not distributed yet (npm run cli -- db:distribution-plan). The service runs',
    '-- it on a Citus coordinator after its migrations, in their transaction; existing rows are copied to the shards.',
    ...byRole('local').map((name) => `-- "${name}" stays a local table on the coordinator: ${UNOWNED_TABLES[name]!.why}.`),
    ...keys.map((key) => `ALTER TABLE ${identifier(key.table)} DROP CONSTRAINT ${identifier(key.name)};`),
    ...shared.map((name) => `SELECT create_reference_table(${quoted(name)}); -- ${UNOWNED_TABLES[name]!.role}: ${UNOWNED_TABLES[name]!.why}`),
    ...(owned.length > 0 ? [`-- Company-owned tables: sharded by ${TENANT_COLUMN}, all co-located, so a company's rows live on one worker.`] : []),
    ...owned.map((name) =>
      name === colocateWith
        ? `SELECT create_distributed_table(${quoted(name)}, '${TENANT_COLUMN}');`
        : `SELECT create_distributed_table(${quoted(name)}, '${TENANT_COLUMN}', colocate_with => ${quoted(colocateWith!)});`,
    ),
    ...keys.map(addForeignKey),
  ];
}

/** The tables ordered so that each comes after the tables it references (self-references aside). */
function dependencyOrder(tables: string[], catalog: KeyCatalog): string[] {
  const wanted = new Set(tables);
  const pending = new Map(
    [...tables].sort().map((table) => [
      table,
      new Set(
        catalog.foreignKeys
          .filter((key) => key.table === table && key.referencedTable !== table && wanted.has(key.referencedTable))
          .map((key) => key.referencedTable),
      ),
    ]),
  );
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].find(([, needs]) => [...needs].every((need) => !pending.has(need)));
    // A cycle of foreign keys between tables: Citus cannot take them in any order either.
    if (!ready) throw new UndistributableSchemaError([`foreign keys form a cycle between ${[...pending.keys()].join(', ')}`]);
    ordered.push(ready[0]);
    pending.delete(ready[0]);
  }
  return ordered;
}
