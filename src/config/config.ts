// Service configuration, read once from the environment and validated: a bad value stops the start
// with one clear message per problem. The server and the CLI share it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_LIMITS, parseRateLimits, type RateLimits } from '../domain/tenancy/index.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../domain/audit/index.js';
import type { OutboundPolicy } from '../outbound/http-request.js';

/** Where the embedded database lives when DATA_DIR is not set, relative to the working folder. */
export const DEFAULT_DATA_DIR = './data';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL when the service runs on a PostgreSQL server; null for embedded PGlite. */
  databaseUrl: string | null;
  baseDomain: string;
  secretKey: string;
  /** Outbound calls may go to private and loopback addresses (development and tests only). */
  allowPrivateOutbound: boolean;
  /**
   * OUTBOUND_TIMEOUT_SECONDS: how long any call to another system may take before the service gives up on it (a
   * request answers 502 naming that system); null (unset): each call's own (10 s; webhooks and labels 15 s; the
   * rates feed 20 s).
   */
  outboundTimeoutMs?: number | null;
  /** TRUST_PROXY: the service runs behind a proxy that sets X-Forwarded-Proto; otherwise that header is ignored. */
  trustProxy?: boolean;
  /** A feed of reference exchange rates in the ECB daily XML format, loaded daily; null: none. */
  currencyRatesUrl?: string | null;
  /** A Labelary-compatible label rendering service (ZPL → PNG); null: none. */
  labelRenderUrl?: string | null;
  /** The shipping API gateway (SHIPPING_API_URL, SHIPPING_API_KEY); null: the HTTP shipping provider is off. */
  shippingApi?: ShippingApiSettings | null;
  /**
   * RATE_LIMITS ("token=600,company=1200,heavy_token=60,heavy_company=120", any of them): the requests per minute a
   * company and its tokens may make unless the company has its own (src/domain/tenancy/rate-limits.ts). Unset:
   * DEFAULT_RATE_LIMITS.
   */
  rateLimits?: RateLimits;
  /** JOB_LEASE_SECONDS: every job's lease, instead of each kind's own (a dead process's job is taken again sooner). */
  jobLeaseSeconds?: number | null;
  /**
   * Multiplies the webhook retry schedule (src/domain/events/webhook-schedule.ts); default 1, the real delays
   * (5 s up to 24 h, three and a half days in all). Tests make it small rather than wait.
   */
  webhookRetryScale?: number;
  /**
   * How often a WebSocket connection of /graphql is pinged, so idle streams stay open through proxies; default
   * 12 000 ms, as SSE streams get a comment line (yoga's, fixed). Tests make it short to see it.
   */
  graphqlWsKeepAliveMs?: number;
  /** How often each process turns new events into webhook deliveries and queues the due ones; default 1000 ms. */
  webhookPumpMs?: number;
  /**
   * AUDIT_RETENTION_DAYS: audit entries older than this many days are removed daily (default
   * DEFAULT_AUDIT_RETENTION_DAYS, seven years); null (`forever`): every entry is kept.
   */
  auditRetentionDays?: number | null;
}

export interface ShippingApiSettings {
  url: string;
  key: string | null;
}

/**
 * SHIPPING_API_URL (http or https) and SHIPPING_API_KEY (sent as Authorization: Bearer). Read by loadConfig at
 * start, and again by the shipping domain when it calls the gateway (the request context carries no settings).
 */
