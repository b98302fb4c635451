// The data of purchase_order.* events (src/domain/events): the order as it stands after the change.
import type { PurchaseOrder } from '../../generated/prisma/client.js';
import type { EventType, NewEvent } from '../events/index.js';

type OrderFacts = Pick<PurchaseOrder, 'id' | 'poNumber' | 'status' | 'supplierId' | 'warehouseId'>;

export function purchaseOrderEvent(type: Extract<EventType, `purchase_order.${string}`>, order: OrderFacts, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    resourceType: 'purchase_order',
    resourceId: order.id,
    data: {
      purchase_order_id: order.id,
      po_number: order.poNumber,
      status: order.status,
      supplier_id: order.supplierId,
      warehouse_id: order.warehouseId,
      ...extra,
    } as NewEvent['data'],
  };
}
