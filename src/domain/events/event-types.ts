// The event types the outbox records, with what each means. The feed's `types` filter and a webhook
// endpoint's `events` accept exactly these (or `*` for an endpoint: every type, also those added later).
// Every event's data is snake_case JSON, as the REST API writes its resources; numbers are JSON numbers.

export const EVENT_TYPES = {
  'stock.moved': 'Stock changed through the ledger: one event per posting (a receipt, a shipment, an adjustment, a transfer…), data.movements holding its movements.',
  'product.created': 'A product or kit was created.',
  'product.updated': 'A product or kit was changed.',
  'product.deleted': 'A product was deleted, or deactivated because it has history (data.deactivated).',
  'purchase_order.created': 'A draft purchase order was created.',
  'purchase_order.updated': 'A draft purchase order was edited (data.changed: the fields given, lines among them when they were replaced).',
  'purchase_order.deleted': 'A draft purchase order was deleted.',
  'purchase_order.submitted': 'A draft purchase order was submitted: its open quantities are now incoming.',
  'purchase_order.received': 'Goods were received against a purchase order (one event per receiving report; data.status is the order\'s status after it).',
  'purchase_order.receipt_voided': 'A receiving report of the order was voided: its goods left stock again and are open again (data.receiving_report_id; data.status after it).',
  'purchase_order.cancelled': 'A purchase order was cancelled.',
  'purchase_order.closed': 'A purchase order was closed; what was still open is no longer incoming.',
  'sales_order.created': 'A draft sales order was created (by request, or by order intake just before it is confirmed).',
  'sales_order.updated': 'A draft sales order was edited (data.changed: the fields given, lines among them when they were replaced).',
  'sales_order.deleted': 'A draft sales order was deleted.',
  'sales_order.confirmed': 'A sales order was confirmed (by request or by order intake) and reserves stock.',
  'sales_order.allocated': 'The reservation of a sales order\'s backorders was retried by request.',
  'sales_order.deallocated': 'Every reservation of a sales order was released by request; it stays open and backordered.',
  'sales_order.cancelled': 'A sales order was cancelled; its reservations were released.',
  'sales_order.closed': 'A shipped or partly shipped sales order was closed.',
  'shipment.created': 'A shipment was drafted for a sales order.',
  'shipment.updated': 'A shipment was packed, or a label was bought for it (data.changed: packages and the shipment fields given, or tracking_number).',
  'shipment.shipped': 'A shipment left: its goods were taken out of stock.',
  'shipment.voided': 'A draft shipment was voided.',
  'invoice.created': 'An invoice was issued for shipped goods of a sales order.',
  'work_order.created': 'A work order was created.',
  'work_order.updated': 'A work order was edited (data.changed: the fields given).',
  'work_order.deleted': 'A work order was deleted.',
  'work_order.released': 'A work order was released to production.',
  'work_order.held': 'A work order was put on hold.',
  'work_order.resumed': 'A work order on hold was resumed.',
  'work_order.cancelled': 'A work order was cancelled.',
  'work_order.step_completed': 'A step of a work order was completed (data.step_id).',
  'work_order.step_skipped': 'A step of a work order was skipped (data.step_id).',
  'work_order.production_recorded': 'Produced units of a work order were recorded and put into stock (data.completion_id, data.quantity).',
  'work_order.completed': 'A work order was completed (data.forced when completed with force).',
  'cycle_count.created': 'A cycle count session was created (one event per session of a new batch).',
  'cycle_count.deleted': 'A cycle count session was deleted with its batch.',
  'cycle_count.started': 'Counting of a cycle count session started.',
  'cycle_count.counted': 'Counts were recorded in a cycle count session, by request or from an imported count sheet (data.counts: how many).',
  'cycle_count.reset': 'The counts of a cycle count session were cleared.',
  'cycle_count.submitted': 'A cycle count session was submitted for review.',
  'cycle_count.reopened': 'A cycle count session under review was reopened for counting.',
  'cycle_count.cancelled': 'A cycle count session was cancelled.',
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
