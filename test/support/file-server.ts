// One server and its companies for a whole test file: started before the file's first test, closed after its
// last. The objects handed back are filled in by then (`Object.assign`), so a file can destructure them at its
// top and use them in its tests as it would the values themselves.
//   const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);
// `api`, `post` and `gql` call as the first company unless given another (rest-client.ts).
import { afterAll, beforeAll } from 'vitest';
import { restClient } from './rest-client.js';
import { startTestServer, type CallResult, type Tenant, type TestServer } from './test-server.js';

export type StartOptions = Parameters<typeof startTestServer>[0];

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
    Object.assign(server, await startTestServer(options));
    for (const slug of slugs) Object.assign(companies[slug], await server.createTenant(slug));
  }, 60_000);
  afterAll(() => server.close?.());
  const { api, post } = restClient(() => ({ server, tenant: first() }));
  const gql = (query: string, variables: Record<string, unknown> = {}, tenant: Tenant = first()) =>
    server.graphql(query, variables, { company: tenant.slug, token: tenant.token });
  return { server, companies, api, post, gql };
}
