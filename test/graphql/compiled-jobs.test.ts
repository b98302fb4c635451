// A background job answered in one go (compiledRecord in src/graphql/shared/compiled-records.ts): the domain finds it
// in the company (reading its id only), and one statement writes it as the selection asks. Here those answers equal
// graphql's ordinary execution field by field, keys in the same order and values alike, for the REST record and
// random selections over /graphql; another company's job is the same 404 either way. The data: jobs of every status
// written directly, with errors JSON must escape, progress, nulls and dates to the millisecond. Webhook endpoints
// and deliveries are not here: their GraphQL types are plain object types (not Prisma-backed), which one statement
// cannot write, so they stay field by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { jobRoutes } from '../../rest-mapping/jobs.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme, globex }, api } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const recordRoute = getRoute(jobRoutes, '/jobs/{id}');
const jobIds: number[] = [];
let othersJobId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const jobs = await db.job.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 12 }, (_, i) => ({
      type: ['import', 'forecast.refresh', 'webhook.deliver'][i % 3],
      queue: i % 2 ? 'default' : 'heavy "q"',
      status: ['queued', 'running', 'finished', 'failed', 'cancelled'][i % 5],
      payload: { i, text: 'x "y" \\' },
      attempts: i % 4,
      maxAttempts: 5 + i,
      progressNow: i * 1000,
      progressMax: i % 3 ? 2147483647 : 0,
      lastError: i % 3 ? null : `Failed "${i}" \\ ☃\nat line ${i}`,
      runAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i, 7)),
      startedAt: i % 2 ? new Date(Date.UTC(2026, 0, 1, 1, 0, i, 999)) : null,
      finishedAt: i % 5 >= 2 ? new Date(Date.UTC(2026, 0, 1, 2)) : null,
    })) as any,
  });
  jobIds.push(...jobs.map((job) => job.id));
  othersJobId = (await tenantClient(server.database.prisma, globex.companyId).job.create({ data: { type: 'import' } as any })).id;
}, 60_000);

describe('a job written by one statement', () => {
  it('GET /jobs/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/jobs', jobIds, 'job'));

  it("another company's job is the same 404 either way", async () => {
    expect((await api('GET', `/jobs/${othersJobId}`)).status).toBe(404);
    const ordinary = await fieldByField(server, recordRoute.graphql, { id: othersJobId }, acme);
    expect(ordinary.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['Job'], ([{ text, fragments }], id) => [`query One { job(id: ${id}) { ${text} } } ${fragments.join(' ')}`], {
      numRuns: 15, seed: 20261208, ids: jobIds,
    }));
});
