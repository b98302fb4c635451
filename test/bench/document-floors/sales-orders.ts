// The sales orders page's floor (issue 34): the page of 100 orders (newest first) with every relation the REST
// page shows, as one JSON text written by PostgreSQL. A line's allocated quantity is its allocations' sum (no kits
// in the data), the backorder what is left of it, so the floor does the same kind of work as the service without
// its generality. Numbers and times are written as PostgreSQL writes them (the service trims numerics' scale and
// writes ISO times): the statement is kept as it was measured first, so its figures compare over time.
import { companyKey, pageStatement } from './json.js';

/** The newest `perPage` sales orders as a JSON array (json), newest first. */
export function salesOrdersJson(companyId: number, perPage = 100): string {
  const c = String(companyKey(companyId));
  return `coalesce((SELECT json_agg(json_build_object(
        'id', o.id, 'order_number', o."orderNumber", 'external_order_id', o."externalOrderId", 'status', o.status,
        'channel', (SELECT json_build_object('id', ch.id, 'label', ch.label) FROM "SalesChannel" ch WHERE ch."companyId" = ${c} AND ch.id = o."channelId"),
        'company', (SELECT json_build_object('id', cc.id, 'name', cc.name) FROM "CustomerCompany" cc WHERE cc."companyId" = ${c} AND cc.id = o."customerCompanyId"),
        'order_date', to_char(o."orderDate", 'YYYY-MM-DD'), 'currency', o.currency, 'ship_to', o."shipTo",
        'requested_ship_date', to_char(o."requestedShipDate", 'YYYY-MM-DD'), 'shipping_method', o."shippingMethod", 'notes', o.notes,
        'lines', coalesce((SELECT json_agg(json_build_object(
          'id', l.id, 'quantity', l.quantity, 'unit_price', l."unitPrice", 'price_source', l."priceSource",
          'discount_percent', l."discountPercent", 'tax_rate', l."taxRate", 'discount_amount', l."discountAmount",
          'line_total', l."lineTotal", 'tax_amount', l."taxAmount",
          'product', (SELECT json_build_object('id', p.id, 'sku', p.sku, 'name', p.name) FROM "Product" p WHERE p."companyId" = ${c} AND p.id = l."productId"),
          'uom', (SELECT json_build_object('id', u.id, 'name', u.name) FROM "UnitOfMeasure" u WHERE u."companyId" = ${c} AND u.id = l."uomId"),
          'quantity_allocated', a.allocated, 'quantity_backordered', greatest(l.quantity - l."baseQuantityShipped" - a.allocated, 0),
          'quantity_shipped', l."baseQuantityShipped", 'allocations', a.list
        ) ORDER BY l.position)
        FROM "SalesOrderLine" l
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(s.quantity), 0) AS allocated, coalesce(json_agg(json_build_object('warehouse_id', s."warehouseId", 'quantity', s.quantity) ORDER BY s."warehouseId"), '[]'::json) AS list
          FROM (SELECT "warehouseId", sum(quantity) AS quantity FROM "SalesOrderAllocation" WHERE "companyId" = ${c} AND "salesOrderLineId" = l.id GROUP BY "warehouseId") s
        ) a
        WHERE l."companyId" = ${c} AND l."salesOrderId" = o.id), '[]'::json),
        'subtotal', o.subtotal, 'discount_total', o."discountTotal", 'tax_total', o."taxTotal", 'total', o.total,
        'created_at', o."createdAt", 'updated_at', o."updatedAt", 'confirmed_at', o."confirmedAt", 'cancelled_at', o."cancelledAt", 'closed_at', o."closedAt"
      ) ORDER BY o.id DESC)
      FROM (SELECT * FROM "SalesOrder" WHERE "companyId" = ${c} ORDER BY id DESC LIMIT ${perPage}) o), '[]'::json)`;
}

/** The page of 100 (`{data, meta: {total}}`) as one statement with a single `body` text column. */
export function salesOrdersPageStatement(companyId: number): string {
  return pageStatement(companyId, 'SalesOrder', salesOrdersJson(companyId));
}
