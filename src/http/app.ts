// The HTTP front door: one node:http handler that gives each request an id, logs it as JSON, and sends it
// to health checks, /graphql, the REST gateway under /external/api/v1, or the settings pages.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { answerGraphql, createGraphqlEndpoint, GRAPHQL_MAX_BODY_BYTES } from './graphql-endpoint.js';
import { readBody } from './body.js';
import { authenticateRequest } from './authenticate.js';
import { toHttpError, HttpProblem } from './errors.js';
import { describeError } from './logger.js';
import { sendJson } from './respond.js';
import type { AppServices } from './services.js';
import { pendingMigrations } from '../db/migrations.js';
import { createRestGateway, REST_BASE_PATH } from '../rest/gateway.js';
import { handleSettings, SETTINGS_PATH } from '../settings/settings-routes.js';
import { withIdempotency } from './idempotency.js';
import { runApiRequest } from './api-request.js';
import { handlePortal } from '../portal/portal-page.js';
import { PORTAL_PATH } from '../portal/portal-token.js';
import { decodePathSegment } from './path-segment.js';
import { serveStaticAsset, ASSETS_PATH, FAVICON_PATH } from './static-assets.js';
import { serveDashboard, DASHBOARD_PATH } from './dashboard-page.js';
import { serveGraphiQL, wantsGraphiQL } from './graphiql-page.js';
import { authenticateSession, callsWithSession, serveGraphiqlSession } from './session-caller.js';
import { serveSchemaIntrospection } from './public-schema.js';
import { LiveFeed } from '../domain/events/index.js';
import { serveGraphqlOverWebSocket } from './graphql-ws.js';
import { randomUUID as newRequestId } from 'node:crypto';
import { outboundPolicy } from '../config/config.js';

