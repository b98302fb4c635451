// The data of sales_order.* events (src/domain/events): the order as it stands after the change.
import type { SalesOrder } from '../../generated/prisma/client.js';
import type { NewEvent } from '../events/index.js';

export function salesOrderEvent(type: 'sales_order.confirmed' | 'sales_order.cancelled' | 'sales_order.closed', order: SalesOrder): NewEvent {
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
    },
  };
}
