// The event outbox: every business change records what happened here, in the transaction that makes the
// change, so an event exists exactly when its change committed. The feed (GET /events) and webhook
// deliveries read from it.
import type { Prisma } from '../../generated/prisma/client.js';
import { companyIdOf, type TenantTx } from '../../db/tenant-client.js';
import { snakeCase } from '../shared/field-names.js';
import type { EventType } from './event-types.js';

export interface NewEvent {
  type: EventType;
  /** What it is about: deliveries to an endpoint keep the order of events per resource. */
  resourceType: string;
  resourceId: number | string;
  data: Prisma.InputJsonValue;
}

/** One statement for any number of events. */
export async function recordEvents(tx: TenantTx, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  // Raw SQL with each event's data as JSON text: Prisma would walk a large data object (a posting's thousand
  // movements) value by value to build its query. The company is named explicitly (companyIdOf).
  await tx.$executeRaw`
    INSERT INTO "Event" ("companyId", "type", "resourceType", "resourceId", "data")
    SELECT ${companyIdOf(tx)}, e.type, e.resource_type, e.resource_id, e.data::jsonb
    FROM unnest(${events.map((event) => event.type)}::text[], ${events.map((event) => event.resourceType)}::text[],
                ${events.map((event) => String(event.resourceId))}::text[], ${events.map((event) => JSON.stringify(event.data))}::text[])
         WITH ORDINALITY AS e(type, resource_type, resource_id, data, position)
    ORDER BY e.position`;
}

export function recordEvent(tx: TenantTx, event: NewEvent): Promise<void> {
  return recordEvents(tx, [event]);
}

/** data.changed of an `….updated` event: the fields an edit was given, as the REST API names them. */
export function changedFields(input: object): string[] {
  return Object.entries(input).filter(([, value]) => value !== undefined).map(([key]) => snakeCase(key));
}
