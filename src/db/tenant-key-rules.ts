// The tenant-first key rules, checked against a schema's catalog. They are what Citus needs to shard every
// company-owned table by companyId with a company's rows together, and they make a row that points at
// another company's row impossible in the database:
//   1. a company-owned table has the primary key (companyId, id), companyId first (a link table without an id:
//      a primary key that starts with companyId);
//   2. every unique index of a company-owned table includes companyId;
//   3. every foreign key between company-owned tables joins companyId to companyId, never sets null or a
//      default on delete (that would clear companyId too) and never cascades an update of the key.
// A table without companyId must be listed in src/db/table-roles.ts with its role.
import type { CatalogForeignKey, KeyCatalog } from './key-catalog.js';
import { TENANT_COLUMN, UNOWNED_TABLES } from './table-roles.js';

export type TableOwnership = 'company' | 'root' | 'reference' | 'local' | 'unlisted';

export function ownershipOf(catalog: KeyCatalog, table: string): TableOwnership {
  const listed = UNOWNED_TABLES[table];
  if (listed) return listed.role;
  const columns = catalog.tables.find((t) => t.name === table)?.columns ?? [];
  return columns.includes(TENANT_COLUMN) ? 'company' : 'unlisted';
}

/** Every breach of the rules, one readable line each; empty when the schema keeps them all. */
export function tenantKeyViolations(catalog: KeyCatalog): string[] {
  const violations: string[] = [];
  const owned = (table: string) => ownershipOf(catalog, table) === 'company';

  for (const table of catalog.tables) {
    const ownership = ownershipOf(catalog, table.name);
    if (ownership === 'unlisted') {
      violations.push(`table "${table.name}" has no ${TENANT_COLUMN} and is not listed in src/db/table-roles.ts`);
    }
    // On Citus a shard is named after its table and a number ("Product_102008"); the audit trigger, which fires
    // on the shard, strips that suffix to name the table (migration 20261128020000).
    if (/_[0-9]+$/.test(table.name)) violations.push(`table "${table.name}" ends in an underscore and digits, which Citus's shard names add`);
    if (ownership !== 'company') continue;
    const primary = catalog.uniqueIndexes.find((index) => index.table === table.name && index.primary);
    const wanted = table.columns.includes('id') ? [TENANT_COLUMN, 'id'] : null;
    if (!primary) {
      violations.push(`table "${table.name}" has no primary key`);
    } else if (wanted ? primary.columns.join() !== wanted.join() : primary.columns[0] !== TENANT_COLUMN) {
      const expected = wanted ? `(${wanted.join(', ')})` : `one that starts with ${TENANT_COLUMN}`;
      violations.push(`table "${table.name}" has the primary key (${primary.columns.join(', ')}), not ${expected}`);
    }
  }

  for (const index of catalog.uniqueIndexes) {
    if (!index.primary && owned(index.table) && !index.columns.includes(TENANT_COLUMN)) {
      violations.push(`unique index "${index.name}" on "${index.table}" (${index.columns.join(', ')}) does not include ${TENANT_COLUMN}`);
    }
  }

  for (const key of catalog.foreignKeys) violations.push(...foreignKeyViolations(catalog, key));
  return violations;
}

function foreignKeyViolations(catalog: KeyCatalog, key: CatalogForeignKey): string[] {
  const from = ownershipOf(catalog, key.table);
  const to = ownershipOf(catalog, key.referencedTable);
  const name = `foreign key "${key.name}" (${key.table}(${key.columns.join(', ')}) → ${key.referencedTable}(${key.referencedColumns.join(', ')}))`;
  const found: string[] = [];
  if (from !== 'company') {
    if (to === 'company') found.push(`${name} points from a table no company owns at a company-owned table`);
    return found;
  }
  if (to === 'local' || to === 'unlisted') found.push(`${name} points at a table that is neither company-owned nor shared`);
  if (key.onUpdate === 'c' || key.onUpdate === 'n' || key.onUpdate === 'd') {
    found.push(`${name} changes the referencing row on update; use RESTRICT or NO ACTION`);
  }
  if (to === 'company') {
    const position = key.columns.indexOf(TENANT_COLUMN);
    if (position === -1 || key.referencedColumns[position] !== TENANT_COLUMN) {
      found.push(`${name} does not join ${TENANT_COLUMN} to ${TENANT_COLUMN}`);
    }
    if (key.onDelete === 'n' || key.onDelete === 'd') {
      found.push(`${name} sets null or a default on delete, which would clear ${TENANT_COLUMN}; clear the reference in the domain`);
    }
  }
  if (to === 'root' && (key.columns.join() !== TENANT_COLUMN || key.referencedColumns.join() !== 'id')) {
    found.push(`${name} should be (${TENANT_COLUMN}) → ${key.referencedTable}(id)`);
  }
  return found;
}
