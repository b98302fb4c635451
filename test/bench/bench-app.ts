// The app a benchmark measures: a test database, one company with an API token, and the service listening on
// a free loopback port. The headers carry the token and the company's host.
import type { AddressInfo } from 'node:net';
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
