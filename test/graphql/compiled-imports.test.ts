// Imports answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page (its type filter, created_at filters, sort, reading ids only), and one statement writes the
// imports as the selection asks, with their stats (declared beside their resolver: total_rows counts the rows
// handled so far while it runs), their options as stored and their job. Here those answers equal graphql's ordinary
// execution field by field, keys in the same order and values alike: REST pages (plain, by type, by created_at,
// sorted) and records, and random selections over /graphql. The data is varied: imports made through the API
// (queued), stats of running, finished and dry-run imports, a null email, text JSON must escape, and copies written
// directly. A page runs as many statements for 10 imports as for 100 (as many as field by field, whose domain read
// takes the job along: no fewer is claimed).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { importRoutes } from '../../rest-mapping/imports.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, restCased, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme } } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
// REST keeps the options' own keys.
const on: Compared = { server, counter, tenant: acme, rest: (answer) => restCased(answer, new Set(['options'])) };
const importList = getRoute(importRoutes, '/imports');
const importRecord = getRoute(importRoutes, '/imports/{id}');
const importIds: number[] = [];

const csvPost = (type: string, csv: string, query = '') =>
  server.call('POST', `/external/api/v1/imports?type=${type}${query}`, { token: acme.token, company: acme.slug, rawBody: csv, headers: { 'content-type': 'text/csv' } });

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  // Through the API (no worker runs here: they stay queued), with options as used.
  for (const [type, csv, query] of [
    ['master_skus', 'sku,name\nA-1,"Quoted ""name"""\n', ''],
    ['stock', 'sku;location;quantity\nA-1;Main;1\n', '&delimiter=;&dry_run=true'],
    ['currency_rates', 'from,to,rate,as_of\nEUR,USD,1.1,2026-01-01\n', '&update_existing=true'],
  ] as const) {
    const res = await csvPost(type, csv, query);
    expect(res.status, res.text).toBe(202);
    importIds.push(res.body.data.id);
  }
  const [queued, running, finished] = importIds as [number, number, number];
  // Running: more rows handled than read so far (total_rows shows them); finished with errors; a long odd email.
  await db.import.update({ where: { companyId_id: { companyId: acme.companyId, id: running } } as any, data: { totalRows: 2, successCount: 5, errorCount: 7, email: 'Tab\there "quoted" \\ ☃ \u0001 </script>@example.com', importedBy: '' } });
  await db.import.update({ where: { companyId_id: { companyId: acme.companyId, id: finished } } as any, data: { totalRows: 2147483647, successCount: 1000000, errorCount: 0, email: null, importedBy: 'Importer "β"' } });
  const runningJob = (await db.import.findUniqueOrThrow({ where: { companyId_id: { companyId: acme.companyId, id: running } } as any })).jobId;
  await db.job.update({ where: { companyId_id: { companyId: acme.companyId, id: runningJob } } as any, data: { status: 'running', attempts: 1, progressNow: 12, progressMax: 2, startedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), lastError: 'Line 1: "bad"\nagain' } });
  expect(queued).toBeGreaterThan(0);

  // Enough imports for pages of 10 and of 100, written directly, each with its own job.
  const jobs = await db.job.createManyAndReturn({
    data: Array.from({ length: 105 }, (_, i) => ({ type: 'import', status: ['queued', 'running', 'finished', 'failed', 'cancelled'][i % 5]!, progressNow: i, progressMax: 105, finishedAt: i % 5 > 1 ? new Date(Date.UTC(2026, 1, 1, 0, 0, i)) : null })) as any,
    select: { id: true },
  });
  const copies = await db.import.createManyAndReturn({
    select: { id: true },
    data: jobs.map(({ id }, i) => ({
      type: ['master_skus', 'stock', 'supplier_skus', 'boms', 'price_lists', 'currency_rates'][i % 6]!,
      options: { dry_run: i % 2 === 0, update_existing: false, delimiter: i % 3 ? ',' : '\t' },
      email: i % 4 ? `user${i}@example.com` : null,
      importedBy: i % 3 ? `token "${i}"` : null,
      jobId: id,
      totalRows: i * 10,
      successCount: i * 7,
      errorCount: i % 4 === 0 ? i * 5 : 0,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12, 0, 0, i)),
    })) as any,
  });
  importIds.push(copies[0]!.id, copies[4]!.id, copies[104]!.id);
}, 60_000);

describe('imports written by one statement', () => {
  it('GET /imports answers as field by field, and runs as many statements for 10 imports as for 100', () =>
    pagesAsFieldByField(on, importList, '/imports?sort=id', { sort: 'id', filters: [] }, 'imports'));

  it('GET /imports by type, by created_at and sorted answers as field by field', async () => {
    await pageAsFieldByField(on, importList, '/imports?per_page=100&type=stock', { perPage: 100, type: 'stock', filters: [] }, 'imports');
    await pageAsFieldByField(on, importList, '/imports?per_page=100&sort=-updated_at&created_at[gte]=2026-03-01', { perPage: 100, sort: '-updated_at', filters: [{ name: 'created_at[gte]', value: '2026-03-01' }] }, 'imports');
    await pageAsFieldByField(on, importList, '/imports?per_page=7&page=3&sort=type', { perPage: 7, page: 3, sort: 'type', filters: [] }, 'imports');
    await pageAsFieldByField(on, importList, '/imports?per_page=100&type=boms&created_at[lt]=2000-01-01', { perPage: 100, type: 'boms', filters: [{ name: 'created_at[lt]', value: '2000-01-01' }] }, 'imports');
  });

  it('GET /imports/{id} answers as field by field', () => recordsAsFieldByField(on, importRecord, '/imports', importIds, 'import'));
});

describe('random selections over /graphql', () => {
  it('of imports answer as field by field', () =>
    selectionsAsFieldByField(on, ['Import'], ([selection], id) => pageAndRecordQueries(selection!, 'imports', 'id', 'import', id), {
      numRuns: 20,
      seed: 20261202,
      ids: importIds,
    }));
});
