// The event types the outbox records, with what each means. The feed's `types` filter and a webhook
// endpoint's `events` accept exactly these (or `*` for an endpoint: every type, also those added later).
// Every event's data is snake_case JSON, as the REST API writes its resources; numbers are JSON numbers.

export const EVENT_TYPES = {
  'stock.moved': 'Stock changed through the ledger: one event per posting (a receipt, a shipment, an adjustment, a transfer…), data.movements holding its movements.',
  'product.created': 'A product or kit was created.',
  'product.updated': 'A product or kit was changed.',
  'product.deleted': 'A product was deleted, or deactivated because it has history (data.deactivated).',
  'purchase_order.submitted': 'A draft purchase order was submitted: its open quantities are now incoming.',
  'purchase_order.received': 'Goods were received against a purchase order (one event per receiving report; data.status is the order\'s status after it).',
  'purchase_order.cancelled': 'A purchase order was cancelled.',
  'purchase_order.closed': 'A purchase order was closed; what was still open is no longer incoming.',
  'sales_order.confirmed': 'A sales order was confirmed (by request or by order intake) and reserves stock.',
  'sales_order.cancelled': 'A sales order was cancelled; its reservations were released.',
  'sales_order.closed': 'A shipped or partly shipped sales order was closed.',
  'shipment.shipped': 'A shipment left: its goods were taken out of stock.',
  'invoice.created': 'An invoice was issued for shipped goods of a sales order.',
  'work_order.completed': 'A work order was completed (data.forced when completed with force).',
  'cycle_count.posted': 'A cycle count session was posted: its variances became an inventory adjustment (data.adjustment_id, null when every count matched).',
  'import.finished': 'A CSV import finished (data.stats: total_rows, success_count, error_count).',
  'import.failed': 'A CSV import could not be read (its header is not valid).',
  'webhook_endpoint.disabled': 'A webhook endpoint was disabled: its deliveries kept failing (data.reason: failing), or by request (data.reason: requested).',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const ALL_EVENT_TYPES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}

/** The endpoint subscription that stands for every type. */
export const ANY_EVENT = '*';
