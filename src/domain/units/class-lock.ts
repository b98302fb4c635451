// Serialises the changes to one class's units and rules (which unit is the base, one system rule per unit,
// the re-expression of factors): each command touching a class first updates the class row, which holds
// PostgreSQL's row lock until its transaction ends, so a concurrent command on the same class waits and
// then sees the first one's result. PGlite runs one transaction at a time anyway.
import type { TenantTx } from '../../db/tenant-client.js';

/** Locks the classes in ascending id order (no deadlock between two commands); false when one is gone. */
export async function lockUnitClasses(tx: TenantTx, ...ids: number[]): Promise<boolean> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const { count } = await tx.unitClass.updateMany({ where: { id }, data: { updatedAt: new Date() } });
    if (count === 0) return false;
  }
  return true;
}
