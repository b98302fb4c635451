// /graphql over WebSocket: the graphql-transport-ws protocol (the graphql-ws package), for subscriptions (and any
// operation) from clients that prefer a socket to Server-Sent Events. The caller is authenticated once, when the
// connection starts, exactly as /graphql over HTTP does: `Authorization: Bearer <token>` on the upgrade request
// or as the connection_init payload's `authorization`, or a settings session's cookie with its CSRF token as the
// payload's `x-csrf-token`. Operations run through yoga's envelope, so the depth, cost and alias limits, error
// masking and scopes are the same. graphql-ws pings every `keepAliveMs` (12 s unless configured).
import type http from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import type { RequestContext } from '../graphql/context.js';
import { toHttpError } from './errors.js';

/** Builds the request context of a connection from its upgrade request, with the init payload's headers added. */
export type AuthenticateConnection = (req: http.IncomingMessage) => Promise<RequestContext>;

const PATH = '/graphql';
/** The close code graphql-ws uses for a connection refused at init. */
const FORBIDDEN = 4403;

export interface GraphqlOverWebSocket {
  /**
   * Lets operations that are ending (subscriptions whose streams ended) send what they have, for at most
   * `flushMs`, then closes every connection (1001, going away).
   */
  close(flushMs: number): Promise<void>;
}

export function serveGraphqlOverWebSocket(
  server: http.Server,
  yoga: YogaServerInstance<{ appContext: RequestContext }, {}>,
  authenticate: AuthenticateConnection,
  keepAliveMs: number,
): GraphqlOverWebSocket {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== PATH) return void socket.destroy();
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });

  type Extra = { appContext?: RequestContext };
  // Operations running, so that shutdown lets ended streams send their last events and their completion.
  let running = 0;
  let idle: (() => void) | null = null;
  // graphql-ws calls onComplete just before it sends the completion: the socket may close once that is queued.
  const ended = () => {
    running -= 1;
    if (running === 0) setTimeout(() => idle?.(), 0);
  };
  const disposable = useServer<Record<string, unknown>, Extra>(
    {
      async onConnect(ctx) {
        const payload = ctx.connectionParams ?? {};
        const headers = { ...ctx.extra.request.headers };
        for (const name of ['authorization', 'x-csrf-token', 'x-graphiql-access']) {
          if (typeof payload[name] === 'string') headers[name] = payload[name] as string;
        }
        const request = Object.assign(Object.create(ctx.extra.request) as http.IncomingMessage, { headers });
        try {
          ctx.extra.appContext = await authenticate(request);
          return true;
        } catch (error) {
          const mapped = toHttpError(error);
          // A close reason is at most 123 bytes.
          ctx.extra.socket.close(FORBIDDEN, String(mapped?.body.message ?? 'Forbidden').slice(0, 120));
          return false;
        }
      },
      async onSubscribe(ctx, _id, payload) {
        const appContext = ctx.extra.appContext!;
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ appContext, params: payload, request: ctx.extra.request });
        let document;
        try {
          document = parse(payload.query);
          const errors = validate(schema, document);
          if (errors.length > 0) return errors;
        } catch (error) {
          // A syntax error, or a limit (depth, cost, aliases) refused while parsing or validating; the limits'
          // plugin throws its errors, and may load its own copy of graphql.
          if (error instanceof Error && error.name === 'GraphQLError') return [error instanceof GraphQLError ? error : new GraphQLError(error.message)];
          throw error;
        }
        const args: ExecutionArgs = {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        running += 1;
        return args;
      },
      // Called once for every operation that started, after an error too.
      onComplete: ended,
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => any }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: (a: ExecutionArgs) => any }).subscribe(args),
    },
    sockets,
    keepAliveMs,
  );
  return {
    async close(flushMs) {
      if (running > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, flushMs);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await disposable.dispose();
    },
  };
}
