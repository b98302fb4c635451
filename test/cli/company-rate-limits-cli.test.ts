// `npm run cli -- company:rate-limits --company S [--set budget=n,...] [--reset budget,...|all]` end to end: the
// real CLI on an embedded data folder shows the budgets with where each number comes from, sets the company's own,
// puts them back to the defaults (RATE_LIMITS, else the built-in ones), and refuses malformed input (exit 2). What a
// command changes is in the audit log as the CLI's.
import { expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { companyRateLimits } from '../../src/domain/tenancy/rate-limits.js';
import { readableChanges } from '../../src/domain/audit/audit-log.js';
import { runCliWith, cliDataDir } from '../support/cli.js';
import { companyWithClient } from '../support/seed.js';

const { dataDir, cli, withData } = cliDataDir('inventory-rate-limits-cli-');

const ownLimits = (slug: string) =>
  withData(async (database) => {
    const company = await database.prisma.company.findUniqueOrThrow({ where: { slug } });
    return companyRateLimits(tenantClient(database.prisma, company.id));
  });

it('shows, sets and resets a company\'s request budgets, refusing malformed input', async () => {
  await withData((database) => companyWithClient(database.prisma, 'shop'));

  const shown = await cli('company:rate-limits', '--company', 'shop');
  expect(shown.code, shown.stderr).toBe(0);
  expect(shown.stdout.split('\n').slice(2, 6).map((line) => line.split(/\s+/).join(' '))).toEqual([
    'token 600 default',
    'company 1200 default',
    'heavy_token 60 default',
    'heavy_company 120 default',
  ]);

  const set = await cli('company:rate-limits', '--company', 'shop', '--set', 'token=50,heavy_company=7');
  expect(set.code, set.stderr).toBe(0);
  expect(set.stdout).toMatch(/token\s+50\s+company\n/);
  expect(set.stdout).toMatch(/heavy_company\s+7\s+company\n/);
  expect(await ownLimits('shop')).toEqual({ token: 50, heavy_company: 7 });

  // The service's defaults come from RATE_LIMITS when it is set.
  const withEnv = await runCliWith(dataDir, ['company:rate-limits', '--company', 'shop', '--reset', 'token'], { env: { RATE_LIMITS: 'token=900' } });
  expect(withEnv.code, withEnv.stderr).toBe(0);
  expect(withEnv.stdout).toMatch(/token\s+900\s+default\n/);
  expect(await ownLimits('shop')).toEqual({ heavy_company: 7 });

  for (const args of [['--set', 'token=0'], ['--set', 'tokens=5'], ['--set', 'token:5'], ['--reset', 'everything'], ['--set', 'token=5', '--reset', 'token']]) {
    const refused = await cli('company:rate-limits', '--company', 'shop', ...args);
    expect(refused.code, args.join(' ')).toBe(2);
    expect(refused.stderr).toContain('Usage: npm run cli -- company:rate-limits');
  }
  expect(await ownLimits('shop')).toEqual({ heavy_company: 7 });

  const reset = await cli('company:rate-limits', '--company', 'shop', '--reset', 'all');
  expect(reset.code, reset.stderr).toBe(0);
  expect(await ownLimits('shop')).toEqual({});
}, 240_000);

it('records what a command changes in the audit log as the CLI\'s, under the command\'s name', async () => {
  const created = await cli('token:create', '--company', 'shop', '--name', 'made-on-the-command-line');
  expect(created.code, created.stderr).toBe(0);
  const entry = await withData((database) =>
    database.prisma.auditLogEntry.findFirstOrThrow({ where: { entity: 'api_token' }, orderBy: { id: 'desc' } }),
  );
  expect(entry).toMatchObject({ actorType: 'cli', actorId: null, actorName: 'token:create', action: 'create' });
  expect(readableChanges(entry.action, entry.changes).name).toEqual({ before: null, after: 'made-on-the-command-line' });
}, 240_000);
