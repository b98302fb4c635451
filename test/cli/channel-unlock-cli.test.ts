// `npm run cli -- channel:unlock --company S --id N` end to end: spawns the real CLI (as test/cli/cli.test.ts
// does) against an embedded data folder holding a locked channel; it unlocks that channel of that company only.
import { expect, it } from 'vitest';
import { createChannel } from '../../src/domain/sales/channels.js';
import { companyWithClient } from '../support/seed.js';
import { cliDataDir } from '../support/cli.js';

const { cli, withData } = cliDataDir('inventory-channel-cli-');

it('unlocks a locked channel of the company named, and fails on an unknown one', async () => {
  const channelId = await withData(async (database) => {
    const { db } = await companyWithClient(database.prisma, 'shop');
    await companyWithClient(database.prisma, 'other');
    const group = await db.warehouseGroup.create({ data: { name: 'Main' } as any });
    const channel = await createChannel(db, { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id, apiLocked: true }, { tokenId: null });
    return channel.id;
  });

  const elsewhere = await cli('channel:unlock', '--company', 'other', '--id', String(channelId));
  expect(elsewhere.code).toBe(1);
  expect(elsewhere.stderr).toMatch(/channel:unlock failed: Channel \d+ not found/);

  const unlocked = await cli('channel:unlock', '--company', 'shop', '--id', String(channelId));
  expect(unlocked.code, unlocked.stderr).toBe(0);
  expect(unlocked.stdout).toMatch(/Channel \d+ \(Web\) of company shop is unlocked/);
  const state = await withData(async (database) => database.prisma.salesChannel.findFirstOrThrow({ where: { id: channelId } }));
  expect(state.apiLocked).toBe(false);

  const usage = await cli('channel:unlock', '--company', 'shop');
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('Usage: npm run cli -- channel:unlock --company <slug> --id <channel id>');
}, 240_000);
