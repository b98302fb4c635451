// The settings pages over real HTTP: sign-in (errors, throttling, CSRF), sessions bound to their company's
// host, the API token lifecycle (create → the secret works → revoke → it no longer does), and the read-only list
// of the company's feature flags.
import { describe, expect, it } from 'vitest';
import { startTestServer, type Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { SettingsClient, csrfTokenIn, newTokenSecretIn } from '../support/settings-client.js';
import { purposeKey, sign } from '../../src/settings/signing.js';
import { SESSION_COOKIE } from '../../src/settings/session.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';

const { server, companies: { acme, beta } } = serverForFile(['acme', 'beta']);

async function signedIn(tenant: Tenant): Promise<SettingsClient> {
  const client = new SettingsClient(server, tenant.slug);
  const result = await client.signIn(tenant.adminEmail, tenant.adminPassword);
  expect(result.status).toBe(303);
  expect(result.headers.location).toBe('/settings/api-tokens');
  return client;
}

/** The REST list of locations answered for a token (the API the tokens are for). */
const callApi = (token: string, company = 'acme') => server.call('GET', '/external/api/v1/locations', { token, company });

describe('signed out', () => {
  it('redirects the token page and /settings to the sign-in page', async () => {
    const client = new SettingsClient(server, 'acme');
    const tokens = await client.get('/settings/api-tokens');
    expect(tokens.status).toBe(303);
    expect(tokens.headers.location).toBe('/settings/sign-in');
    const root = await client.get('/settings');
    expect(root.status).toBe(303);
    expect(root.headers.location).toBe('/settings/api-tokens');
    const create = await client.post('/settings/api-tokens', { name: 'x' }, 'whatever');
    expect(create.status).toBe(303);
    expect(create.headers.location).toBe('/settings/sign-in');
  });

  it('shows a sign-in form with a CSRF cookie, asking for the company only on the bare host', async () => {
    const onCompanyHost = new SettingsClient(server, 'acme');
    const page = await onCompanyHost.get('/settings/sign-in');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="email"');
    expect(page.text).toContain('name="password"');
    expect(page.text).not.toContain('name="company"');
    const cookie = (page.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/;/);
    expect(cookie).not.toMatch(/Secure/);

    const onBareHost = new SettingsClient(server, null);
    expect((await onBareHost.get('/settings/sign-in')).text).toContain('name="company"');
    const result = await onBareHost.post('/settings/sign-in', { company: 'acme', email: acme.adminEmail, password: acme.adminPassword });
    expect(result.status).toBe(303);
    expect((await onBareHost.get('/settings/api-tokens')).status).toBe(200);
  });

  it('marks cookies Secure when the request came over https through a trusted proxy, and only then', async () => {
    // Not behind a proxy (TRUST_PROXY unset): anyone could send the header, so it changes nothing.
    const direct = await server.call('GET', '/settings/sign-in', { company: 'acme', headers: { 'x-forwarded-proto': 'https' } });
    expect((direct.headers['set-cookie'] ?? []).join('\n')).not.toMatch(/; Secure/);
    const behindProxy = await startTestServer({ configure: (config) => ({ ...config, trustProxy: true }) });
    try {
      await behindProxy.createTenant('acme');
      const viaHttps = await behindProxy.call('GET', '/settings/sign-in', { company: 'acme', headers: { 'x-forwarded-proto': 'https' } });
      expect((viaHttps.headers['set-cookie'] ?? []).join('\n')).toMatch(/; Secure/);
      const viaHttp = await behindProxy.call('GET', '/settings/sign-in', { company: 'acme', headers: { 'x-forwarded-proto': 'http' } });
      expect((viaHttp.headers['set-cookie'] ?? []).join('\n')).not.toMatch(/; Secure/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('sign-in', () => {
  it('answers 401 with a clear message for a wrong password or unknown email', async () => {
    const client = new SettingsClient(server, 'beta');
    const wrong = await client.signIn(beta.adminEmail, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The email or password is incorrect.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.text).toContain(`value="${beta.adminEmail}"`);
    const unknown = await client.signIn('nobody@beta.test', 'whatever whatever');
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain('The email or password is incorrect.');
    // beta has one failure recorded; a correct sign-in resets it.
    expect((await client.signIn(beta.adminEmail, beta.adminPassword)).status).toBe(303);
  });

  it('throttles after repeated failures, refusing even the right password', async () => {
    const victim = await server.createTenant('throttled');
    const client = new SettingsClient(server, 'throttled');
    for (let i = 0; i < 3; i++) expect((await client.signIn(victim.adminEmail, `wrong ${i}`)).status).toBe(401);
    const throttled = await client.signIn(victim.adminEmail, victim.adminPassword);
    expect(throttled.status).toBe(429);
    expect(throttled.text).toContain('Too many failed sign-in attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.headers['set-cookie']).toBeUndefined();
    expect((await client.signIn(victim.adminEmail, 'still wrong')).status).toBe(429);
    expect((await client.get('/settings/api-tokens')).status).toBe(303);
  });

  it('refuses a sign-in form without a valid CSRF token (403)', async () => {
    const client = new SettingsClient(server, 'acme');
    await client.get('/settings/sign-in');
    const fields = { email: acme.adminEmail, password: acme.adminPassword };
    const missing = await client.post('/settings/sign-in', fields, null);
    expect(missing.status).toBe(403);
    expect(missing.headers['set-cookie']).toBeUndefined();
    expect((await client.post('/settings/sign-in', fields, 'forged')).status).toBe(403);

    // A token without its cookie (a cross-site form cannot set our cookie) is refused too.
    const noCookie = new SettingsClient(server, 'acme');
    const page = await client.get('/settings/sign-in');
    expect(page.status).toBe(200);
    noCookie.lastPage = client.lastPage;
    expect((await noCookie.post('/settings/sign-in', fields)).status).toBe(403);
  });

  it('refuses forms without the session CSRF token once signed in (403)', async () => {
    const client = await signedIn(acme);
    const page = await client.get('/settings/api-tokens');
    expect(page.status).toBe(200);
    const ownToken = csrfTokenIn(page.text);
    expect((await client.post('/settings/api-tokens', { name: 'csrf-less', scopes: 'read' }, null)).status).toBe(403);
    expect((await client.post('/settings/api-tokens', { name: 'csrf-less', scopes: 'read' }, 'nope')).status).toBe(403);
    const other = await signedIn(acme); // another session's token does not fit this session
    await other.get('/settings/api-tokens');
    const othersToken = csrfTokenIn(other.lastPage);
    expect(othersToken).not.toBe(ownToken);
    expect((await client.post('/settings/api-tokens', { name: 'csrf-less', scopes: 'read' }, othersToken)).status).toBe(403);
    expect((await client.post('/settings/sign-out', {}, null)).status).toBe(403);
    expect((await client.get('/settings/api-tokens')).status).toBe(200); // still signed in
    expect((await client.post('/settings/api-tokens', { name: 'with csrf', scopes: 'read' }, ownToken)).status).toBe(200);
    const tokens = await server.database.prisma.apiToken.findMany({ where: { name: 'csrf-less' } });
    expect(tokens).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie of the whole site (GraphiQL uses it too)', async () => {
    const client = new SettingsClient(server, 'acme');
    const result = await client.signIn(acme.adminEmail, acme.adminPassword);
    const session = (result.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\/;/);
    expect(session).toMatch(/Max-Age=43200/);
  });

  it('rejects a tampered session cookie', async () => {
    const client = await signedIn(acme);
    expect((await client.get('/settings/api-tokens')).status).toBe(200);
    const value = client.cookies.get(SESSION_COOKIE)!;
    const [payload, signature] = value.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, userId: decoded.userId + 1 })).toString('base64url');
    for (const tampered of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, `${payload}`, 'garbage']) {
      client.cookies.set(SESSION_COOKIE, tampered);
      const result = await client.get('/settings/api-tokens');
      expect(result.status).toBe(303);
      expect(result.headers.location).toBe('/settings/sign-in');
    }
  });

  it('rejects an expired session even when correctly signed', async () => {
    const user = await server.database.prisma.user.findFirstOrThrow({ where: { companyId: acme.companyId } });
    const key = purposeKey(server.config.secretKey, 'session');
    const issuedAt = Date.now() - 13 * 3600_000;
    const record = (expiresAt: number) => server.database.prisma.settingsSession.create({ data: { companyId: acme.companyId, userId: user.id, expiresAt: new Date(expiresAt) } });
    const old = await record(issuedAt + 12 * 3600_000);
    const live = await record(Date.now() + 3600_000);
    const expired = sign(key, { sessionId: old.id, userId: user.id, companyId: acme.companyId, issuedAt, expiresAt: issuedAt + 12 * 3600_000, csrfSecret: 'x'.repeat(32) });
    const fresh = sign(key, { sessionId: live.id, userId: user.id, companyId: acme.companyId, issuedAt: Date.now(), expiresAt: Date.now() + 3600_000, csrfSecret: 'x'.repeat(32) });
    // Signed correctly and not expired, but naming no session record (or another's): refused.
    const unrecorded = sign(key, { sessionId: 999_999, userId: user.id, companyId: acme.companyId, issuedAt: Date.now(), expiresAt: Date.now() + 3600_000, csrfSecret: 'x'.repeat(32) });
    const client = new SettingsClient(server, 'acme');
    client.cookies.set(SESSION_COOKIE, expired);
    expect((await client.get('/settings/api-tokens')).status).toBe(303);
    client.cookies.set(SESSION_COOKIE, unrecorded);
    expect((await client.get('/settings/api-tokens')).status).toBe(303);
    client.cookies.set(SESSION_COOKIE, fresh);
    expect((await client.get('/settings/api-tokens')).status).toBe(200);
  });

  it("does not let a session from company A's host work on company B's host", async () => {
    const onAcme = await signedIn(acme);
    const onBeta = new SettingsClient(server, 'beta');
    for (const [name, value] of onAcme.cookies) onBeta.cookies.set(name, value);
    const page = await onBeta.get('/settings/api-tokens');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/settings/sign-in');
    await onAcme.get('/settings/api-tokens');
    onBeta.lastPage = onAcme.lastPage; // even with the right CSRF token
    const create = await onBeta.post('/settings/api-tokens', { name: 'cross-tenant', scopes: ['read', 'write'] });
    expect(create.status).toBe(303);
    expect(await server.database.prisma.apiToken.count({ where: { name: 'cross-tenant' } })).toBe(0);
  });

  it('signs out everywhere: a copy of the cookie taken before signing out no longer works', async () => {
    const client = await signedIn(acme);
    await client.get('/settings/api-tokens');
    const copy = client.cookies.get(SESSION_COOKIE)!;
    const other = await signedIn(acme); // another session of the same user stays signed in
    const out = await client.post('/settings/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/settings/sign-in');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/settings/api-tokens')).status).toBe(303);
    client.cookies.set(SESSION_COOKIE, copy);
    const replayed = await client.get('/settings/api-tokens');
    expect(replayed.status).toBe(303);
    expect(replayed.headers.location).toBe('/settings/sign-in');
    expect((await other.get('/settings/api-tokens')).status).toBe(200);
  });
});

describe('API tokens', () => {
  it('creates a token whose secret is shown once and works, then revokes it', async () => {
    const client = await signedIn(acme);
    const page = await client.get('/settings/api-tokens');
    expect(page.text).toContain('Create API Token');
    expect(page.headers['cache-control']).toBe('no-store');

    const created = await client.post('/settings/api-tokens', { name: 'ci deploy', scopes: ['read', 'write'], expires_in_days: '30' });
    expect(created.status).toBe(200);
    const secret = newTokenSecretIn(created.text);
    expect(secret).toMatch(/^inv_/);
    expect(created.text).toContain('It will not be shown again');
    expect(created.headers['set-cookie']).toBeUndefined(); // the secret is not carried in a cookie
    const row = /<tr data-token-id="(\d+)">([\s\S]*?)<\/tr>/.exec(created.text)!;
    expect(row[2]).toContain('ci deploy');
    expect(row[2]).toContain('read, write');
    expect(row[2]).toContain('active');
    const stored = await server.database.prisma.apiToken.findFirstOrThrow({ where: { name: 'ci deploy' } });
    const admin = await server.database.prisma.user.findFirstOrThrow({ where: { companyId: acme.companyId } });
    expect(stored.createdById).toBe(admin.id);
    expect(stored.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const api = await callApi(secret!);
    expect(api.status).toBe(200);

    // The list shows it again, without the secret.
    const again = await client.get('/settings/api-tokens');
    expect(again.text).not.toContain(secret!);
    expect(newTokenSecretIn(again.text)).toBeNull();

    const revoked = await client.post(`/settings/api-tokens/${row[1]}/revoke`, {});
    expect(revoked.status).toBe(303);
    const after = await client.get(revoked.headers.location as string);
    expect(after.text).toContain('was revoked');
    expect(after.text).toMatch(new RegExp(`<tr data-token-id="${row[1]}">[\\s\\S]*?revoked[\\s\\S]*?</tr>`));
    expect((await callApi(secret!)).status).toBe(401);
  });

  it('shows validation errors (422) and name conflicts (409), keeping what was typed', async () => {
    const client = await signedIn(acme);
    await client.get('/settings/api-tokens');
    const longName = 'n'.repeat(256);
    const tooLong = await client.post('/settings/api-tokens', { name: longName, scopes: 'read', expires_in_days: '0' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.text).toContain(`value="${longName}"`);
    expect(tooLong.text).toContain('The name is required and may not be longer than 255 characters.');
    expect(tooLong.text).toContain('The expiry must be a whole number of days from 1 to 3650.');
    expect(tooLong.text).toMatch(/id="scope-read" name="scopes" value="read" checked/);
    expect(tooLong.text).not.toMatch(/id="scope-write" name="scopes" value="write" checked/);
    expect(newTokenSecretIn(tooLong.text)).toBeNull();

    const noScopes = await client.post('/settings/api-tokens', { name: 'no scopes' });
    expect(noScopes.status).toBe(422);
    expect(noScopes.text).toContain('Choose at least one scope.');

    const clash = await client.post('/settings/api-tokens', { name: 'test token', scopes: 'read' });
    expect(clash.status).toBe(409);
    expect(clash.text).toContain('An active token named &quot;test token&quot; already exists.');
    expect(clash.text).toContain('value="test token"');
  });

  it('escapes token names and cannot revoke another company’s token', async () => {
    const client = await signedIn(acme);
    await client.get('/settings/api-tokens');
    const created = await client.post('/settings/api-tokens', { name: '<script>alert(1)</script>', scopes: 'read' });
    expect(created.status).toBe(200);
    expect(created.text).not.toContain('<script>alert(1)</script>');
    expect(created.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const betaToken = await server.database.prisma.apiToken.findFirstOrThrow({ where: { companyId: beta.companyId } });
    const result = await client.post(`/settings/api-tokens/${betaToken.id}/revoke`, {});
    expect(result.status).toBe(404);
    expect((await server.database.prisma.apiToken.findFirstOrThrow({ where: { id: betaToken.id } })).revokedAt).toBeNull();
  });
});

describe('features', () => {
  /** The cells of a feature's row in the Features table, as HTML. */
  const featureRow = (html: string, name: string) => new RegExp(`<tr data-feature="${name}">([\\s\\S]*?)</tr>`).exec(html)?.[1];

  it("lists the company's features read-only, each with the CLI command that changes it", async () => {
    const gamma = await server.createTenant('gamma');
    await setFeature(tenantClient(server.database.prisma, gamma.companyId), 'cost_rules');
    const client = await signedIn(gamma);
    const page = await client.get('/settings/api-tokens');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="features-heading">Features</h2>');

    const costRules = featureRow(page.text, 'cost_rules')!;
    expect(costRules).toContain('<td><code>cost_rules</code></td>');
    expect(costRules).toContain('<td>on</td>');
    expect(costRules).toContain('<code>npm run cli -- company:features --company gamma --disable cost_rules</code>');
    const forecast = featureRow(page.text, 'forecast_materialized_table')!;
    expect(forecast).toContain('<td>off</td>');
    expect(forecast).toContain('<code>npm run cli -- company:features --company gamma --enable forecast_materialized_table</code>');

    // Read-only: nothing in the section submits anything.
    const section = /<section aria-labelledby="features-heading">([\s\S]*?)<\/section>/.exec(page.text)![1];
    expect(section).not.toMatch(/<form|<button|<input/);

    // Another company's page shows its own flags.
    const acmeClient = await signedIn(acme);
    const acmePage = await acmeClient.get('/settings/api-tokens');
    expect(featureRow(acmePage.text, 'cost_rules')).toContain('<td>off</td>');
    expect(featureRow(acmePage.text, 'cost_rules')).toContain('--company acme --enable cost_rules');
  });
});
