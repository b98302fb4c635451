// A channel whose apiLocked is true refuses every change through the API: to itself, to its orders, and to
// order intake. Reads still work. Only an administrator unlocks it (the CLI), never a token.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';

/**
 * The channel, when it exists and is not locked. `field` names the input field that chose it (a 422 when
 * missing); without one a missing channel is a 404 (the channel is the resource itself).
 */
export async function unlockedChannel(db: TenantDb | TenantTx, channelId: number, field?: string) {
  const channel = await db.salesChannel.findUnique({ where: byId(channelId) });
  if (!channel) {
    if (field) throw new ValidationError({ [field]: [`Channel ${channelId} does not exist.`] });
    throw new NotFoundError('Channel', channelId);
  }
  if (channel.apiLocked) throw new ForbiddenError(`Channel ${channel.label} (id ${channel.id}) is locked (apiLocked): it cannot be changed through the API.`);
  return channel;
}
