// A background job answered in one go (compiledRecord in src/graphql/shared/compiled-records.ts): the domain finds it
// in the company (reading its id only), and one statement writes it as the selection asks. Here those answers equal
// graphql's ordinary execution field by field, keys in the same order and values alike, for the REST record and
// random selections over /graphql; another company's job is the same 404 either way. The data: jobs of every status
// written directly, with errors JSON must escape, progress, nulls and dates to the millisecond. Webhook endpoints
// and deliveries are not here: their GraphQL types are plain object types (not Prisma-backed), which one statement
// cannot write, so they stay field by field. Changes are compared too: a cancel answers by one JSON statement in its
// transaction, and a refused one writes none.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { jobRoutes } from '../../rest-mapping/jobs.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, recordsAsFieldByField, selectionsAsFieldByField, writtenAsJson, type Compared } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme, globex }, api } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const recordRoute = getRoute(jobRoutes, '/jobs/{id}');
const jobIds: number[] = [];
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
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

describe('changes answered by one statement', () => {
  it('cancel answers the job, queued or running; an ended one is a 409 with no answer written', async () => {
    const db = tenantClient(server.database.prisma, acme.companyId);
    const queued = await db.job.create({ data: { type: 'import', payload: { text: 'A "quoted" \\ name ☃\nline' }, progressMax: 10 } as any });
    const running = await db.job.create({
      data: { type: 'forecast.refresh', status: 'running', attempts: 1, lockedBy: 'worker "1"', lockedUntil: new Date(Date.UTC(2099, 0, 1)), startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 123)), lastError: 'A "quoted" \\ name ☃\nline' } as any,
    });
    await change('POST', `/jobs/${queued.id}/cancel`);
    await change('POST', `/jobs/${running.id}/cancel`);
    const start = counter.statements.length;
    expect((await api('POST', `/jobs/${queued.id}/cancel`)).status).toBe(409);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toEqual([]);
  });
});
