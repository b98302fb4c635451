// In a real (headless) Chromium: the API token pages end to end (with the company's feature flags), and GraphiQL working offline with a token
// typed into its Headers editor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';

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

let server: TestServer;
let acme: Tenant;
let browser: Browser;
let context: BrowserContext;

const siteUrl = (path: string) => `http://acme.localhost:${server.port}${path}`;
const callApi = (token: string) => server.call('GET', '/external/api/v1/locations', { token, company: 'acme' });

beforeAll(async () => {
  server = await startTestServer();
  acme = await server.createTenant('acme');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  context = await browser.newContext();
  context.setDefaultTimeout(30_000);
  return context.newPage();
}

describe('settings pages in a browser', () => {
  it(
    'signs in, creates a token, shows its secret once, and revokes it',
    async () => {
      const page = await newPage();
      try {
        await page.goto(siteUrl('/settings/api-tokens'));
        expect(new URL(page.url()).pathname).toBe('/settings/sign-in');
        await expect(page.getByLabel('Company').count()).resolves.toBe(0); // the host names the company

        await page.getByLabel('Email').fill(acme.adminEmail);
        await page.getByLabel('Password').fill(acme.adminPassword);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL('**/settings/api-tokens');
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
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});

describe('GraphiQL', () => {
  it(
    'runs a query with a token from the Headers editor, with no network access beyond this machine',
    async () => {
      const token = await server.createToken(acme.companyId, 'graphiql token', ['read']);
      const page = await newPage();
      const aborted: string[] = [];
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost');
        if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) || local) return route.continue();
        aborted.push(url.toString());
        return route.abort('blockedbyclient');
      });
      // The page's Content-Security-Policy must let GraphiQL do everything below: any violation fails the test.
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      try {
        const loaded = await page.goto(siteUrl('/graphql'), { timeout: TEST_TIMEOUT });
        expect(loaded!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        expect(loaded!.headers()['x-content-type-options']).toBe('nosniff');
        const execute = page.getByRole('button', { name: /Execute query/ });
        await execute.waitFor();

        await page.getByRole('button', { name: 'Headers', exact: true }).click();
        const headersEditor = page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden)');
        await headersEditor.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        // insertText sends the text at once into the empty editor, so bracket/quote auto-closing adds nothing.
        const headers = JSON.stringify({ Authorization: `Bearer ${token}` });
        await page.keyboard.insertText(headers);
        expect((await headersEditor.locator('.view-lines').textContent())?.replace(/\u00a0/g, ' ')).toBe(headers);

        await page.locator('.graphiql-query-editor .graphiql-editor').click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText('{ locations { meta { total } } }');

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
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});

describe('API docs page in a browser', () => {
  it(
    'renders the documented routes from the OpenAPI document with no network access beyond this machine',
    async () => {
      const page = await newPage();
      try {
        const outside: string[] = [];
        await context.route('**/*', (route) => {
          const url = new URL(route.request().url());
          const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
          if (!['http:', 'https:'].includes(url.protocol) || local) return route.continue();
          outside.push(url.toString());
          return route.abort('blockedbyclient');
        });
        const violations: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
        });
        const loaded = await page.goto(siteUrl('/external/api/v1/docs'));
        expect(loaded!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        await page.getByText('/locations/{locationId}').first().waitFor();
        await page.getByText('Update a warehouse or location').first().waitFor();
        // Opening an operation renders its schema (more of Swagger UI's code) under the same policy.
        await page.getByText('Update a warehouse or location').first().click();
        await page.screenshot({ path: '/tmp/api-docs.png' });
        expect(outside).toEqual([]);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});
