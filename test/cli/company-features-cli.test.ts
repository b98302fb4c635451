// `npm run cli -- company:features --company S [--enable F | --disable F]` end to end: spawns the real CLI
// against an embedded data folder; it lists, turns on and turns off a company's features, that company's only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { hasFeature } from '../../src/domain/tenancy/features.js';
import { runCli, withDataDir } from '../support/cli.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-features-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(dataDir, ...args);
const withData = <T>(use: (database: Database) => Promise<T>) => withDataDir(dataDir, use);
const featureOn = (slug: string) =>
  withData(async (database) => {
    const company = await database.prisma.company.findUniqueOrThrow({ where: { slug } });
    return hasFeature(tenantClient(database.prisma, company.id), 'cost_rules');
  });

it('lists, enables and disables cost_rules for the company named, refusing unknown features and bad flags', async () => {
  await withData(async (database) => {
    for (const slug of ['shop', 'other']) {
      await createCompany(database.prisma, { slug, name: slug, adminEmail: `a@${slug}.test`, adminPassword: 'correct horse battery staple' });
    }
  });

  const listed = await cli('company:features', '--company', 'shop');
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toMatch(/FEATURE\s+STATE\n-+\s+-+\ncost_rules\s+off\n/);

  const enabled = await cli('company:features', '--company', 'shop', '--enable', 'cost_rules');
  expect(enabled.code, enabled.stderr).toBe(0);
  expect(enabled.stdout).toContain('Feature cost_rules is on for company shop.');
  expect(await featureOn('shop')).toBe(true);
  expect(await featureOn('other')).toBe(false);
  expect((await cli('company:features', '--company', 'shop')).stdout).toMatch(/cost_rules\s+on/);

  const disabled = await cli('company:features', '--company', 'shop', '--disable', 'cost_rules');
  expect(disabled.code, disabled.stderr).toBe(0);
  expect(disabled.stdout).toContain('Feature cost_rules is off for company shop.');
  expect(await featureOn('shop')).toBe(false);

  const unknown = await cli('company:features', '--company', 'shop', '--enable', 'teleport');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('Unknown feature "teleport". Known features: cost_rules.');
  const nowhere = await cli('company:features', '--company', 'nowhere', '--enable', 'cost_rules');
  expect(nowhere.code).toBe(1);
  const both = await cli('company:features', '--company', 'shop', '--enable', 'cost_rules', '--disable', 'cost_rules');
  expect(both.code).toBe(2);
  expect(both.stderr).toContain('Usage: npm run cli -- company:features --company <slug> [--enable <feature>] [--disable <feature>]');
}, 240_000);
