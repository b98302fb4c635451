// The Citus statements that distribute the current schema: reference tables first, then every
// company-owned table distributed by companyId and co-located with the others, each after the tables its
// foreign keys point at (Citus needs a referenced table distributed first). Local tables stay on the
// coordinator. A schema that breaks the tenant-key rules gets no plan.
import type { KeyCatalog } from './key-catalog.js';
import { tenantKeyViolations, ownershipOf } from './tenant-key-rules.js';
import { TENANT_COLUMN, UNOWNED_TABLES } from './table-roles.js';

export class UndistributableSchemaError extends Error {
  constructor(readonly violations: string[]) {
    super(`The schema breaks the tenant-key rules, so Citus cannot distribute it:\n${violations.map((v) => `  - ${v}`).join('\n')}`);
  }
}

const quoted = (table: string) => `'"${table.replaceAll('"', '""')}"'`;

export function distributionPlan(catalog: KeyCatalog): string[] {
  const violations = tenantKeyViolations(catalog);
  if (violations.length > 0) throw new UndistributableSchemaError(violations);

  const names = catalog.tables.map((table) => table.name);
  const byRole = (role: string) => names.filter((name) => ownershipOf(catalog, name) === role);
  const shared = dependencyOrder([...byRole('root'), ...byRole('reference')], catalog);
  const owned = dependencyOrder(byRole('company'), catalog);
  const anchor = owned[0];

  return [
    '-- Citus distribution plan for the current schema (npm run cli -- db:distribution-plan).',
    '-- Run on the coordinator after CREATE EXTENSION citus and citus_add_node() for each worker; existing rows are copied.',
    ...byRole('local').map((name) => `-- "${name}" stays a local table on the coordinator: ${UNOWNED_TABLES[name]!.why}.`),
    ...shared.map((name) => `SELECT create_reference_table(${quoted(name)}); -- ${UNOWNED_TABLES[name]!.role}: ${UNOWNED_TABLES[name]!.why}`),
    `-- Company-owned tables: sharded by ${TENANT_COLUMN}, all co-located with the first, so a company's rows live on one worker.`,
    ...owned.map((name) =>
      name === anchor
        ? `SELECT create_distributed_table(${quoted(name)}, '${TENANT_COLUMN}');`
        : `SELECT create_distributed_table(${quoted(name)}, '${TENANT_COLUMN}', colocate_with => ${quoted(anchor!)});`,
    ),
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
