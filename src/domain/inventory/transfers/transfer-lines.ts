// What a transfer order line shows beyond its columns: what is in transit, the lots it moved in and the unit cost
// it carried, the last two from the ledger movements the transitions posted for it (transfer-transitions.ts:
// negative TRANSFER_SHIPMENT movements at the source, positive TRANSFER_RECEIPT ones at the destination; a
// cancellation's movements are not the line's). Each rule is here twice, side by side: in JavaScript over the line
// and its movements (the GraphQL resolvers, src/graphql/inventory/transfer-types.ts), and as SQL over a line row
// (`line`, the company as $1) for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts).
import { sqlTextList } from '../../shared/json-sql.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

const SHIPMENT = 'TRANSFER_SHIPMENT';
const RECEIPT = 'TRANSFER_RECEIPT';
/** The movements that are a line's: its shipment and its receipts. */
export const LINE_MOVEMENT_TYPES = [SHIPMENT, RECEIPT];

/** A movement of a line, as the rules below read it. */
export interface LineMovement {
  lotId: number | null;
  quantity: Decimal;
  unitCost: Decimal | null;
  sourceType: string;
  lot: { lotNumber: string } | null;
}

/** Part of a line shipped in one lot (null: a product without lots), and how much of it arrived. */
export interface LineLot {
  lotId: number | null;
  lotNumber: string | null;
  shippedQuantity: Decimal;
  receivedQuantity: Decimal;
}

/** The line's movements among a company's (alias `movement`): those of its order and of the line itself. */
const ofLine = (line: string, movement: string) =>
  `${movement}."companyId" = $1::int AND ${movement}."sourceType" IN (${sqlTextList(LINE_MOVEMENT_TYPES)})
    AND ${movement}."sourceId" = ${line}."transferOrderId" AND ${movement}."sourceLineId" = ${line}.id`;

/** Shipped and not yet received: in transit (never below 0). */
export const outstandingQuantity = (line: { shippedQuantity: Decimal; receivedQuantity: Decimal }): Decimal =>
  Decimal.max(line.shippedQuantity.minus(line.receivedQuantity), ZERO);
/** outstandingQuantity as SQL. */
export const outstandingQuantitySql = (line: string) => `greatest(${line}."shippedQuantity" - ${line}."receivedQuantity", 0)`;

/** The lots the line moved in, from its movements in the order they were posted: each lot as it first appears. */
export function lineLots(movements: readonly LineMovement[]): LineLot[] {
  const byLot = new Map<number | null, LineLot>();
  for (const m of movements) {
    const entry = byLot.get(m.lotId) ?? { lotId: m.lotId, lotNumber: m.lot?.lotNumber ?? null, shippedQuantity: ZERO, receivedQuantity: ZERO };
    if (m.sourceType === SHIPMENT) entry.shippedQuantity = entry.shippedQuantity.plus(m.quantity.negated());
    else entry.receivedQuantity = entry.receivedQuantity.plus(m.quantity);
    byLot.set(m.lotId, entry);
  }
  return [...byLot.values()];
}

/**
 * lineLots as rows (lotId, lotNumber, shippedQuantity, receivedQuantity) of `related`, ordered as lineLots orders
 * them (by each lot's first movement); a null lot is one group, as it is one key of the Map.
 */
export const lineLotsSql = (line: string, related: string) => ({
  from: `(SELECT m."lotId",
      (SELECT l."lotNumber" FROM "Lot" l WHERE l."companyId" = $1::int AND l.id = m."lotId") AS "lotNumber",
      sum(CASE WHEN m."sourceType" = '${SHIPMENT}' THEN -m.quantity ELSE 0 END) AS "shippedQuantity",
      sum(CASE WHEN m."sourceType" = '${SHIPMENT}' THEN 0 ELSE m.quantity END) AS "receivedQuantity",
      min(m.id) AS first_movement
    FROM "StockMovement" m WHERE ${ofLine(line, 'm')} GROUP BY m."lotId") ${related}`,
  where: 'true',
  order: `${related}.first_movement`,
});

/** The FIFO unit cost the line carried to the destination: its first receipt's; null until something is received. */
export const carriedUnitCost = (movements: readonly LineMovement[]): Decimal | null => movements.find((m) => m.sourceType === RECEIPT)?.unitCost ?? null;
/** carriedUnitCost as SQL. */
export const carriedUnitCostSql = (line: string) =>
  `(SELECT m."unitCost" FROM "StockMovement" m WHERE ${ofLine(line, 'm')} AND m."sourceType" = '${RECEIPT}' ORDER BY m.id LIMIT 1)`;

/** The SKU of the line's product. */
export const lineSkuSql = (line: string) => `(SELECT p.sku FROM "Product" p WHERE p."companyId" = $1::int AND p.id = ${line}."productId")`;
/** The number of the lot the line asks for; null when it names none. */
export const lineLotNumberSql = (line: string) => `(SELECT l."lotNumber" FROM "Lot" l WHERE l."companyId" = $1::int AND l.id = ${line}."lotId")`;
