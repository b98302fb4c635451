// Test helper: writes stock straight into the ledger tables (movement + balance + FIFO layer), consistent
// with each other, without going through the posting service. Used by the quantities and export tests to
// set up exact situations (a given layer cost, a shipped transfer) without depending on other documents.
import type { TenantDb } from '../../src/db/tenant-client.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { byId } from '../../src/db/tenant-client.js';

export interface DirectStock {
  productId: number;
  locationId: number;
  lotId?: number | null;
  quantity: number | string;
  unitCost?: number | string;
  landedUnitCost?: number | string;
  receivedAt?: Date;
}

/** One movement and its balance change; an increase opens a layer, a decrease consumes layers oldest first. */
export async function insertStock(db: TenantDb, stock: DirectStock): Promise<number> {
  return db.$transaction(async (tx) => {
    const quantity = new Prisma.Decimal(String(stock.quantity));
    const lotId = stock.lotId ?? null;
    const movement = await tx.stockMovement.create({
      data: {
        productId: stock.productId,
        locationId: stock.locationId,
        lotId,
        quantity,
        unitCost: stock.unitCost === undefined ? null : String(stock.unitCost),
        reason: 'test',
        sourceType: 'TEST',
      } as any,
    });
    const key = { productId: stock.productId, locationId: stock.locationId, lotKey: lotId ?? 0 };
    const balance = await tx.stockBalance.findFirst({ where: key });
    if (balance) await tx.stockBalance.update({ where: byId(balance.id), data: { quantity: balance.quantity.plus(quantity) } });
    else await tx.stockBalance.create({ data: { ...key, lotId, quantity } as any });

    if (quantity.gt(0)) {
      const unitCost = String(stock.unitCost ?? 0);
      await tx.costLayer.create({
        data: {
          productId: stock.productId,
          locationId: stock.locationId,
          lotId,
          movementId: movement.id,
          receivedAt: stock.receivedAt ?? new Date(),
          originalQuantity: quantity,
          remainingQuantity: quantity,
          unitCost,
          landedUnitCost: String(stock.landedUnitCost ?? unitCost),
        } as any,
      });
    } else {
      let left = quantity.neg();
      const layers = await tx.costLayer.findMany({
        where: { productId: stock.productId, remainingQuantity: { gt: 0 } },
        orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
      });
      for (const layer of layers) {
        if (left.lte(0)) break;
        const take = Prisma.Decimal.min(left, layer.remainingQuantity);
        await tx.costLayer.update({ where: byId(layer.id), data: { remainingQuantity: layer.remainingQuantity.minus(take) } });
        await tx.costLayerConsumption.create({ data: { layerId: layer.id, movementId: movement.id, quantity: take, unitCost: layer.unitCost } as any });
        left = left.minus(take);
      }
    }
    return movement.id;
  });
}
