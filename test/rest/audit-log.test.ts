// The audit log over real HTTP: every change of a business record has an entry written in its own transaction
// (who, when, what, and each changed field before and after), through Prisma and through set-based SQL alike;
// a refused request leaves none; secrets are redacted; GET /audit-log filters and refuses bad filters; one
// company never sees another's entries.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { SettingsClient } from '../support/settings-client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { enqueueJob } from '../../src/domain/jobs/jobs.js';
import { recurringSchedules } from '../../src/jobs/background.js';
import { AUDIT_PURGE_JOB } from '../../src/jobs/audit-purge-job.js';

const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex'], { background: true });
let acmeTokenId: number;

/** A call as acme carrying an X-Request-Id, which its entries must name. */
const apiWithRequestId = (requestId: string, method: string, path: string, body?: unknown) =>
  server.call(method, `/external/api/v1${path}`, { token: acme.token, company: acme.slug, body, headers: { 'x-request-id': requestId } });

async function auditLog(query: string, tenant: Tenant = acme) {
  const res = await api('GET', `/audit-log?${query}`, undefined, tenant);
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; meta: any };
}

beforeAll(async () => {
  const token = await server.database.prisma.apiToken.findFirstOrThrow({ where: { companyId: acme.companyId }, orderBy: { id: 'asc' } });
  acmeTokenId = token.id;
});

describe('entries of changes', () => {
  it('records a create, an update with only the changed fields, and a delete, by the token of the request', async () => {
    const created = await apiWithRequestId('req-create-1', 'POST', '/products', { sku: 'AUD-1', name: 'Audited bolt', retail_price: 2.5 });
    expect(created.status, created.text).toBe(201);
    const productId = created.body.data.id;

    const [createEntry] = (await auditLog(`entity=product&entity_id=${productId}`)).data;
    expect(createEntry).toMatchObject({
      entity: 'product',
      entity_id: productId,
      action: 'create',
      request_id: 'req-create-1',
      actor: { type: 'token', id: acmeTokenId, name: expect.any(String) },
    });
    expect(Object.keys(createEntry).sort()).toEqual(['action', 'actor', 'changes', 'entity', 'entity_id', 'id', 'occurred_at', 'request_id']);
    expect(createEntry.changes.sku).toEqual({ before: null, after: 'AUD-1' });
    expect(createEntry.changes.name).toEqual({ before: null, after: 'Audited bolt' });
    // Date-times as every answer writes them.
    expect(createEntry.changes.created_at).toEqual({ before: null, after: created.body.data.created_at });
    expect(createEntry.changes).not.toHaveProperty('updated_at');
    expect(createEntry.changes).not.toHaveProperty('company_id');

    expect((await api('PATCH', `/products/${productId}`, { name: 'Audited bolt M8' })).status).toBe(200);
    const [updateEntry] = (await auditLog(`entity=product&entity_id=${productId}`)).data;
    expect(updateEntry.action).toBe('update');
    expect(updateEntry.changes).toEqual({ name: { before: 'Audited bolt', after: 'Audited bolt M8' } });

    expect((await api('DELETE', `/products/${productId}`)).status).toBeLessThan(300);
    const entries = (await auditLog(`entity=product&entity_id=${productId}`)).data;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[0].changes.sku).toEqual({ before: 'AUD-1', after: null });
    expect(entries[0].id).toBeGreaterThan(entries[1].id);
  });

  it("records a change of the company's own profile", async () => {
    expect((await api('PATCH', '/company', { name: 'Acme Audited' })).status).toBe(200);
    const [entry] = (await auditLog(`entity=company&entity_id=${acme.companyId}`)).data;
    expect(entry).toMatchObject({ action: 'update', actor: { type: 'token', id: acmeTokenId }, changes: { name: { after: 'Acme Audited' } } });
    expect(JSON.stringify((await auditLog('entity=company', globex)).data)).not.toContain('Acme Audited');
  });

  it('records a write made without a transaction of its own (a location update) as the token\'s too', async () => {
    const warehouse = await post('/locations', { name: 'Audit WH' });
    const patched = await api('PATCH', `/locations/${warehouse.id}`, { city: 'Lyon', street_address_1: '1 rue' });
    expect(patched.status, patched.text).toBe(200);
    const [entry] = (await auditLog(`entity=location&entity_id=${warehouse.id}`)).data;
    // Field names as the REST answers write them (street_address_1, digits as their own word).
    expect(entry).toMatchObject({ action: 'update', actor: { type: 'token', id: acmeTokenId } });
    expect(entry.changes).toEqual({ city: { before: null, after: 'Lyon' }, street_address_1: { before: null, after: '1 rue' } });
  });

  it('records every line of a document posted with set-based SQL, in the request that posted it, and not the ledger', async () => {
    const warehouse = await post('/locations', { name: 'Posting WH' });
    const products = [];
    for (const sku of ['AUD-P1', 'AUD-P2', 'AUD-P3']) products.push(await post('/products', { sku, name: sku }));
    const posted = await apiWithRequestId('req-adjust-1', 'POST', '/inventory/adjustments', {
      lines: products.map((p) => ({ product_id: p.id, location_id: warehouse.id, quantity: 5, unit_cost: 1.25 })),
    });
    expect(posted.status, posted.text).toBe(201);

    const all = (await auditLog('per_page=100')).data.filter((e) => e.request_id === 'req-adjust-1');
    const byEntity = (entity: string) => all.filter((e) => e.entity === entity);
    expect(byEntity('inventory_adjustment')).toHaveLength(1);
    const lines = byEntity('inventory_adjustment_line');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.changes.product_id.after).sort()).toEqual(products.map((p) => p.id).sort());
    expect(lines.every((l) => l.action === 'create' && l.actor.type === 'token')).toBe(true);
    expect(all.some((e) => ['stock_movement', 'stock_balance', 'cost_layer'].includes(e.entity))).toBe(false);
  });

  it('leaves no entry for a refused request, and records changes made outside a request as the system\'s', async () => {
    const before = (await auditLog('per_page=1')).meta.total;
    const refused = await api('POST', '/inventory/adjustments', { lines: [{ product_id: 999999, location_id: 1, quantity: 1 }] });
    expect(refused.status).toBe(422);
    expect((await auditLog('per_page=1')).meta.total).toBe(before);

    await createApiToken(server.database.prisma, { companyId: acme.companyId, name: 'made-by-a-job', scopes: ['read'] });
    const [entry] = (await auditLog('entity=api_token&actor=system')).data;
    expect(entry).toMatchObject({ action: 'create', actor: { type: 'system', id: null, name: null }, changes: { name: { before: null, after: 'made-by-a-job' } } });
    expect(entry.changes.token_hash).toEqual({ before: null, after: '[redacted]' });
  });
});