export function shippingApiSettings(env: Env = process.env, problems: string[] = []): ShippingApiSettings | null {
  const raw = env.SHIPPING_API_URL?.trim() ?? '';
  if (raw === '') return null;
  if (!/^https?:\/\/[^\s/]+/i.test(raw)) {
    problems.push(`SHIPPING_API_URL must be an http or https URL, got "${raw}".`);
    return null;
  }
  return { url: raw.replace(/\/+$/, ''), key: env.SHIPPING_API_KEY?.trim() || null };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const port = parsePort(env.PORT, problems);
  const host = (env.HOST ?? '127.0.0.1').trim();
  if (!host) problems.push('HOST must not be empty (for example 127.0.0.1).');

  const dataDir = path.resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);

  let databaseUrl: string | null = null;
  if (env.DATABASE_URL !== undefined && env.DATABASE_URL.trim() !== '') {
    const raw = env.DATABASE_URL.trim();
    try {
      const url = new URL(raw);
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
        problems.push(`DATABASE_URL must be a postgres:// URL, got protocol "${url.protocol}".`);
      } else {
        databaseUrl = raw;
      }
    } catch {
      problems.push('DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database).');
    }
  }

  const baseDomain = (env.BASE_DOMAIN ?? 'localhost').trim().toLowerCase();
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(baseDomain)) {
    problems.push(`BASE_DOMAIN must be a host name such as "example.com" or "localhost", got "${env.BASE_DOMAIN}".`);
  }

  let secretKey = env.SECRET_KEY ?? '';
  if (secretKey !== '' && secretKey.length < 32) {
    problems.push('SECRET_KEY must be at least 32 characters long.');
  }
  if (secretKey === '' && databaseUrl !== null) {
    problems.push('SECRET_KEY is required when DATABASE_URL is set (several processes must share it).');
  }

  const trustProxy = (env.TRUST_PROXY ?? 'false').trim().toLowerCase();
  if (!['true', 'false', ''].includes(trustProxy)) problems.push(`TRUST_PROXY must be true or false, got "${env.TRUST_PROXY}".`);
  const privateOutbound = (env.ALLOW_PRIVATE_OUTBOUND ?? 'false').trim().toLowerCase();
  if (!['true', 'false', ''].includes(privateOutbound)) problems.push(`ALLOW_PRIVATE_OUTBOUND must be true or false, got "${env.ALLOW_PRIVATE_OUTBOUND}".`);

  let currencyRatesUrl: string | null = null;
  if (env.CURRENCY_RATES_URL !== undefined && env.CURRENCY_RATES_URL.trim() !== '') {
    const raw = env.CURRENCY_RATES_URL.trim();
    if (/^https?:\/\/[^\s/]+/i.test(raw)) currencyRatesUrl = raw;
    else problems.push(`CURRENCY_RATES_URL must be an http or https URL, got "${raw}".`);
  }

  let labelRenderUrl: string | null = null;
  try {
    labelRenderUrl = readLabelRenderUrl(env);
  } catch (error) {
    problems.push((error as Error).message);
  }

  const shippingApi = shippingApiSettings(env, problems);

  let jobLeaseSeconds: number | null = null;
  if (env.JOB_LEASE_SECONDS !== undefined && env.JOB_LEASE_SECONDS.trim() !== '') {
    const value = Number(env.JOB_LEASE_SECONDS);
    if (Number.isInteger(value) && value >= 1 && value <= 3600) jobLeaseSeconds = value;
    else problems.push(`JOB_LEASE_SECONDS must be a whole number of seconds from 1 to 3600, got "${env.JOB_LEASE_SECONDS}".`);
  }

  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...parseRateLimitsSetting(env.RATE_LIMITS, problems) };

  let auditRetentionDays: number | null = DEFAULT_AUDIT_RETENTION_DAYS;
  const retention = env.AUDIT_RETENTION_DAYS?.trim().toLowerCase();
  if (retention === 'forever') auditRetentionDays = null;
  else if (retention !== undefined && retention !== '') {
    const value = Number(retention);
    if (Number.isInteger(value) && value >= 1 && value <= 36_500) auditRetentionDays = value;
    else problems.push(`AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, or forever, got "${env.AUDIT_RETENTION_DAYS}".`);
  }

  let outboundTimeoutMs: number | null = null;
  if (env.OUTBOUND_TIMEOUT_SECONDS !== undefined && env.OUTBOUND_TIMEOUT_SECONDS.trim() !== '') {
    const value = Number(env.OUTBOUND_TIMEOUT_SECONDS);
    if (Number.isFinite(value) && value >= 0.1 && value <= 300) outboundTimeoutMs = Math.round(value * 1000);
    else problems.push(`OUTBOUND_TIMEOUT_SECONDS must be a number of seconds from 0.1 to 300, got "${env.OUTBOUND_TIMEOUT_SECONDS}".`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  if (secretKey === '') secretKey = embeddedSecretKey(dataDir);
  return { port, host, dataDir, databaseUrl, baseDomain, secretKey, allowPrivateOutbound: privateOutbound === 'true', outboundTimeoutMs, trustProxy: trustProxy === 'true', currencyRatesUrl, labelRenderUrl, shippingApi, jobLeaseSeconds, rateLimits, auditRetentionDays };
}

/** How this service may call other systems (src/outbound/http-request.ts), from its configuration. */
export function outboundPolicy(config: Pick<Config, 'allowPrivateOutbound' | 'outboundTimeoutMs'>): OutboundPolicy {
  return { allowPrivate: config.allowPrivateOutbound, timeoutMs: config.outboundTimeoutMs ?? null };
}

function parseRateLimitsSetting(raw: string | undefined, problems: string[]): Partial<RateLimits> {
  const parsed = parseRateLimits(raw ?? '');
  for (const problem of parsed.problems) problems.push(`RATE_LIMITS: ${problem}`);
  return parsed.limits;
}

/**
 * LABEL_RENDER_URL, read where a label is rendered (the request context carries no configuration); an invalid
 * value also stops the start through loadConfig.
 */
export function readLabelRenderUrl(env: Env = process.env): string | null {
  const raw = env.LABEL_RENDER_URL?.trim() ?? '';
  if (raw === '') return null;
  if (!/^https?:\/\/[^\s/]+/i.test(raw)) throw new Error(`LABEL_RENDER_URL must be an http or https URL, got "${raw}".`);
  return raw.replace(/\/+$/, '');
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`PORT must be an integer from 0 to 65535, got "${raw}".`);
    return 0;
  }
  return value;
}

/** In embedded mode a secret is generated once and kept beside the data, so sessions survive restarts. */
function embeddedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}
