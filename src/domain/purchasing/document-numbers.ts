// Human numbers of business documents (`PO-000001`), from a per-company sequence per kind. The increment
// runs inside the caller's transaction and holds the sequence row until it ends, so concurrent documents
// get one number each; a number is never given twice.
import type { TenantTx } from '../../db/tenant-client.js';

export async function nextDocumentNumber(tx: TenantTx, kind: string, prefix: string): Promise<string> {
  let bumped = await tx.documentSequence.updateManyAndReturn({ where: { kind }, data: { lastValue: { increment: 1 } } });
  if (bumped.length === 0) {
    // The company's first document of this kind: create the row (a concurrent first creates it once), then bump.
    await tx.documentSequence.createMany({ data: [{ kind, lastValue: 0 } as any], skipDuplicates: true });
    bumped = await tx.documentSequence.updateManyAndReturn({ where: { kind }, data: { lastValue: { increment: 1 } } });
  }
  return `${prefix}-${String(bumped[0]!.lastValue).padStart(6, '0')}`;
}
