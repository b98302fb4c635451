// In a real (headless) Chromium: the API token pages end to end (with the company's feature flags), and GraphiQL working offline with a token
// typed into its Headers editor, or on the settings session (queries, and a subscription over SSE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { serverForFile } from '../support/file-server.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // acme.localhost → this machine (Chromium does this for *.localhost anyway; the rule makes it explicit).
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];
const TEST_TIMEOUT = 60_000;

const { server, companies: { acme }, post } = serverForFile(['acme']);
let browser: Browser;
let context: BrowserContext;

const siteUrl = (path: string) => `http://acme.localhost:${server.port}${path}`;
const callApi = (token: string) => server.call('GET', '/external/api/v1/locations', { token, company: 'acme' });

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

/** A test on a fresh page, in a browser context of its own that is closed after it (`context` meanwhile). */
function itInBrowser(name: string, test: (page: Page) => Promise<void>): void {
  it(
    name,
    async () => {
      context = await browser.newContext();
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      try {
        await test(page);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
}

/** Aborts the context's requests to anywhere but this machine; the addresses refused are collected in the answer. */
async function blockOutsideRequests(): Promise<string[]> {
  const refused: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost');
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) || local) return route.continue();
    refused.push(url.toString());
    return route.abort('blockedbyclient');
  });
  return refused;
}

/** The page's console messages about its Content-Security-Policy, collected from now on. */
function policyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Signs in as acme's admin on the page that is open (the sign-in page), landing on the token page. */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(acme.adminEmail);
  await page.getByLabel('Password').fill(acme.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/settings/api-tokens');
}

