// The bills page's floor (issue 34): the newest 100 bills with what the REST page shows (supplier, lines with
// their product and three-way match, payments, the balance due), as one JSON text written by PostgreSQL.
import { companyKey, day, iso, list, newestJson, num, one, pageStatement } from './json.js';

export function billsPageStatement(companyId: number): string {
  const c = companyKey(companyId);
  const element = `json_build_object(
    'id', b.id, 'bill_number', b."billNumber", 'supplier', ${one(c, 'Supplier', `'id', x.id, 'name', x.name`, 'b."supplierId"')},
    'purchase_order_id', b."purchaseOrderId", 'status', b.status, 'bill_date', ${day('b."billDate"')}, 'due_date', ${day('b."dueDate"')},
    'currency', b.currency, 'exchange_rate', ${num('b."exchangeRate"')}, 'notes', b.notes,
    'lines', ${list(
      '"BillLine" l',
      `'id', l.id, 'purchase_order_line_id', l."purchaseOrderLineId", 'product', ${one(c, 'Product', `'id', x.id, 'sku', x.sku, 'name', x.name`, 'l."productId"')},
       'description', l.description, 'quantity', ${num('l.quantity')}, 'unit_price', ${num('l."unitPrice"')}, 'tax_rate', ${num('l."taxRate"')},
       'line_total', ${num('l."lineTotal"')}, 'tax_amount', ${num('l."taxAmount"')}, 'match_status', l."matchStatus",
       'received_quantity', ${num('l."matchedQuantity"')}, 'quantity_variance', ${num('l."quantityVariance"')},
       'ordered_unit_price', ${num('l."orderedUnitPrice"')}, 'price_variance', ${num('l."priceVariance"')}`,
      `l."companyId" = ${c} AND l."billId" = b.id`,
      'l.position',
    )},
    'payments', ${list(
      '"BillPayment" p',
      `'id', p.id, 'amount', ${num('p.amount')}, 'paid_at', ${day('p."paidAt"')}, 'method', p.method, 'reference', p.reference, 'created_at', ${iso('p."createdAt"')}`,
      `p."companyId" = ${c} AND p."billId" = b.id`,
      'p.id',
    )},
    'subtotal', ${num('b.subtotal')}, 'tax_total', ${num('b."taxTotal"')}, 'total', ${num('b.total')}, 'amount_paid', ${num('b."amountPaid"')},
    'amount_credited', ${num('b."amountCredited"')}, 'balance_due', ${num('b.total - b."amountPaid" - b."amountCredited"')},
    'match_status', b."matchStatus", 'variance_accepted', b."varianceAccepted",
    'approved_at', ${iso('b."approvedAt"')}, 'voided_at', ${iso('b."voidedAt"')}, 'created_at', ${iso('b."createdAt"')}, 'updated_at', ${iso('b."updatedAt"')}
  )`;
  return pageStatement(c, 'Bill', newestJson(c, 'Bill', 'b', element, 100));
}
