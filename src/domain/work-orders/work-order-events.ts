// The data of work_order.* events (src/domain/events) other than work_order.completed, which also carries its
// quantities: the order, its status after the change, and what the change was about.
import type { WorkOrder } from '../../generated/prisma/client.js';
import type { EventType, NewEvent } from '../events/index.js';

type OrderFacts = Pick<WorkOrder, 'id' | 'workOrderNumber' | 'producedSkuId'>;

export function workOrderEvent(type: Extract<EventType, `work_order.${string}`>, order: OrderFacts, status: string, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    resourceType: 'work_order',
    resourceId: order.id,
    data: {
      work_order_id: order.id,
      work_order_number: order.workOrderNumber,
      produced_sku_id: order.producedSkuId,
      status,
      ...extra,
    } as NewEvent['data'],
  };
}
