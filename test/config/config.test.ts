// loadConfig(env): defaults, one problem per bad variable (all of them at once), and the embedded secret key.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

const KEY = 'k'.repeat(32);
const temp = mkdtempSync(path.join(tmpdir(), 'inventory-config-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A DATA_DIR of its own for each case, so no case writes a secret_key into ./data. */
let dirs = 0;
function dataDir(): string {
  return path.join(temp, `data-${++dirs}`);
}

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('Invalid configuration');
    return (error as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    // With SECRET_KEY set nothing is written, so the default ./data is only resolved, never created.
    const config = loadConfig({ SECRET_KEY: KEY });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(process.cwd(), 'data'),
      databaseUrl: null,
      baseDomain: 'localhost',
      secretKey: KEY,
      allowPrivateOutbound: false,
      outboundTimeoutMs: null,
      trustProxy: false,
      currencyRatesUrl: null,
      labelRenderUrl: null,
      shippingApi: null,
      jobLeaseSeconds: null,
      rateLimits: { token: 600, company: 1200, heavy_token: 60, heavy_company: 120 },
      auditRetentionDays: 2557,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: ' 0.0.0.0 ',
      DATA_DIR: 'relative/dir',
      DATABASE_URL: 'postgresql://app:pw@db:5432/inventory',
      BASE_DOMAIN: 'Example.COM',
      SECRET_KEY: KEY,
      ALLOW_PRIVATE_OUTBOUND: 'true',
      TRUST_PROXY: 'true',
      CURRENCY_RATES_URL: 'https://rates.example/eurofxref-daily.xml',
      LABEL_RENDER_URL: 'https://render.example',
      SHIPPING_API_URL: 'https://ship.example/api',
      SHIPPING_API_KEY: 'sk-1',
      JOB_LEASE_SECONDS: '5',
      OUTBOUND_TIMEOUT_SECONDS: '2.5',
      RATE_LIMITS: 'token=100, heavy_company=7',
      AUDIT_RETENTION_DAYS: '90',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('relative/dir'),
      databaseUrl: 'postgresql://app:pw@db:5432/inventory',
      baseDomain: 'example.com',
      secretKey: KEY,
      allowPrivateOutbound: true,
      outboundTimeoutMs: 2500,
      trustProxy: true,
      currencyRatesUrl: 'https://rates.example/eurofxref-daily.xml',
      labelRenderUrl: expect.stringMatching(/^https:\/\/render\.example/),
      shippingApi: expect.objectContaining({ url: expect.stringMatching(/^https:\/\/ship\.example\/api/) }),
      jobLeaseSeconds: 5,
      rateLimits: { token: 100, company: 1200, heavy_token: 60, heavy_company: 7 },
      auditRetentionDays: 90,
    });
  });

  it('keeps the audit log forever with AUDIT_RETENTION_DAYS=forever', () => {
    expect(loadConfig({ AUDIT_RETENTION_DAYS: ' Forever ', SECRET_KEY: KEY, DATA_DIR: dataDir() }).auditRetentionDays).toBeNull();
  });

  it('accepts PORT=0 and an empty PORT (default)', () => {
    expect(loadConfig({ PORT: '0', SECRET_KEY: KEY, DATA_DIR: dataDir() }).port).toBe(0);
    expect(loadConfig({ PORT: '', SECRET_KEY: KEY, DATA_DIR: dataDir() }).port).toBe(3000);
  });

  it.each([
    ['PORT', { PORT: 'abc' }, /PORT.*"abc"/],
    ['PORT', { PORT: '70000' }, /PORT.*"70000"/],
    ['PORT', { PORT: '-1' }, /PORT/],
    ['PORT', { PORT: '80.5' }, /PORT/],
    ['HOST', { HOST: '  ' }, /HOST/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x', SECRET_KEY: KEY }, /DATABASE_URL.*postgres.*"mysql:"/],
    ['DATABASE_URL', { DATABASE_URL: 'not a url', SECRET_KEY: KEY }, /DATABASE_URL is not a valid URL/],
    ['BASE_DOMAIN', { BASE_DOMAIN: 'bad domain!' }, /BASE_DOMAIN.*"bad domain!"/],
    ['JOB_LEASE_SECONDS', { JOB_LEASE_SECONDS: '0' }, /JOB_LEASE_SECONDS.*"0"/],
    ['OUTBOUND_TIMEOUT_SECONDS', { OUTBOUND_TIMEOUT_SECONDS: '0' }, /OUTBOUND_TIMEOUT_SECONDS.*"0"/],
    ['OUTBOUND_TIMEOUT_SECONDS', { OUTBOUND_TIMEOUT_SECONDS: 'soon' }, /OUTBOUND_TIMEOUT_SECONDS.*"soon"/],
    ['BASE_DOMAIN', { BASE_DOMAIN: '-leading.dash' }, /BASE_DOMAIN/],
    ['SECRET_KEY', { SECRET_KEY: 'x'.repeat(31) }, /SECRET_KEY must be at least 32/],
    ['SECRET_KEY', { DATABASE_URL: 'postgres://u@h/db' }, /SECRET_KEY is required when DATABASE_URL is set/],
    ['ALLOW_PRIVATE_OUTBOUND', { ALLOW_PRIVATE_OUTBOUND: 'yes', SECRET_KEY: KEY }, /ALLOW_PRIVATE_OUTBOUND must be true or false, got "yes"/],
    ['TRUST_PROXY', { TRUST_PROXY: 'sometimes', SECRET_KEY: KEY }, /TRUST_PROXY must be true or false, got "sometimes"/],
    ['CURRENCY_RATES_URL', { CURRENCY_RATES_URL: 'ftp://rates', SECRET_KEY: KEY }, /CURRENCY_RATES_URL must be an http or https URL/],
    ['AUDIT_RETENTION_DAYS', { AUDIT_RETENTION_DAYS: '0', SECRET_KEY: KEY }, /AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, or forever, got "0"/],
    ['AUDIT_RETENTION_DAYS', { AUDIT_RETENTION_DAYS: '1.5', SECRET_KEY: KEY }, /AUDIT_RETENTION_DAYS.*"1.5"/],
    ['RATE_LIMITS', { RATE_LIMITS: 'tokens=5', SECRET_KEY: KEY }, /RATE_LIMITS: Unknown rate-limit budget "tokens"/],
    ['RATE_LIMITS', { RATE_LIMITS: 'token=0', SECRET_KEY: KEY }, /RATE_LIMITS: The token limit must be from 1 to 1000000/],
  ])('rejects a bad %s: %j', (variable, env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(variable);
    expect(problems[0]).toMatch(message);
  });

  it('reports every bad value at once', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', BASE_DOMAIN: 'bad domain!', SECRET_KEY: 'short' });
    expect(problems).toHaveLength(4);
    for (const [i, variable] of ['PORT', 'DATABASE_URL', 'BASE_DOMAIN', 'SECRET_KEY'].entries()) {
      expect(problems[i]).toContain(variable);
    }
    // The message lists each problem on its own line.
    expect(() => loadConfig({ PORT: 'abc', BASE_DOMAIN: 'bad domain!', DATA_DIR: dataDir() })).toThrow(
      /Invalid configuration:\n {2}- PORT.*\n {2}- BASE_DOMAIN/,
    );
  });

  it('does not create a secret key when the configuration is invalid', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(ConfigError);
    expect(existsSync(path.join(dir, 'secret_key'))).toBe(false);
  });

  it('in embedded mode without SECRET_KEY generates a key in DATA_DIR/secret_key and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'secret_key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
    // Another data folder gets another key.
    expect(loadConfig({ DATA_DIR: dataDir() }).secretKey).not.toBe(first.secretKey);
  });

  it('an explicit SECRET_KEY wins and writes nothing', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: KEY }).secretKey).toBe(KEY);
    expect(existsSync(path.join(dir, 'secret_key'))).toBe(false);
  });
});
