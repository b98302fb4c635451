// The data of shipment.* events (src/domain/events) other than shipment.shipped, which also lists what left.
import type { Shipment } from '../../generated/prisma/client.js';
import type { EventType, NewEvent } from '../events/index.js';

type ShipmentFacts = Pick<Shipment, 'id' | 'salesOrderId' | 'status' | 'fulfillmentOrderId'>;

export function shipmentEvent(type: Extract<EventType, `shipment.${string}`>, shipment: ShipmentFacts, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    resourceType: 'shipment',
    resourceId: shipment.id,
    data: {
      shipment_id: shipment.id,
      sales_order_id: shipment.salesOrderId,
      fulfillment_order_id: shipment.fulfillmentOrderId,
      status: shipment.status,
      ...extra,
    } as NewEvent['data'],
  };
}
