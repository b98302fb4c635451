// One server and its companies for a whole test file (or a database alone, databaseForTests): started before the
// file's first test, closed after its last. The objects handed back are filled in by then (`Object.assign`), so a file can destructure them at its
// top and use them in its tests as it would the values themselves.
//   const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);
// `api`, `post` and `gql` call as the first company unless given another (rest-client.ts). Options are
// startTestServer's, except that `database` may be a function that opens it (a file counting its statements:
// `database: () => openTestDatabase({ onQuery })`), called in the same beforeAll, so it is never opened for a
// file whose tests are all filtered out.
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { restClient } from './rest-client.js';
import { openTestDatabase } from './test-database.js';
import { startTestServer, type CallResult, type Tenant, type TestServer } from './test-server.js';

type ServedDatabase = Database & { url?: string };
export type StartOptions = Omit<NonNullable<Parameters<typeof startTestServer>[0]>, 'database'> & {
  database?: ServedDatabase | (() => Promise<ServedDatabase>);
};

export interface FileServer<Slug extends string> {
  server: TestServer;
  companies: Record<Slug, Tenant>;
  api: ReturnType<typeof restClient>['api'];
  post: ReturnType<typeof restClient>['post'];
  /** POST /graphql as a company (the first unless given). */
  gql(query: string, variables?: Record<string, unknown>, tenant?: Tenant): Promise<CallResult>;
}

export function serverForFile<Slug extends string>(slugs: readonly Slug[], options: StartOptions = {}): FileServer<Slug> {
  const server = {} as TestServer;
  const companies = Object.fromEntries(slugs.map((slug) => [slug, {}])) as Record<Slug, Tenant>;
  const first = () => companies[slugs[0]!];
  beforeAll(async () => {
    const database = typeof options.database === 'function' ? await options.database() : options.database;
    Object.assign(server, await startTestServer({ ...options, database }));
    for (const slug of slugs) Object.assign(companies[slug], await server.createTenant(slug));
  }, 60_000);
  afterAll(() => server.close?.());
  const { api, post } = restClient(() => ({ server, tenant: first() }));
  const gql = (query: string, variables: Record<string, unknown> = {}, tenant: Tenant = first()) =>
    server.graphql(query, variables, { company: tenant.slug, token: tenant.token });
  return { server, companies, api, post, gql };
}

/**
 * A fresh test database for the tests of the file (or of the describe it is called in): opened before the
 * first, closed after the last. Filled in by beforeAll (`Object.assign`), as serverForFile's server is.
 */
export function databaseForTests(options: Parameters<typeof openTestDatabase>[0] = {}): ServedDatabase {
  const database = {} as ServedDatabase;
  beforeAll(async () => {
    Object.assign(database, await openTestDatabase(options));
  }, 60_000);
  afterAll(() => database.close?.());
  return database;
}
