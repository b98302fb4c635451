// channel:unlock — the administrator's way to unlock a sales channel (apiLocked false). Locked channels refuse
// every change through the API, unlocking included, so this runs outside it, with direct database access.
import { tenantClient } from '../../db/tenant-client.js';
import { unlockChannel } from '../../domain/sales/index.js';
import { findCompanyBySlug } from '../../domain/tenancy/index.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../command.js';

export const channelUnlock = defineCommand({
  name: 'channel:unlock',
  summary: 'Unlock a sales channel (apiLocked false) so the API may change it again.',
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'id', placeholder: 'channel id', required: true },
  ],
  parse: (flags) => {
    const id = flags.integer('id');
    if (id === undefined || id < 1 || id > 2147483647) throw new UsageError(`--id must be a channel id (a whole number from 1), got "${flags.optional('id')}".`);
    return { companySlug: flags.string('company'), id };
  },
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const channel = await unlockChannel(tenantClient(prisma, company.id), input.id);
    out.line(`Channel ${channel.id} (${channel.label}) of company ${company.slug} is unlocked: the API may change it again.`);
  },
});

export const channelCommands = [channelUnlock];
