// Closing the app while a request is still being worked on: the client may already have gone away (its
// socket closed), but the handler keeps using the database. close() must wait for that handler before it
// closes the database, so the handler's queries complete instead of failing or hanging the close.
// And closing it after a client went away while its large GraphQL answer was still being written: graphql-yoga's
// writer waits for the socket to drain, which a socket closed by the other side never does, so the handler never
// ended and close() waited for it forever (seen as `npm run bench` hanging after its GraphQL case).
import { afterAll, beforeAll, expect, it } from 'vitest';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createApp, type App } from '../../src/http/app.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import type { RequestContext } from '../../src/graphql/context.js';
import type { Database } from '../../src/db/database.js';
import type { Logger } from '../../src/http/logger.js';
import { openTestDatabase } from '../support/test-database.js';

// The schema is the test's own: no REST routes to compile against it.
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
      text: { type: new GraphQLNonNull(GraphQLString), args: { size: { type: new GraphQLNonNull(GraphQLInt) } }, resolve: (_root, args: { size: number }) => 'x'.repeat(args.size) },
    },
  }),
});

/** An app on a database of its own, listening, with company acme and a read token. */
async function startApp(): Promise<{ app: App; database: Database; token: string }> {
  const database = await openTestDatabase();
  const app = createApp({
    config: { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', databaseUrl: null, baseDomain: 'localhost', secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef', allowPrivateOutbound: false },
    database,
    schema,
    logger,
    restRoutes: [],
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { company } = await createCompany(database.prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
  const token = (await createApiToken(database.prisma, { companyId: company.id, name: 't', scopes: ['read'] })).secret;
  return { app, database, token };
}

beforeAll(async () => {
  ({ app, database, token } = await startApp());
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

it('closes after a client hung up in the middle of a large answer it was not reading', async () => {
  // Far more than the loopback socket buffers of both ends hold, so the server's writes stop until the client reads.
  const answerBytes = 32 * 1024 * 1024;
  const own = await startApp();
  const port = (own.app.server.address() as AddressInfo).port;
  const body = JSON.stringify({ query: `{ text(size: ${answerBytes}) }` });
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // the test itself hangs up
  // The first bytes of the answer arrive; then the client stops reading, so the server's writes back up.
  const firstBytes = new Promise<void>((resolve) => socket.once('data', () => (socket.pause(), resolve())));
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: acme.localhost:${port}\r\nAuthorization: Bearer ${own.token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await firstBytes;
  await new Promise((resolve) => setTimeout(resolve, 300)); // the server fills the buffers and waits to write more
  socket.destroy();

  // A budget against a hang, not a measure of speed.
  const closed = await Promise.race([own.app.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 20_000))]);
  expect(closed).toBe('closed');
  expect(errors).toEqual([]);
});
