// The supplier portal: links through REST, the page in a real (headless) Chromium answering without an
// account or script, the answer stored on the order and accepted, and links that are modified, revoked,
// expired or lead to a cancelled order showing a clear page and changing nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { serverForFile } from '../support/file-server.js';
import { submittedPurchaseOrder } from '../support/seed.js';

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

const { server, api, post } = serverForFile(['acme']);
let browser: Browser;
let supplier: any;
let warehouse: any;
let product: any;

const submittedOrder = () =>
  submittedPurchaseOrder(post, { supplier_id: supplier.id, warehouse_id: warehouse.id, expected_date: '2026-08-01', lines: [{ product_id: product.id, quantity: 100, unit_cost: 2, tax_rate: 10 }] });

/** A GET of a portal URL without a browser: status and text. */
async function fetchPage(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
  const path = new URL(url).pathname;
  const res = await server.call(init.method ?? 'GET', path, {
    company: 'acme',
    token: null,
    rawBody: init.form ? new URLSearchParams(init.form).toString() : undefined,
    headers: init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
  });
  return { status: res.status, text: res.text };
}

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Portal Parts' });
  warehouse = await post('/locations', { name: 'Main' });
  product = await post('/products', { name: 'Gear', sku: 'GEAR-1' });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

describe('supplier portal', () => {
  it('lets the supplier propose changes in a browser, and the buyer accept them', async () => {
    const po = await submittedOrder();
    const link = await api('POST', `/purchase-orders/${po.id}/portal-link`, { expires_in_days: 7 });
    expect(link.status, link.text).toBe(200);
    expect(Object.keys(link.body.data).sort()).toEqual(['expires_at', 'url']);
    const url = link.body.data.url as string;
    expect(url).toMatch(new RegExp(`^http://acme\\.localhost:${server.port}/supplier-portal/[\\w-]+\\.[\\w-]+$`));
    expect(Date.parse(link.body.data.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(url);
    await expect(page.locator('h1').textContent()).resolves.toBe(`Purchase order ${po.po_number}`);
    await page.fill(`#quantity_${po.lines[0].id}`, '80');
    await page.fill(`#unit_cost_${po.lines[0].id}`, '2.1234567891');
    await page.fill(`#expected_date_${po.lines[0].id}`, '2026-08-15');
    await page.fill('#note_propose', 'Only 80 in stock');
    await page.click('text=Propose these changes');
    await expect(page.locator('[role=status]').textContent()).resolves.toContain('You proposed changes.');
    await context.close();

    const answered = (await api('GET', `/purchase-orders/${po.id}`)).body.data;
    expect(answered.supplier_response).toMatchObject({
      status: 'changes_proposed', note: 'Only 80 in stock',
      lines: [{ line_id: po.lines[0].id, quantity: 80, unit_cost: 2.1234567891, expected_date: '2026-08-15' }],
    });
    expect(answered.lines[0].quantity).toBe(100);
    // The audit log records the answer as the supplier's.
    const audit = await api('GET', `/audit-log?entity=purchase_order&entity_id=${po.id}&actor=supplier:${supplier.id}`);
    expect(audit.body.data[0]).toMatchObject({ action: 'update', actor: { type: 'supplier', id: supplier.id, name: 'Portal Parts' } });
    expect(audit.body.data[0].changes).toHaveProperty('supplier_response');

    const accepted = await api('POST', `/purchase-orders/${po.id}/supplier-response/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    // The proposed cost is taken to the last digit: 80 × 2.1234567891 = 169.876543128 → 169.88; 10 % tax 16.988 → 16.99.
    expect(accepted.body.data.lines[0]).toMatchObject({ quantity: 80, base_quantity: 80, unit_cost: 2.1234567891, line_total: 169.88, tax_amount: 16.99, expected_date: '2026-08-15' });
    expect(accepted.body.data).toMatchObject({ subtotal: 169.88, tax_total: 16.99, total: 186.87 });
    expect(accepted.body.data.supplier_response.applied_at).toEqual(expect.any(String));
    // Accepting changed the lines (and what is incoming): a change of the order in the event feed.
    // (The feed shows an event once every older transaction has ended: it may lag a moment on PostgreSQL.)
    const updates = await vi.waitUntil(async () => {
      const mine = (await api('GET', '/events?types=purchase_order.updated')).body.data.filter((e: any) => e.data.purchase_order_id === po.id);
      return mine.length > 0 && mine;
    }, { timeout: 20_000, interval: 25 });
    expect(updates.map((e: any) => e.data)).toEqual([expect.objectContaining({ status: 'submitted', changed: ['lines'], by: 'supplier_response' })]);
    expect((await api('POST', `/purchase-orders/${po.id}/supplier-response/accept`)).status).toBe(422);
  }, 60_000);

  it('shows a clear page and changes nothing for modified, revoked, expired links and cancelled orders', async () => {
    const po = await submittedOrder();
    const url = (await post(`/purchase-orders/${po.id}/portal-link`)).url as string;
    const opened = await fetchPage(url);
    expect(opened.status).toBe(200);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(opened.text)![1]!;

    const tampered = url.slice(0, -2) + (url.endsWith('AA') ? 'BB' : 'AA');
    expect((await fetchPage(tampered)).status).toBe(404);
    // A form without the right CSRF token is refused.
    expect((await fetchPage(url, { method: 'POST', form: { action: 'accept', csrf_token: 'forged' } })).status).toBe(403);
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.supplier_response).toBeNull();

    // A new link replaces the old one; a revoked link stops working.
    const second = (await post(`/purchase-orders/${po.id}/portal-link`)).url as string;
    const old = await fetchPage(url);
    expect(old.status).toBe(410);
    expect(old.text).toContain('This link has been withdrawn');
    expect((await fetchPage(url, { method: 'POST', form: { action: 'accept', csrf_token: csrf } })).status).toBe(410);
    expect((await api('DELETE', `/purchase-orders/${po.id}/portal-link`)).body.data).toEqual({ purchase_order_id: po.id, revoked: true });
    expect((await fetchPage(second)).status).toBe(410);

    // Expired: a link of one day, a day later.
    const third = (await post(`/purchase-orders/${po.id}/portal-link`, { expires_in_days: 1 })).url as string;
    await server.database.prisma.purchaseOrder.updateMany({ where: { id: po.id }, data: { portalLinkExpiresAt: new Date(Date.now() - 1000) } });
    const expired = await fetchPage(third);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This link has expired');

    // A cancelled order takes no answers.
    const fourth = (await post(`/purchase-orders/${po.id}/portal-link`)).url as string;
    const form = /name="csrf_token" value="([^"]+)"/.exec((await fetchPage(fourth)).text)![1]!;
    await post(`/purchase-orders/${po.id}/cancel`);
    const closed = await fetchPage(fourth, { method: 'POST', form: { action: 'reject', note: 'no', csrf_token: form } });
    expect(closed.status).toBe(410);
    expect(closed.text).toContain('no longer open');
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.supplier_response).toBeNull();

    // Links only for submitted orders; 422 for a draft, 404 for none.
    const draft = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: product.id, quantity: 1, unit_cost: 1 }] });
    expect((await api('POST', `/purchase-orders/${draft.id}/portal-link`)).status).toBe(422);
    expect((await api('POST', '/purchase-orders/999999/portal-link')).status).toBe(404);
    expect((await api('DELETE', '/purchase-orders/999999/portal-link')).status).toBe(404);
    expect((await api('POST', `/purchase-orders/${draft.id}/portal-link`, { expires_in_days: 365 })).status).toBe(422);
  }, 60_000);

  it('records an acceptance or a rejection with its note through the form', async () => {
    const po = await submittedOrder();
    const url = (await post(`/purchase-orders/${po.id}/portal-link`)).url as string;
    const csrf = /name="csrf_token" value="([^"]+)"/.exec((await fetchPage(url)).text)![1]!;
    const rejected = await fetchPage(url, { method: 'POST', form: { action: 'reject', note: 'Discontinued', csrf_token: csrf } });
    expect(rejected.status).toBe(200);
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.supplier_response).toMatchObject({ status: 'rejected', note: 'Discontinued', lines: [] });
    const invalid = await fetchPage(url, { method: 'POST', form: { action: 'propose', line_id: String(po.lines[0].id), [`quantity_${po.lines[0].id}`]: '-3', csrf_token: csrf } });
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain('Your proposal was not recorded');
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.supplier_response.status).toBe('rejected');
    expect((await api('POST', `/purchase-orders/${po.id}/supplier-response/accept`)).status).toBe(422);
  });
});
