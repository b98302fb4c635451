// Starts the real service on 127.0.0.1 (random port) over a fresh test database, and offers small helpers
// to create tenants and call the API over real HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { jsonLogger, silentLogger, type Logger } from '../../src/http/logger.js';
import type { Config } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { openTestDatabase } from './test-database.js';
import { answerChecker, reportAnswerProblem } from './answer-check.js';
import { REST_BASE_PATH } from '../../src/rest/base-path.js';
import { startBackground, type Background } from '../../src/jobs/background.js';

export interface Tenant {
  companyId: number;
  slug: string;
  /** A read-write API token of the company. */
  token: string;
  adminEmail: string;
  adminPassword: string;
}

export interface CallOptions {
  token?: string | null;
  /** Company subdomain for the Host header; null sends the bare host (company taken from the token). */
  company?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

export interface TestServer {
  app: App;
  /** `url` on PostgreSQL: the database's address, for a connection of the test's own. */
  database: Database & { url?: string };
  config: Config;
  port: number;
  baseUrl: string;
  createTenant(slug: string, options?: { scopes?: string[] }): Promise<Tenant>;
  createToken(companyId: number, name: string, scopes?: string[]): Promise<string>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** POST /graphql with a query and variables. */
  graphql(query: string, variables?: Record<string, unknown>, options?: CallOptions): Promise<CallResult>;
  /** The job worker, when started with `background: true`. */
  background: Background | null;
  close(): Promise<void>;
}

/** `database`: serve this one (the caller set it up, e.g. at an older migration) instead of a fresh one. */
/** `background`: run the job worker too (polling every 50 ms), as the server does. */
export async function startTestServer(options: { logger?: Logger; database?: Database & { url?: string }; background?: boolean; configure?: (config: Config) => Config } = {}): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  let config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data-dir',
    databaseUrl: null,
    baseDomain: 'localhost',
    secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef',
    allowPrivateOutbound: true,
    // Far above what a test sends: rate limits are tested with a company's own (lower) numbers.
    rateLimits: { token: 1_000_000, company: 1_000_000, heavy_token: 1_000_000, heavy_company: 1_000_000 },
  };
  if (options.configure) config = options.configure(config);
  // TEST_SERVER_LOGS=1 prints the server's log (a 500's cause), which the tests otherwise keep quiet.
  const logger = options.logger ?? (process.env.TEST_SERVER_LOGS ? jsonLogger() : silentLogger);
  const app = createApp({ config, database, schema: buildSchema(), logger });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const port = (app.server.address() as AddressInfo).port;
  const background: Background | null = options.background
    ? startBackground({ prisma: database.prisma, config, logger }, { pollMs: 50, schedules: false })
    : null;

  const createToken = async (companyId: number, name: string, scopes = ['read', 'write']) =>
    (await createApiToken(database.prisma, { companyId, name, scopes })).secret;

  const send = (method: string, path: string, opts: CallOptions = {}): Promise<CallResult> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      headers.host = opts.company ? `${opts.company}.localhost:${port}` : `localhost:${port}`;
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let payload: string | Buffer | undefined = opts.rawBody;
      if (payload === undefined && opts.body !== undefined) payload = JSON.stringify(opts.body);
      if (payload !== undefined) {
        headers['content-type'] ??= 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      // A connection per request: Node 20 keeps sockets alive by default, and a socket the server is just
      // closing after its keep-alive time-out (a pause over 5 s, as under load in CI) would fail with ECONNRESET.
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });

  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<CallResult> => {
    const result = await send(method, path, opts);
    if (path.startsWith(REST_BASE_PATH)) {
      const checker = await answerChecker(async () => (await send('GET', `${REST_BASE_PATH}/openapi.json`)).body);
      const problem = checker.problem(method, path, result.status, result.headers['content-type'], result.text);
      if (problem) reportAnswerProblem(problem);
    }
    return result;
  };

  return {
    app,
    database,
    config,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async createTenant(slug, tenantOptions = {}) {
      const adminEmail = `admin@${slug}.test`;
      const adminPassword = 'correct horse battery staple';
      const { company } = await createCompany(database.prisma, { slug, name: `Company ${slug}`, adminEmail, adminPassword });
      const token = await createToken(company.id, 'test token', tenantOptions.scopes);
      return { companyId: company.id, slug, token, adminEmail, adminPassword };
    },
    createToken,
    call,
    graphql: (query, variables = {}, opts = {}) => call('POST', '/graphql', { ...opts, body: { query, variables } }),
    background,
    close: () => app.close(background ? () => background.stop() : undefined),
  };
}
