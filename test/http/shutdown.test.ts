// Closing the app while a request is still being worked on: the client may already have gone away (its
// socket closed), but the handler keeps using the database. close() must wait for that handler before it
// closes the database, so the handler's queries complete instead of failing or hanging the close.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { createApp, type App } from '../../src/http/app.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import type { RequestContext } from '../../src/graphql/context.js';
import type { Database } from '../../src/db/database.js';
import type { Logger } from '../../src/http/logger.js';
import { openTestDatabase } from '../support/test-database.js';

// The schema is the test's own: no REST routes to compile against it.
vi.mock('../../rest-mapping/index.js', () => ({ restRoutes: [] }));

let database: Database;
let app: App;
let token: string;
const errors: string[] = [];
const logger: Logger = { log: (level, message, fields) => void (level === 'error' && errors.push(`${message} ${JSON.stringify(fields)}`)) };

// The resolver announces that it started, then waits for the test to let it read the database.
let entered: () => void;
const resolverEntered = new Promise<void>((resolve) => (entered = resolve));
let release: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const readResults: number[] = [];

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      slowCount: {
        type: new GraphQLNonNull(GraphQLInt),
        resolve: async (_root, _args, ctx: RequestContext) => {
          entered();
          await released;
          const count = await ctx.db.$transaction(async (tx) => tx.location.count());
          readResults.push(count);
          return count;
        },
      },
    },
  }),
});

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({
    config: { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', databaseUrl: null, baseDomain: 'localhost', secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef', allowPrivateOutbound: false },
    database,
    schema,
    logger,
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { company } = await createCompany(database.prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
  token = (await createApiToken(database.prisma, { companyId: company.id, name: 't', scopes: ['read'] })).secret;
});
afterAll(async () => {
  release();
  await app?.close();
});

it('waits for a handler whose client went away before closing the database', async () => {
  const port = (app.server.address() as AddressInfo).port;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/graphql',
    headers: { host: `acme.localhost:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  req.on('error', () => undefined); // the test itself hangs up
  req.end(JSON.stringify({ query: '{ slowCount }' }));
  await resolverEntered;
  req.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100)); // the server sees the socket close

  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(closed).toBe(false); // the handler still holds the database

  release();
  await closing;
  expect(readResults).toEqual([0]);
  expect(errors).toEqual([]);
});