describe('who made a change', () => {
  it('records a token created on the settings pages as the signed-in user\'s', async () => {
    const client = new SettingsClient(server, 'acme');
    expect((await client.signIn(acme.adminEmail, acme.adminPassword)).status).toBeLessThan(400);
    await client.get('/settings/api-tokens');
    expect((await client.post('/settings/api-tokens', { name: 'made-by-a-person', scopes: 'read' })).status).toBeLessThan(400);
    const user = await server.database.prisma.user.findFirstOrThrow({ where: { companyId: acme.companyId } });
    const [entry] = (await auditLog(`entity=api_token&actor=user:${user.id}`)).data;
    expect(entry).toMatchObject({ action: 'create', actor: { type: 'user', id: user.id, name: acme.adminEmail }, changes: { name: { after: 'made-by-a-person' } } });
    expect(entry.request_id).toEqual(expect.any(String));
  });
});

describe('changes made by a job', () => {
  it('records an import\'s rows as the changes of the token that uploaded the file, in its request', async () => {
    const started = await server.call('POST', '/external/api/v1/imports?type=master_skus', {
      token: acme.token, company: 'acme', rawBody: 'sku,name\nAUD-IMP-1,Imported one\nAUD-IMP-2,Imported two\n',
      headers: { 'content-type': 'text/csv', 'x-request-id': 'req-import-1' },
    });
    expect(started.status, started.text).toBe(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await api('GET', `/imports/${started.body.data.id}`)).body.data.job;
      if (job.status === 'finished') break;
      if (Date.now() > deadline || ['failed', 'cancelled'].includes(job.status)) throw new Error(`import ended ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const created = (await auditLog('entity=product&per_page=100')).data.filter((e) => String(e.changes.sku?.after ?? '').startsWith('AUD-IMP-'));
    expect(created).toHaveLength(2);
    expect(created.every((e) => e.actor.type === 'token' && e.actor.id === acmeTokenId && e.request_id === 'req-import-1')).toBe(true);
  });
});

describe('GET /audit-log', () => {
  it('filters by actor, entity and time range, and pages', async () => {
    const mine = await auditLog(`actor=token:${acmeTokenId}&per_page=2`);
    expect(mine.data).toHaveLength(2);
    expect(mine.meta.total).toBeGreaterThan(5);
    expect(mine.data.every((e) => e.actor.type === 'token' && e.actor.id === acmeTokenId)).toBe(true);

    const future = await auditLog('from=2100-01-01');
    expect(future.data).toEqual([]);
    const past = await auditLog('to=2000-01-01%2000:00:00');
    expect(past.meta.total).toBe(0);
    const now = new Date();
    const window = await auditLog(`from=${new Date(now.getTime() - 3_600_000).toISOString()}&to=${new Date(now.getTime() + 60_000).toISOString()}&entity=location`);
    expect(window.data.length).toBeGreaterThan(0);
    expect(window.data.every((e) => e.entity === 'location')).toBe(true);
  });

  it('refuses bad filters with 422 naming the parameter', async () => {
    for (const [query, field] of [
      ['entity_id=abc', 'entity_id'],
      ['actor=somebody', 'actor'],
      ['from=2026-02-30', 'from'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['entity=Product%20Line', 'entity'],
      ['per_page=101', 'per_page'],
    ]) {
      const res = await api('GET', `/audit-log?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toContain(field);
    }
  });

  it("shows a company its own entries only, also over GraphQL", async () => {
    const theirs = await auditLog('per_page=100', globex);
    expect(theirs.data.every((e) => e.actor.id !== acmeTokenId)).toBe(true);
    expect(JSON.stringify(theirs.data)).not.toContain('AUD-');

    const res = await gql('{ auditLog(entity: "product", perPage: 5) { items { entity action actor { type } changes } meta { total } } }');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.auditLog.meta.total).toBeGreaterThan(0);
    expect(res.body.data.auditLog.items.every((e: any) => e.entity === 'product')).toBe(true);
  });
});

