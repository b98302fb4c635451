// The app a benchmark measures: a test database, one company with an API token, and the service listening on
// a free loopback port. The headers carry the token and the company's host.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp, type App } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import type { Config } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../support/test-database.js';

// A benchmark measures throughput, not the rate limits: every budget at its highest.
const BENCH_RATE_LIMITS = { token: 1_000_000, company: 1_000_000, heavy_token: 1_000_000, heavy_company: 1_000_000 };

/** The service's configuration in every benchmark: loopback, no rate limits in the way. */
export function benchConfig(): Config {
  return { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', databaseUrl: null, baseDomain: 'localhost', secretKey: 'x'.repeat(64), allowPrivateOutbound: false, rateLimits: BENCH_RATE_LIMITS };
}

export interface BenchApp {
  database: Database;
  config: Config;
  app: App;
  companyId: number;
  port: number;
  headers: { authorization: string; host: string };
  /** Stops listening, waits for requests, closes the database. */
  close(): Promise<void>;
}

export async function startBenchApp(): Promise<BenchApp> {
  const database = await openTestDatabase();
  const config = benchConfig();
  const app = createApp({ config, database, schema: buildSchema(), logger: silentLogger });
  const { company } = await createCompany(database.prisma, { slug: 'bench', name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench password' });
  const { secret } = await createApiToken(database.prisma, { companyId: company.id, name: 'bench' });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const port = (app.server.address() as AddressInfo).port;
  return { database, config, app, companyId: company.id, port, headers: { authorization: `Bearer ${secret}`, host: `bench.localhost:${port}` }, close: () => app.close() };
}

/** A further company on a running bench app: its id, slug, API tokens and the headers of its first token. */
export interface BenchCompany {
  id: number;
  slug: string;
  /** Bearer secrets of its tokens, `tokens` of them. */
  secrets: string[];
  headers: { authorization: string; host: string };
}

/**
 * `count` more companies on a running bench app (slugs tenant-1, tenant-2, …), each made as startBenchApp makes
 * its own (createCompany, then createApiToken), with `tokens` API tokens each (several when a case needs more
 * than one token may hold, e.g. open subscriptions).
 */
export async function addBenchCompanies(bench: Pick<BenchApp, 'database' | 'port'>, count: number, tokens = 1): Promise<BenchCompany[]> {
  const companies: BenchCompany[] = [];
  for (let n = 1; n <= count; n++) {
    const slug = `tenant-${n}`;
    const { company } = await createCompany(bench.database.prisma, { slug, name: `Tenant ${n}`, adminEmail: `${slug}@example.test`, adminPassword: 'bench password' });
    const secrets: string[] = [];
    for (let t = 1; t <= tokens; t++) secrets.push((await createApiToken(bench.database.prisma, { companyId: company.id, name: `bench ${t}` })).secret);
    companies.push({ id: company.id, slug, secrets, headers: { authorization: `Bearer ${secrets[0]}`, host: `${slug}.localhost:${bench.port}` } });
  }
  return companies;
}

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/** One case's figures over HTTP; `errors` counts answers that were not 2xx, which would make a case look faster. */
export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Measures one URL with autocannon: BENCH_CONNECTIONS connections for BENCH_SECONDS, after BENCH_WARMUP_SECONDS
 * unmeasured (so no case's figures include the first requests' compiling and cold caches). The load comes from a
 * worker thread of its own: on the server's thread, reading 10 connections' answers of about 200 kB each took turns
 * with the server, and every case's latency counted the client's work too.
 */
export async function measure(name: string, options: autocannon.Options): Promise<Measured> {
  const load = { connections: CONNECTIONS, workers: 1, ...options };
  if (WARMUP_S > 0) await autocannon({ ...load, duration: WARMUP_S });
  const result = await autocannon({ ...load, duration: DURATION_S });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}
