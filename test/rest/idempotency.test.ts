// Idempotency-Key on every write (issue 17 §1), over real HTTP: a replay answers the first response with
// Idempotent-Replayed: true and changes nothing; the key with another body, method or path → 422; a key whose
// first request still runs → 409; ten identical requests at once run once; keys are per token; a key expires
// after 24 hours (and a daily job removes expired ones); GraphQL mutations too.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { enqueueJob } from '../../src/domain/jobs/jobs.js';
import { silentLogger } from '../../src/http/logger.js';
import { recurringSchedules } from '../../src/jobs/background.js';
import { IDEMPOTENCY_PURGE_JOB } from '../../src/jobs/idempotency-purge-job.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { createWorker } from '../../src/jobs/worker.js';

const { server, companies: { acme } } = serverForFile(['acme']);

const send = (method: string, path: string, key: string | null, body?: unknown, token = acme.token) =>
  server.call(method, `/external/api/v1${path}`, { token, company: 'acme', body, headers: key === null ? {} : { 'idempotency-key': key } });
const locationCount = async () => (await send('GET', '/locations?per_page=1', null)).body.meta.total as number;

describe('Idempotency-Key', () => {
  it('replays the first response of a create and changes nothing', async () => {
    const before = await locationCount();
    const first = await send('POST', '/locations', 'create-1', { name: 'Dock' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send('POST', '/locations', 'create-1', { name: 'Dock' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await locationCount()).toBe(before + 1);
  });

  it('refuses the key with another body, method or path (422), and changes nothing', async () => {
    const before = await locationCount();
    for (const [method, path, body] of [['POST', '/locations', { name: 'Other' }], ['POST', '/suppliers', { name: 'Dock' }], ['PATCH', '/locations/1', { name: 'Dock' }]] as const) {
      const res = await send(method, path, 'create-1', body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: expect.stringMatching(/Idempotency-Key "create-1" was used for another request \(POST \/external\/api\/v1\/locations\)/) });
    }
    expect(await locationCount()).toBe(before);
  });

  it('answers 409 while the first request with the key still runs', async () => {
    // A first request that has claimed its key and not answered yet (its row without a response).
    const same = await server.call('POST', '/external/api/v1/locations', { token: acme.token, company: 'acme', body: { name: 'Held' }, headers: { 'idempotency-key': 'held' } });
    expect(same.status).toBe(201);
    await server.database.prisma.idempotencyKey.updateMany({ where: { companyId: acme.companyId, key: 'held' }, data: { completedAt: null, status: null } });
    const whileRunning = await send('POST', '/locations', 'held', { name: 'Held' });
    expect(whileRunning.status).toBe(409);
    expect(whileRunning.headers['retry-after']).toBe('1');
    expect(whileRunning.body).toEqual({ message: expect.stringMatching(/still being processed/) });
  });

  it('runs ten identical requests sent at once exactly once', async () => {
    const before = await locationCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('POST', '/locations', 'burst', { name: 'Burst' })));
    const created = answers.filter((a) => a.status === 201);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(created.map((a) => a.body.data.id)).size).toBe(1);
    expect(created.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await locationCount()).toBe(before + 1);
  });

  it('keeps keys per token, and lets a key be used again after 24 hours', async () => {
    const other = await server.createToken(acme.companyId, 'second token');
    const before = await locationCount();
    expect((await send('POST', '/locations', 'shared', { name: 'Token one' })).status).toBe(201);
    expect((await send('POST', '/locations', 'shared', { name: 'Token two' }, other)).status).toBe(201);
    expect(await locationCount()).toBe(before + 2);

    await server.database.prisma.idempotencyKey.updateMany({ where: { companyId: acme.companyId, key: 'shared' }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const later = await send('POST', '/locations', 'shared', { name: 'A day later' });
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await locationCount()).toBe(before + 3);
  });

  it('keeps a refusal (422) like any answer, and works for PATCH, DELETE and GraphQL mutations', async () => {
    const bad = await send('POST', '/locations', 'bad-1', {});
    expect(bad.status).toBe(422);
    const badAgain = await send('POST', '/locations', 'bad-1', {});
    expect(badAgain.status).toBe(422);
    expect(badAgain.headers['idempotent-replayed']).toBe('true');
    expect(badAgain.body).toEqual(bad.body);

    const location = (await send('POST', '/locations', null, { name: 'To rename' })).body.data;
    const renamed = await send('PATCH', `/locations/${location.id}`, 'rename-1', { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    await send('PATCH', `/locations/${location.id}`, null, { name: 'Changed meanwhile' });
    const renamedAgain = await send('PATCH', `/locations/${location.id}`, 'rename-1', { name: 'Renamed' });
    expect(renamedAgain.body).toEqual(renamed.body);
    expect((await send('GET', `/locations/${location.id}`, null)).body.data.name).toBe('Changed meanwhile');

    const deleted = await send('DELETE', `/locations/${location.id}`, 'delete-1');
    expect(deleted.status).toBeLessThan(300);
    const deletedAgain = await send('DELETE', `/locations/${location.id}`, 'delete-1');
    expect(deletedAgain.status).toBe(deleted.status);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');

    const mutation = 'mutation($input: LocationCreateInput!) { createLocation(input: $input) { id name } }';
    const before = await locationCount();
    const options = { token: acme.token, company: 'acme', headers: { 'idempotency-key': 'graphql-1' } };
    const viaGraphql = await server.graphql(mutation, { input: { name: 'Via GraphQL' } }, options);
    const viaGraphqlAgain = await server.graphql(mutation, { input: { name: 'Via GraphQL' } }, options);
    expect(viaGraphql.body.data.createLocation.name).toBe('Via GraphQL');
    expect(viaGraphqlAgain.body).toEqual(viaGraphql.body);
    expect(viaGraphqlAgain.headers['idempotent-replayed']).toBe('true');
    expect(await locationCount()).toBe(before + 1);
  });

  it('refuses a malformed key with 422 and leaves reads alone', async () => {
    const res = await send('POST', '/locations', 'with space', { name: 'Nope' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.' });
    const read = await send('GET', '/locations', 'any-key');
    expect(read.status).toBe(200);
    expect(read.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key in the OpenAPI document', () => {
  it('is a header parameter of every declared write, and of no read', async () => {
    const doc = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) => Object.entries(item));
    const declared = operations.filter(([, operation]) => !(operation.tags ?? []).includes('Generated from GraphQL'));
    const hasKey = (operation: any) => (operation.parameters ?? []).some((p: any) => p.name === 'Idempotency-Key' && p.in === 'header');
    expect(declared.filter(([method]) => method !== 'get').every(([, operation]) => hasKey(operation))).toBe(true);
    expect(declared.filter(([method]) => method === 'get').some(([, operation]) => hasKey(operation))).toBe(false);
  });
});

describe('expired Idempotency-Key records', () => {
  it('are removed by the daily purge job, and fresh ones kept', async () => {
    expect(recurringSchedules(server.config).map((s) => s.type)).toContain(IDEMPOTENCY_PURGE_JOB);

    expect((await send('POST', '/locations', 'old-key', { name: 'Old' })).status).toBe(201);
    expect((await send('POST', '/locations', 'fresh-key', { name: 'Fresh' })).status).toBe(201);
    await server.database.prisma.idempotencyKey.updateMany({ where: { companyId: acme.companyId, key: 'old-key' }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const db = tenantClient(server.database.prisma, acme.companyId);
    await enqueueJob(db, { type: IDEMPOTENCY_PURGE_JOB });
    const worker = createWorker({ prisma: server.database.prisma, config: server.config, logger: silentLogger, handlers: jobHandlers });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const left = (await db.idempotencyKey.findMany({ where: { key: { in: ['old-key', 'fresh-key'] } } })).map((row) => row.key);
    expect(left).toEqual(['fresh-key']);
  });
});
