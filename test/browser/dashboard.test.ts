// In a real (headless) Chromium: the live dashboard (/dashboard, issue 35) of a user signed in to the settings
// pages shows the stock per warehouse and the open sales orders by status, and a change posted through REST
// appears on it within 2 s, with no reload; without a session the page sends the browser to the sign-in page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serverForFile } from '../support/file-server.js';
import { stockedSalesChannel } from '../support/seed.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--host-resolver-rules=MAP *.localhost 127.0.0.1'];
const TEST_TIMEOUT = 60_000;
/** How soon a change committed through REST must show on the page. */
const LIVE_MS = 2_000;

const { server, companies: { acme }, post } = serverForFile(['acme']);
let browser: Browser;
const siteUrl = (path: string) => `http://acme.localhost:${server.port}${path}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

function itInBrowser(name: string, test: (page: Page) => Promise<void>): void {
  it(
    name,
    async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(30_000);
      try {
        await test(await context.newPage());
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
}

async function signIn(page: Page): Promise<void> {
  await page.goto(siteUrl('/settings/sign-in'));
  await page.getByLabel('Email').fill(acme.adminEmail);
  await page.getByLabel('Password').fill(acme.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/settings/api-tokens');
}

const onHand = (page: Page, productId: number, warehouseId: number) =>
  page.locator(`td[data-product-id="${productId}"][data-warehouse-id="${warehouseId}"] .onhand`);
const orderCount = (page: Page, status: string) => page.locator(`#orders tr[data-status="${status}"] .count`);

describe('live dashboard', () => {
  itInBrowser('without a session, sends the browser to the sign-in page', async (page) => {
    const loaded = await page.goto(siteUrl('/dashboard'));
    expect(new URL(page.url()).pathname).toBe('/settings/sign-in');
    const first = await loaded!.request().redirectedFrom()!.response();
    expect([first!.url(), first!.status()]).toEqual([siteUrl('/dashboard'), 303]);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  itInBrowser('shows stock per warehouse and open orders by status, then a REST change within 2 s, with no reload', async (page) => {
    const { north, channel, widget } = await stockedSalesChannel(post, 10);
    const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 2 }] });
    expect(order.status).toBe('draft');

    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname !== `acme.localhost`) outside.push(request.url());
    });
    await signIn(page);
    const loaded = await page.goto(siteUrl(`/dashboard?products=${widget.id}`));
    expect(loaded!.status()).toBe(200);
    expect(loaded!.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await page.waitForFunction(() => document.body.dataset.live === 'orders stock');
    expect(await onHand(page, widget.id, north.id).textContent()).toBe('10');
    expect(await page.locator('#stock-table thead th[data-warehouse-id]').textContent()).toBe('North');
    expect(await orderCount(page, 'draft').textContent()).toBe('1');
    expect(await orderCount(page, 'confirmed').textContent()).toBe('0');
    await pause(300); // the streams are answered; let the server start watching

    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: north.id, quantity: 5, unit_cost: 1 }] });
    await expect.poll(() => onHand(page, widget.id, north.id).textContent(), { timeout: LIVE_MS, interval: 50 }).toBe('15');

    await post(`/sales-orders/${order.id}/confirm`);
    await expect.poll(() => orderCount(page, 'confirmed').textContent(), { timeout: LIVE_MS, interval: 50 }).toBe('1');
    expect(await orderCount(page, 'draft').textContent()).toBe('0');
    // The reservation of 2: the warehouse's available, as the server totals it.
    const available = page.locator(`td[data-product-id="${widget.id}"][data-warehouse-id="${north.id}"] .available`);
    await expect.poll(() => available.textContent(), { timeout: LIVE_MS, interval: 50 }).toBe(' (13)');

    expect(navigations).toBe(0);
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);
  });

  itInBrowser('without ?products, shows the first products by id', async (page) => {
    await signIn(page);
    await page.goto(siteUrl('/dashboard'));
    await page.waitForFunction(() => (document.body.dataset.live ?? '').includes('orders'));
    await page.locator('#stock-table tbody tr[data-product-id]').first().waitFor();
    const shown = await page.locator('#stock-table tbody tr[data-product-id]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-product-id'))));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(5);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });
});