/** Replaces the text of a GraphiQL editor, sent at once so that bracket and quote auto-closing adds nothing. */
async function replaceEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('settings pages in a browser', () => {
  itInBrowser('signs in, creates a token, shows its secret once, and revokes it', async (page) => {
    await page.goto(siteUrl('/settings/api-tokens'));
    expect(new URL(page.url()).pathname).toBe('/settings/sign-in');
    await expect(page.getByLabel('Company').count()).resolves.toBe(0); // the host names the company

    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Create API Token' }).waitFor();

    await page.getByLabel('Name').fill('browser token');
    expect(await page.getByLabel('read').isChecked()).toBe(true);
    expect(await page.getByLabel('write').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create API Token' }).click();

    const secret = ((await page.locator('#new-token-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^inv_/);
    expect(await page.getByText('It will not be shown again').count()).toBe(1);
    expect((await callApi(secret)).status).toBe(200);

    const row = page.getByRole('row', { name: /browser token/ });
    expect(await row.getByRole('cell', { name: 'active', exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: /Revoke/ }).click();
    await page.getByText('The token “browser token” was revoked.').waitFor();
    expect(await page.locator('#new-token-secret').count()).toBe(0); // not shown again
    expect(await page.getByRole('row', { name: /browser token/ }).getByRole('cell', { name: 'revoked', exact: true }).count()).toBe(1);

    expect((await callApi(secret)).status).toBe(401);

    // The company's feature flags, read-only, each with the command that changes it.
    await page.getByRole('heading', { name: 'Features' }).waitFor();
    const features = page.getByRole('table', { name: 'Features of Company acme' });
    const costRules = features.getByRole('row', { name: /cost_rules/ });
    expect(await costRules.getByRole('cell', { name: 'off', exact: true }).count()).toBe(1);
    expect(await costRules.getByRole('cell', { name: 'npm run cli -- company:features --company acme --enable cost_rules', exact: true }).count()).toBe(1);
    expect(await features.getByRole('row', { name: /forecast_materialized_table/ }).count()).toBe(1);
    expect(await features.getByRole('button').count()).toBe(0);
  });
});

describe('GraphiQL', () => {
  itInBrowser('runs a query with a token from the Headers editor, with no network access beyond this machine', async (page) => {
    const token = await server.createToken(acme.companyId, 'graphiql token', ['read']);
    const aborted = await blockOutsideRequests();
    // The page's Content-Security-Policy must let GraphiQL do everything below: any violation fails the test.
    const violations = policyViolations(page);
    const loaded = await page.goto(siteUrl('/graphql'), { timeout: TEST_TIMEOUT });
    expect(loaded!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(loaded!.headers()['x-content-type-options']).toBe('nosniff');
    const execute = page.getByRole('button', { name: /Execute query/ });
    await execute.waitFor();

    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    const headersEditor = page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden)');
    const headers = JSON.stringify({ Authorization: `Bearer ${token}` });
    await replaceEditorText(page, headersEditor, headers);
    expect((await headersEditor.locator('.view-lines').textContent())?.replace(/\u00a0/g, ' ')).toBe(headers);

    await replaceEditorText(page, page.locator('.graphiql-query-editor .graphiql-editor'), '{ locations { meta { total } } }');

    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        response.request().method() === 'POST' &&
        (response.request().postData() ?? '').includes('meta'),
    );
    await execute.click();
    const response = await answered;
    expect(response.request().headers()['authorization']).toBe(`Bearer ${token}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ data: { locations: { meta: { total: 0 } } } });

    await page.waitForFunction(() =>
      (document.querySelector('.graphiql-response')?.textContent ?? '').replace(/\u00a0/g, ' ').includes('"total": 0'),
    );
    await page.screenshot({ path: '/tmp/graphiql.png' });
    expect(aborted).toEqual([]);
    expect(violations).toEqual([]);
  });
});

describe('GraphiQL for support staff', () => {
  itInBrowser('signs in, then opens GraphiQL on the session: docs at once, a saved example run, read-only until changes are allowed, headers kept over a reload', async (page) => {
    // Something for the "stock of a SKU" example to find.
    const warehouse = await post('/locations', { name: 'Browser warehouse' });
    const product = await post('/products', { name: 'Chair', sku: 'SKU-1' });
    await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 7, unit_cost: 3 }] });

    const violations = policyViolations(page);
    const graphqlPosts: Array<{ headers: Record<string, string>; body: string; status: number; answer: string }> = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/graphql') || response.request().method() !== 'POST') return;
      graphqlPosts.push({ headers: response.request().headers(), body: response.request().postData() ?? '', status: response.status(), answer: await response.text() });
    });
    await page.goto(siteUrl('/settings/sign-in'));
    await signInAsAdmin(page);

    await page.goto(siteUrl('/graphql'), { timeout: TEST_TIMEOUT });
    const status = page.locator('#inventory-session');
    await status.getByText(`Signed in as ${acme.adminEmail} (Company acme)`).waitFor();
    expect(await status.textContent()).toContain('read-only');

    // The schema came with the session: the docs open on the root types at once.
    await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();
    const introspection = graphqlPosts.find((p) => p.body.includes('IntrospectionQuery'));
    expect(introspection?.status).toBe(200);

    // The saved examples are tabs; the SKU's stock runs with the session, no token anywhere.
    // A click event, not a pointer's press and release: GraphiQL's tabs can be dragged, and a press moves them.
    await page.locator('.graphiql-tab', { hasText: 'StockOfSku' }).locator('button').first().dispatchEvent('click');
    await page.locator('.graphiql-tab-active', { hasText: 'StockOfSku' }).waitFor();
    const execute = async (marker: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(marker));
      await page.getByRole('button', { name: /Execute query/ }).click();
      return (await answered).json();
    };
    const stock = await execute('StockOfSku');
    expect(stock.data.stock.items).toEqual([
      { product: { sku: 'SKU-1', name: 'Chair' }, location: { id: warehouse.id, name: 'Browser warehouse', parentId: null }, lot: null, quantity: 7, qtyPending: 0, qtyAvailable: 7, qtyIncoming: 0 },
    ]);
    await page.locator('.graphiql-response').getByText('"Browser warehouse"').waitFor();
    const run = graphqlPosts.find((p) => p.body.includes('StockOfSku'))!;
    expect(run.headers['authorization']).toBeUndefined();
    expect(run.headers['x-csrf-token']).toMatch(/.+/);
    expect(run.headers['x-graphiql-access']).toBeUndefined();

    // A mutation is refused until "Allow changes" is ticked.
    const queryLines = page.locator('.graphiql-query-editor .graphiql-editor .view-lines');
    const typeQuery = async (text: string) => {
      await replaceEditorText(page, page.locator('.graphiql-query-editor .graphiql-editor'), text);
      // The editor holds the text before Execute is pressed (under load the page may lag behind the keys).
      await expect.poll(async () => (await queryLines.textContent())?.replace(/\u00a0/g, ' ')).toBe(text);
    };
    // In a tab of its own: a tab remembers the operation name of its query until GraphiQL parses the new text.
    const tabs = await page.locator('.graphiql-tab').count();
    await page.locator('button.graphiql-tab-add').dispatchEvent('click');
    // The new tab is there and active (its editor empty) before anything is typed into it.
    await expect.poll(() => page.locator('.graphiql-tab').count()).toBe(tabs + 1);
    await expect.poll(async () => (await page.locator('.graphiql-tab-active').textContent()) ?? '').not.toContain('StockOfSku');
    await typeQuery('mutation { refused: createLocation(input: { name: "From the page" }) { id } }');
    expect((await execute('refused')).errors[0].extensions.code).toBe('FORBIDDEN');
    await status.getByLabel('Allow changes').check();
    expect(await status.textContent()).toContain('mutations run');
    await typeQuery('mutation { allowed: createLocation(input: { name: "From the page" }) { name } }');
    expect(await execute('allowed')).toEqual({ data: { allowed: { name: 'From the page' } } });

    // Headers typed in the editor are still there after a reload.
    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    const headers = JSON.stringify({ 'X-Support-Ticket': 'T-1' });
    await replaceEditorText(page, page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden)'), headers);
    // GraphiQL stores the editor's text a moment later: wait until it is in the page's storage.
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('X-Support-Ticket')));
    await page.reload();
    await status.getByText(`Signed in as ${acme.adminEmail}`).waitFor();
    await page.getByRole('button', { name: 'Headers', exact: true }).click();
    await expect
      .poll(async () => (await page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .view-lines').textContent())?.replace(/\u00a0/g, ' '))
      .toBe(headers);
    expect(violations).toEqual([]);
  });

  itInBrowser('runs a subscription over SSE on the session: an event committed through REST shows in the result pane', async (page) => {
    const violations = policyViolations(page);
    await page.goto(siteUrl('/settings/sign-in'));
    await signInAsAdmin(page);
    await page.goto(siteUrl('/graphql'), { timeout: TEST_TIMEOUT });
    await page.locator('#inventory-session').getByText(`Signed in as ${acme.adminEmail}`).waitFor();

    const tabs = await page.locator('.graphiql-tab').count();
    await page.locator('button.graphiql-tab-add').dispatchEvent('click');
    await expect.poll(() => page.locator('.graphiql-tab').count()).toBe(tabs + 1);
    const text = 'subscription { events { type } }';
    await replaceEditorText(page, page.locator('.graphiql-query-editor .graphiql-editor'), text);
    await expect.poll(async () => (await page.locator('.graphiql-query-editor .graphiql-editor .view-lines').textContent())?.replace(/\u00a0/g, ' ')).toBe(text);

    // GraphiQL's SSE fetcher sends a subscription as GET /graphql?query=… with Accept: text/event-stream, through
    // the session script's fetch (which adds the CSRF token).
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/graphql' && (r.request().postData() ?? r.url()).includes('subscription'));
    await page.getByRole('button', { name: /Execute query/ }).click();
    const stream = await opened;
    expect(stream.status()).toBe(200);
    expect(stream.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.request().headers()['x-csrf-token']).toMatch(/.+/);
    // The server read the stream's start position before it answered: what is committed from now on is sent.

    await post('/products', { name: 'Subscribed', sku: 'SUB-1' });
    await page.locator('.graphiql-response').getByText('"product.created"').waitFor({ timeout: 2_000 });
    expect(violations).toEqual([]);
  });

  itInBrowser('without a session or a token, still loads the docs, from the public schema', async (page) => {
    const schemaLoaded = page.waitForResponse((r) => r.url().endsWith('/graphql/schema.json'));
    await page.goto(siteUrl('/graphql'), { timeout: TEST_TIMEOUT });
    await page.locator('#inventory-session').getByText('Not signed in').waitFor();
    await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();
    expect((await schemaLoaded).status()).toBe(200);
  });
});

describe('API docs page in a browser', () => {
  itInBrowser('renders the documented routes from the OpenAPI document with no network access beyond this machine', async (page) => {
    const outside = await blockOutsideRequests();
    const violations = policyViolations(page);
    const loaded = await page.goto(siteUrl('/external/api/v1/docs'));
    expect(loaded!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await page.getByText('/locations/{locationId}').first().waitFor();
    await page.getByText('Update a warehouse or location').first().waitFor();
    // Opening an operation renders its schema (more of Swagger UI's code) under the same policy.
    await page.getByText('Update a warehouse or location').first().click();
    await page.screenshot({ path: '/tmp/api-docs.png' });
    expect(outside).toEqual([]);
    expect(violations).toEqual([]);
  });
});
