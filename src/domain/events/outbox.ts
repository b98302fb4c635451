// The event outbox: every business change records what happened here, in the transaction that makes the
// change, so an event exists exactly when its change committed. The feed (GET /events) and webhook
// deliveries read from it.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';

export interface NewEvent {
  /** stock.moved, purchase_order.submitted, sales_order.confirmed, ... */
  type: string;
  /** What it is about: deliveries to an endpoint keep the order of events per resource. */
  resourceType: string;
  resourceId: number | string;
  data: Prisma.InputJsonValue;
}

/** One statement for any number of events. */
export async function recordEvents(tx: TenantTx, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.event.createMany({
    data: events.map((event) => ({ type: event.type, resourceType: event.resourceType, resourceId: String(event.resourceId), data: event.data })) as any,
  });
}

export function recordEvent(tx: TenantTx, event: NewEvent): Promise<void> {
  return recordEvents(tx, [event]);
}
