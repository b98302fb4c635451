// `npm run cli -- company:features --company S [--enable F] [--disable F]` end to end: spawns the real CLI
// against an embedded data folder; it lists, turns on and turns off a company's features, that company's only;
// an unknown feature is a usage error (exit 2).
import { expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { hasFeature, type FeatureName } from '../../src/domain/tenancy/features.js';
import { companyWithClient } from '../support/seed.js';
import { cliDataDir } from '../support/cli.js';

const { cli, withData } = cliDataDir('inventory-features-cli-');
const featureOn = (slug: string, feature: FeatureName) =>
  withData(async (database) => {
    const company = await database.prisma.company.findUniqueOrThrow({ where: { slug } });
    return hasFeature(tenantClient(database.prisma, company.id), feature);
  });

it('lists, enables and disables every feature for the company named, refusing unknown features and bad flags', async () => {
  await withData(async (database) => {
    for (const slug of ['shop', 'other']) await companyWithClient(database.prisma, slug);
  });

  const listed = await cli('company:features', '--company', 'shop');
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toBe(
    ['FEATURE                      STATE', '---------------------------  -----', 'cost_rules                   off', 'forecast_materialized_table  off', ''].join('\n'),
  );

  const enabled = await cli('company:features', '--company', 'shop', '--enable', 'cost_rules');
  expect(enabled.code, enabled.stderr).toBe(0);
  expect(enabled.stdout).toBe('Feature cost_rules is on for company shop.\n');
  expect(await featureOn('shop', 'cost_rules')).toBe(true);
  expect(await featureOn('other', 'cost_rules')).toBe(false);
  expect((await cli('company:features', '--company', 'shop')).stdout).toMatch(/cost_rules\s+on\nforecast_materialized_table\s+off\n/);

  // One call may turn one feature on and another off.
  const both = await cli('company:features', '--company', 'shop', '--enable', 'forecast_materialized_table', '--disable', 'cost_rules');
  expect(both.code, both.stderr).toBe(0);
  expect(both.stdout).toBe('Feature forecast_materialized_table is on for company shop.\nFeature cost_rules is off for company shop.\n');
  expect(await featureOn('shop', 'cost_rules')).toBe(false);
  expect(await featureOn('shop', 'forecast_materialized_table')).toBe(true);
  expect(await featureOn('other', 'forecast_materialized_table')).toBe(false);

  // An unknown feature is a mistake on the command line: usage, exit 2, nothing changed.
  const unknown = await cli('company:features', '--company', 'shop', '--disable', 'teleport');
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toBe('');
  expect(unknown.stderr).toContain('Unknown feature "teleport" for --disable. Known features: cost_rules, forecast_materialized_table.');
  expect(unknown.stderr).toContain('Usage: npm run cli -- company:features --company <slug> [--enable <feature>] [--disable <feature>]');
  expect(await featureOn('shop', 'forecast_materialized_table')).toBe(true);

  const nowhere = await cli('company:features', '--company', 'nowhere', '--enable', 'cost_rules');
  expect(nowhere.code).toBe(1);
  expect(nowhere.stderr).toMatch(/company:features failed: Company .*nowhere.* not found/);
  const same = await cli('company:features', '--company', 'shop', '--enable', 'cost_rules', '--disable', 'cost_rules');
  expect(same.code).toBe(2);
  expect(same.stderr).toContain('--enable and --disable both name cost_rules; give one of them.');
  expect(same.stderr).toContain('Usage: npm run cli -- company:features --company <slug> [--enable <feature>] [--disable <feature>]');
}, 240_000);
