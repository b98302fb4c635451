// The data of sales_order.* events (src/domain/events): the order as it stands after the change.
import type { SalesOrder } from '../../generated/prisma/client.js';
import type { EventType, NewEvent } from '../events/index.js';

export function salesOrderEvent(type: Extract<EventType, `sales_order.${string}`>, order: SalesOrder, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    resourceType: 'sales_order',
    resourceId: order.id,
    data: {
      sales_order_id: order.id,
      order_number: order.orderNumber,
      status: order.status,
      channel_id: order.channelId,
      customer_company_id: order.customerCompanyId,
      currency: order.currency,
      total: Number(order.total.toString()),
      ...extra,
    } as NewEvent['data'],
  };
}
