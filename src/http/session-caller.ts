// GraphiQL for support staff: a user signed in to the settings pages calls /graphql with their session cookie,
// no token to paste. Two headers guard that path:
// - X-CSRF-Token, the session's CSRF token: a page of another site may make the browser send the cookie, but it
//   can neither read the token (GET /graphql/session answers same-origin readers only) nor add the header
//   without a CORS preflight;
// - X-GraphiQL-Access: write, sent when the user turns on "Allow changes" in the page. Without it the session
//   reads only (the `read` scope), so a query pasted from elsewhere cannot change anything by surprise.
// A request that carries an Authorization header is a token's, as everywhere else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentUser } from '../settings/current-user.js';
import { isValidCsrfToken } from '../settings/csrf.js';
import { readCookies } from '../settings/cookies.js';
import { SESSION_COOKIE } from '../settings/session.js';
import { SIGN_IN_PATH } from '../settings/paths.js';
import { tenantClient } from '../db/tenant-client.js';
import type { RequestContext } from '../graphql/context.js';
import { HttpProblem } from './errors.js';
import { requestOrigin } from './authenticate.js';
import { sendJson } from './respond.js';
import type { AppServices } from './services.js';
import { outboundPolicy } from '../config/config.js';

export const CSRF_HEADER = 'x-csrf-token';
export const ACCESS_HEADER = 'x-graphiql-access';

/** Whether /graphql should look for a session: no Authorization header, and a session cookie. */
export function callsWithSession(req: IncomingMessage): boolean {
  return req.headers.authorization === undefined && readCookies(req).has(SESSION_COOKIE);
}

export async function authenticateSession(req: IncomingMessage, services: AppServices, requestId: string): Promise<RequestContext> {
  const signedIn = await currentUser(req, services);
  if (!signedIn) throw new HttpProblem(401, `The settings session has ended: sign in again at ${SIGN_IN_PATH}, or send "Authorization: Bearer <API token>".`);
  const { config, database } = services;
  if (!isValidCsrfToken(config.secretKey, signedIn.session.csrfSecret, headerValue(req, CSRF_HEADER))) {
    throw new HttpProblem(403, 'A request with a settings session must carry the session\'s CSRF token in the X-CSRF-Token header (GraphiQL sends it); or send an API token.');
  }
  const write = headerValue(req, ACCESS_HEADER)?.toLowerCase() === 'write';
  return {
    requestId,
    company: signedIn.company,
    db: tenantClient(database.prisma, signedIn.company.id),
    sql: database.sql,
    caller: {
      kind: 'session',
      tokenId: null,
      sessionId: signedIn.session.sessionId,
      userId: signedIn.user.id,
      userEmail: signedIn.user.email,
      scopes: new Set(write ? ['read', 'write'] : ['read']),
    },
    secretKey: config.secretKey,
    origin: requestOrigin(req),
    outbound: outboundPolicy(config),
  };
}

/**
 * GET /graphql/session: who is signed in, and the CSRF token GraphiQL sends with each operation. No CORS
 * headers, so only pages of this origin can read it; never cached.
 */
export async function serveGraphiqlSession(req: IncomingMessage, res: ServerResponse, services: AppServices): Promise<void> {
  const signedIn = await currentUser(req, services);
  const headers = { 'cache-control': 'no-store' };
  if (!signedIn) return sendJson(res, 200, { signed_in: false, sign_in_url: SIGN_IN_PATH }, headers);
  return sendJson(
    res,
    200,
    {
      signed_in: true,
      user: { email: signedIn.user.email },
      company: { slug: signedIn.company.slug, name: signedIn.company.name },
      csrf_token: signedIn.csrfToken,
    },
    headers,
  );
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(',') : value;
}