export interface App {
  server: http.Server;
  /**
   * Stops taking connections at once, lets in-flight requests finish, then closes the database. `beforeDatabaseClose`
   * (the job worker, the CLI socket) is started at once and awaited before the database closes.
   */
  close(beforeDatabaseClose?: () => Promise<void>): Promise<void>;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
/** On shutdown, how long ended subscription streams get to write their last events before they are cut. */
const STREAM_FLUSH_MS = 1_000;
/** Why a request's streamClosed signal was aborted. */
const CLIENT_GONE = new Error('the client closed the response');

const isEventStream = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

/** Resolves when every event-stream response in flight has closed, or after `ms`. */
function eventStreamsEnded(inFlight: Set<ServerResponse>, ms: number): Promise<void> {
  const open = [...inFlight].filter(isEventStream).map((res) => new Promise<void>((resolve) => (res.closed ? resolve() : res.once('close', () => resolve()))));
  if (open.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.all(open).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function createApp(services: AppServices): App {
  const { database, config, logger } = services;
  const graphql = createGraphqlEndpoint(services.schema, logger);
  // The subscriptions of this process read the committed outbox for the companies watched here.
  const live = new LiveFeed(database.prisma, { onError: (error) => logger.log('error', 'live event feed round failed', describeError(error)) });
  const rest = createRestGateway(services);
  const outbound = outboundPolicy(config);

  /** The caller of a /graphql request (or WebSocket upgrade): a settings session's cookie, or an API token. */
  const authenticateGraphql = (req: IncomingMessage, requestId: string) =>
    callsWithSession(req)
      ? authenticateSession(req, services, requestId)
      : authenticateRequest(req, database.prisma, database.sql, config.baseDomain, requestId, config.secretKey, outbound);

  async function route(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    // X-Forwarded-Proto says how the browser reached a proxy in front of us (it decides Secure cookies and the
    // links we hand out). Anyone can send it, so it counts only behind a proxy that sets it (TRUST_PROXY).
    if (!config.trustProxy) delete req.headers['x-forwarded-proto'];

    if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      try {
        await database.sql.query('SELECT 1');
        const pending = await pendingMigrations(database.sql);
        if (pending.length > 0) return sendJson(res, 503, { status: 'migrating', pending });
        return sendJson(res, 200, { status: 'ready' });
      } catch (error) {
        logger.log('error', 'readiness check failed', { request_id: requestId, ...describeError(error) });
        return sendJson(res, 503, { status: 'unavailable' });
      }
    }
    if (path.startsWith(ASSETS_PATH) || path === FAVICON_PATH) return serveStaticAsset(req, res, path);
    if (path === SETTINGS_PATH || path.startsWith(SETTINGS_PATH + '/')) return handleSettings(req, res, url, services);
    if (path === DASHBOARD_PATH) return serveDashboard(req, res, url, services);
    if (path.startsWith(PORTAL_PATH + '/')) return handlePortal(req, res, decodePathSegment(path.slice(PORTAL_PATH.length + 1)) ?? '', services);

    if (req.method === 'GET' && path === '/graphql/session') return serveGraphiqlSession(req, res, services);
    if (req.method === 'GET' && path === '/graphql/schema.json') return serveSchemaIntrospection(res, services.schema);
    if (path === '/graphql') {
      // GraphiQL itself is a static page; every operation needs a token, or a settings session from GraphiQL.
      if (wantsGraphiQL(req)) return serveGraphiQL(req, res);
      const caller = await authenticateGraphql(req, requestId);
      // A subscription's stream stops waiting as soon as its client goes. Aborted with a reason of its own: the
      // default reason is a DOMException, whose stack trace every /graphql request paid for when it closed.
      const streamClosed = new AbortController();
      res.once('close', () => streamClosed.abort(CLIENT_GONE));
      const appContext = { ...caller, live, streamClosed: streamClosed.signal };
      await runApiRequest(services, res, appContext, false, () =>
        withIdempotency(req, res, appContext, async (request) => {
          // The body read here, within the endpoint's limit, and handed to yoga whole (graphql-endpoint.ts).
          const body = request.method === 'POST' ? await readBody(request, GRAPHQL_MAX_BODY_BYTES) : undefined;
          return untilAnswerSentOrDropped(res, answerGraphql(graphql, request, res, body, { appContext, signal: streamClosed.signal }));
        }),
      );
      return;
    }
    if (path === REST_BASE_PATH || path.startsWith(REST_BASE_PATH + '/')) return rest.handle(req, res, url, requestId);

    throw new HttpProblem(404, 'Not found.');
  }

  /**
   * graphql-yoga writes a large answer in pieces and waits for the socket to drain between them; a socket the
   * client closed never drains, and the handler would never end (nor close() waiting for it). Once the answer has
   * begun, nothing is left to do for it when its response closes. (A close before that leaves the work running:
   * yoga finds the response closed when it comes to write.)
   */
  const untilAnswerSentOrDropped = <T>(res: ServerResponse, sending: Promise<T>): Promise<T | void> =>
    Promise.race([sending, new Promise<void>((resolve) => res.once('close', () => res.headersSent && resolve()))]);

  const inFlight = new Set<ServerResponse>();
  // A handler outlives its socket when the client goes away mid-request; the database must stay open until
  // every handler has finished, or its transaction would be cut off (and the pool would wait on it forever).
  const handlers = new Set<Promise<void>>();
  let closing: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.setHeader('x-request-id', requestId);
    if (closing) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.on('finish', () => {
      // While shutting down, a socket freed by this response must not linger in keep-alive.
      if (closing) server.closeIdleConnections();
      logger.log('info', 'request', {
        request_id: requestId,
        method: req.method,
        path: (req.url ?? '').split('?')[0],
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    res.on('close', () => inFlight.delete(res));
    const handling = route(req, res, requestId).catch((error) => {
      const mapped = toHttpError(error);
      if (!mapped) logger.log('error', 'unhandled error', { request_id: requestId, ...describeError(error) });
      if (res.headersSent) return void res.end();
      const { status, body, headers } = mapped ?? { status: 500, body: { message: 'Internal server error.' } };
      sendJson(res, status, body, headers);
    });
    handlers.add(handling);
    void handling.finally(() => handlers.delete(handling));
  });
  server.keepAliveTimeout = 5_000;
  const sockets = serveGraphqlOverWebSocket(server, graphql, async (req) => ({ ...(await authenticateGraphql(req, newRequestId())), live }), config.graphqlWsKeepAliveMs ?? 12_000);

  return {
    server,
    close(beforeDatabaseClose) {
      closing ??= (async () => {
        const othersDone = beforeDatabaseClose?.();
        // No new connections from now on; requests in flight finish, on a connection that then closes, and idle
        // keep-alive sockets close now.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
        server.closeIdleConnections();
        // Subscriptions get what is committed by now, then their streams end (and their responses with them).
        await live.close();
        await eventStreamsEnded(inFlight, STREAM_FLUSH_MS);
        await sockets.close(STREAM_FLUSH_MS);
        // Other event streams (an import's progress) never end by themselves: close them, and their watchers stop.
        for (const res of inFlight) if (isEventStream(res)) res.destroy();
        await stopped;
        await Promise.allSettled([...handlers, othersDone]);
        await database.close();
      })();
      return closing;
    },
  };
}
