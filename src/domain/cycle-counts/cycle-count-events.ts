// The data of cycle_count.* events (src/domain/events) other than cycle_count.posted, which also carries what
// was posted: the session, its status after the change, and what the change was about.
import type { CycleCountSession } from '../../generated/prisma/client.js';
import type { EventType, NewEvent } from '../events/index.js';

type SessionFacts = Pick<CycleCountSession, 'id' | 'batchId' | 'warehouseId'>;

export function cycleCountEvent(type: Extract<EventType, `cycle_count.${string}`>, session: SessionFacts, status: string, extra: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    resourceType: 'cycle_count_session',
    resourceId: session.id,
    data: { cycle_count_session_id: session.id, batch_id: session.batchId, warehouse_id: session.warehouseId, status, ...extra } as NewEvent['data'],
  };
}
