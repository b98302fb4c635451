// Whether a product has history that other records keep pointing at, so deleting it must only deactivate
// it. For now that is: it (or one of its variants) is a component of a kit, an item of a BOM, or has
// supplier SKUs, or has stock movements in the ledger (or lots, adjustment or transfer lines), or is on a
// purchase order, a bill, a vendor return, a price list or a sales order. New documents extend this one check.
import type { TenantTx } from '../../db/tenant-client.js';

export async function productHasHistory(tx: TenantTx, id: number): Promise<boolean> {
  const family = { OR: [{ id }, { parentProductId: id }] };
  // One after the other (a transaction client runs one query at a time), stopping at the first record found.
  const checks = [
    () => tx.kitItem.count({ where: { product: family } }),
    () => tx.bomItem.count({ where: { product: family } }),
    () => tx.supplierSku.count({ where: { product: family } }),
    () => tx.stockMovement.count({ where: { product: family } }),
    () => tx.inventoryAdjustmentLine.count({ where: { product: family } }),
    () => tx.transferOrderLine.count({ where: { product: family } }),
    () => tx.purchaseOrderLine.count({ where: { product: family } }),
    () => tx.billLine.count({ where: { product: family } }),
    () => tx.vendorReturnLine.count({ where: { product: family } }),
    () => tx.priceListEntry.count({ where: { product: family } }),
    () => tx.salesOrderLine.count({ where: { product: family } }),
  ];
  for (const count of checks) if ((await count()) > 0) return true;
  return false;
}
