// qty_incoming and qty_pending of a whole company as SQL, for set-based work that must not load every open
// document into memory (the forecast table). These are the twins of INCOMING_SOURCES and PENDING_SOURCES in
// quantities.ts, which stays the one definition: change one, change the other.
// test/rest/forecast.test.ts checks they agree with incomingByLocation and pendingByLocation.
//
// Each fragment is a subquery of rows ("locationId", "productId", "quantity"), one per open document line
// (several rows may share a location and product: sum them). Every table is filtered by companyId.
import { Prisma } from '../../generated/prisma/client.js';

/** The statuses of the documents that feed the quantities (as in quantities.ts). */
const OPEN_TRANSFERS = ['shipped', 'partially_received'];
const OPEN_PURCHASE_ORDERS = ['submitted', 'partially_received'];
const OPEN_WORK_ORDERS = ['released', 'in_progress'];

/**
 * Units on their way in, at the location they arrive at: open transfer lines (shipped − received), open
 * purchase order lines (base quantity − base quantity received, at the order's delivery warehouse) and the
 * unproduced planned output of released and in-progress work orders (at their destination warehouse).
 */
export function incomingRowsSql(companyId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT t."destinationLocationId" AS "locationId", tl."productId", GREATEST(tl."shippedQuantity" - tl."receivedQuantity", 0) AS "quantity"
    FROM "TransferOrderLine" tl
    JOIN "TransferOrder" t ON t."companyId" = ${companyId} AND t."id" = tl."transferOrderId"
    WHERE tl."companyId" = ${companyId} AND t."status" IN (${Prisma.join(OPEN_TRANSFERS)})
    UNION ALL
    SELECT po."warehouseId", pl."productId", GREATEST(pl."baseQuantity" - pl."baseQuantityReceived", 0)
    FROM "PurchaseOrderLine" pl
    JOIN "PurchaseOrder" po ON po."companyId" = ${companyId} AND po."id" = pl."purchaseOrderId"
    WHERE pl."companyId" = ${companyId} AND po."status" IN (${Prisma.join(OPEN_PURCHASE_ORDERS)})
    UNION ALL
    SELECT wo."destinationWarehouseId", wo."producedSkuId", GREATEST(wo."plannedQty" - wo."producedQty", 0)
    FROM "WorkOrder" wo
    WHERE wo."companyId" = ${companyId} AND wo."status" IN (${Prisma.join(OPEN_WORK_ORDERS)})`;
}

/**
 * Units reserved, at the location holding them: sales order allocations (at their warehouse; a kit line
 * reserves its components) and the components released and in-progress work orders still have to consume
 * (BOM base quantity × unproduced planned quantity, at the production warehouse).
 */
export function pendingRowsSql(companyId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT a."warehouseId" AS "locationId", a."productId", a."quantity"
    FROM "SalesOrderAllocation" a
    WHERE a."companyId" = ${companyId}
    UNION ALL
    SELECT wo."productionWarehouseId", bi."productId", ROUND(GREATEST(wo."plannedQty" - wo."producedQty", 0) * bi."baseQuantity", 10)
    FROM "WorkOrder" wo
    JOIN "BomItem" bi ON bi."companyId" = ${companyId} AND bi."bomId" = wo."bomId"
    WHERE wo."companyId" = ${companyId} AND wo."status" IN (${Prisma.join(OPEN_WORK_ORDERS)})`;
}
