// The purchase orders page's floor (issue 34): the newest 100 orders with what the REST page shows (supplier,
// warehouse, lines with product and unit, additional costs, payment terms, deals), as one JSON text written by
// PostgreSQL. A line's open quantity is what is not received yet (0 once the order is closed or cancelled).
import { companyKey, day, iso, list, newestJson, num, one, pageStatement } from './json.js';

const ENDED = `o.status IN ('closed', 'cancelled')`;

/** The newest `perPage` purchase orders as a JSON array (json), newest first. */
export function purchaseOrdersJson(companyId: number, perPage = 100): string {
  const c = companyKey(companyId);
  const element = `json_build_object(
    'id', o.id, 'po_number', o."poNumber", 'status', o.status, 'sync_status', o."syncStatus", 'last_synced_at', ${iso('o."lastSyncedAt"')},
    'external_shipment_id', o."externalShipmentId",
    'supplier', ${one(c, 'Supplier', `'id', x.id, 'name', x.name`, 'o."supplierId"')},
    'warehouse', ${one(c, 'Location', `'id', x.id, 'name', x.name`, 'o."warehouseId"')},
    'currency', o.currency, 'exchange_rate', ${num('o."exchangeRate"')}, 'order_date', ${day('o."orderDate"')}, 'expected_date', ${day('o."expectedDate"')},
    'reference', o.reference, 'notes', o.notes,
    'lines', ${list(
      '"PurchaseOrderLine" l',
      `'id', l.id, 'product', ${one(c, 'Product', `'id', x.id, 'sku', x.sku, 'name', x.name`, 'l."productId"')}, 'supplier_sku_id', l."supplierSkuId",
       'quantity', ${num('l.quantity')}, 'uom', ${one(c, 'UnitOfMeasure', `'id', x.id, 'name', x.name`, 'l."uomId"')}, 'base_quantity', ${num('l."baseQuantity"')},
       'quantity_received', ${num('l."quantityReceived"')}, 'quantity_open', CASE WHEN ${ENDED} THEN 0 ELSE ${num('greatest(l.quantity - l."quantityReceived", 0)')} END,
       'unit_cost', ${num('l."unitCost"')}, 'tax_rate', ${num('l."taxRate"')}, 'line_total', ${num('l."lineTotal"')}, 'tax_amount', ${num('l."taxAmount"')},
       'expected_date', ${day('l."expectedDate"')}`,
      `l."companyId" = ${c} AND l."purchaseOrderId" = o.id`,
      'l.position',
    )},
    'additional_costs', ${list('"PurchaseOrderCost" k', `'id', k.id, 'name', k.name, 'amount', ${num('k.amount')}`, `k."companyId" = ${c} AND k."purchaseOrderId" = o.id`, 'k.position')},
    'subtotal', ${num('o.subtotal')}, 'tax_total', ${num('o."taxTotal"')}, 'additional_costs_total', ${num('o."additionalCostsTotal"')},
    'total', ${num('o.total')}, 'total_base', ${num('o."totalBase"')},
    'payment_terms', CASE WHEN jsonb_typeof(o."paymentTerms") = 'object' THEN json_build_object(
      'deposit_percent', (o."paymentTerms"->>'depositPercent')::numeric, 'deposit_due_days', (o."paymentTerms"->>'depositDueDays')::int,
      'balance_due_days', (o."paymentTerms"->>'balanceDueDays')::int, 'balance_due_from', o."paymentTerms"->>'balanceDueFrom') END,
    'supplier_response', o."supplierResponse",
    'deals', ${list(
      '"DealPurchaseOrder" dp JOIN "Deal" d ON d."companyId" = dp."companyId" AND d.id = dp."dealId"',
      `'id', d.id, 'name', d.name`,
      `dp."companyId" = ${c} AND dp."purchaseOrderId" = o.id`,
      'dp."dealId"',
    )},
    'created_at', ${iso('o."createdAt"')}, 'updated_at', ${iso('o."updatedAt"')}, 'submitted_at', ${iso('o."submittedAt"')},
    'closed_at', ${iso('o."closedAt"')}, 'cancelled_at', ${iso('o."cancelledAt"')}
  )`;
  return newestJson(c, 'PurchaseOrder', 'o', element, perPage);
}

/** The page of 100 (`{data, meta: {total}}`) as one statement with a single `body` text column. */
export function purchaseOrdersPageStatement(companyId: number): string {
  return pageStatement(companyId, 'PurchaseOrder', purchaseOrdersJson(companyId));
}