describe('retention', () => {
  it('removes a company\'s entries older than the retention in the daily job, and keeps the rest and other companies\'', async () => {
    expect(recurringSchedules(server.config).map((schedule) => schedule.type)).toContain(AUDIT_PURGE_JOB);
    expect(recurringSchedules({ ...server.config, auditRetentionDays: null }).map((schedule) => schedule.type)).not.toContain(AUDIT_PURGE_JOB);
    const initech = await server.createTenant('initech');
    const make = async (tenant: Tenant, name: string) => {
      const res = await api('POST', '/locations', { name }, tenant);
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as number;
    };
    const oldId = await make(initech, 'Old shelf');
    const recentId = await make(initech, 'Recent shelf');
    const theirOldId = await make(globex, 'Their old shelf');
    // Eight years ago, past the default seven.
    const backdate = (companyId: number, entityId: number) =>
      server.database.sql.query(
        `UPDATE "AuditLogEntry" SET "occurredAt" = now() - interval '8 years' WHERE "companyId" = $1 AND entity = 'location' AND "entityId" = $2`,
        [companyId, entityId],
      );
    await backdate(initech.companyId, oldId);
    await backdate(globex.companyId, theirOldId);

    const job = await enqueueJob(tenantClient(server.database.prisma, initech.companyId), { type: AUDIT_PURGE_JOB });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { status } = await server.database.prisma.job.findFirstOrThrow({ where: { companyId: initech.companyId, id: job.id } });
      if (status === 'finished') break;
      if (Date.now() > deadline || status === 'failed') throw new Error(`the purge job ended ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const kept = (await auditLog('entity=location&per_page=100', initech)).data.map((entry) => entry.entity_id);
    expect(kept).toContain(recentId);
    expect(kept).not.toContain(oldId);
    expect((await auditLog('entity=location&per_page=100', globex)).data.map((entry) => entry.entity_id)).toContain(theirOldId);
  });
});
