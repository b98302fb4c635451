// `npm run cli -- channel:unlock --company S --id N` end to end: spawns the real CLI (as test/cli/cli.test.ts
// does) against an embedded data folder holding a locked channel; it unlocks that channel of that company only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createChannel } from '../../src/domain/sales/channels.js';
import { runCli, withDataDir } from '../support/cli.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-channel-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(dataDir, ...args);
const withData = <T>(use: (database: Database) => Promise<T>) => withDataDir(dataDir, use);

it('unlocks a locked channel of the company named, and fails on an unknown one', async () => {
  const channelId = await withData(async (database) => {
    const { company } = await createCompany(database.prisma, { slug: 'shop', name: 'Shop', adminEmail: 'a@shop.test', adminPassword: 'correct horse battery staple' });
    await createCompany(database.prisma, { slug: 'other', name: 'Other', adminEmail: 'a@other.test', adminPassword: 'correct horse battery staple' });
    const db = tenantClient(database.prisma, company.id);
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
