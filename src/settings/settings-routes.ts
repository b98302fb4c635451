// Routes /settings and /settings/*: the server-rendered sign-in and API token pages.
import { actingAs, type AuditActor } from '../db/audit-actor.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../http/services.js';
import { HttpProblem } from '../http/errors.js';
import { showApiTokens, submitCreateToken, submitRevokeToken } from './api-tokens.js';
import { currentUser } from './current-user.js';
import { redirect, sendErrorPage } from './html.js';
import { API_TOKENS_PATH, SETTINGS_PATH, SIGN_IN_PATH, SIGN_OUT_PATH } from './paths.js';
import { showSignIn, submitSignIn, submitSignOut } from './sign-in.js';

export { SETTINGS_PATH } from './paths.js';

const REVOKE_PATTERN = new RegExp(`^${API_TOKENS_PATH}/(\\d{1,9})/revoke$`);

export async function handleSettings(req: IncomingMessage, res: ServerResponse, url: URL, services: AppServices): Promise<void> {
  try {
    await route(req, res, url, services);
  } catch (error) {
    if (!(error instanceof HttpProblem) || res.headersSent) throw error;
    req.resume();
    sendErrorPage(res, error.status, error.status === 404 ? 'Page not found' : 'Request refused', error.message);
  }
}

async function route(req: IncomingMessage, res: ServerResponse, url: URL, services: AppServices): Promise<void> {
  const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  const method = req.method ?? 'GET';
  const isRead = method === 'GET' || method === 'HEAD';

  if (path === SETTINGS_PATH) {
    if (!isRead) return notAllowed(req, res, 'GET, HEAD');
    return redirect(res, API_TOKENS_PATH);
  }
  if (path === SIGN_IN_PATH) {
    if (isRead) return showSignIn(req, res, services);
    if (method === 'POST') return submitSignIn(req, res, services);
    return notAllowed(req, res, 'GET, HEAD, POST');
  }
  if (path === SIGN_OUT_PATH) {
    if (method === 'POST') return submitSignOut(req, res, services);
    return notAllowed(req, res, 'POST');
  }

  const revoke = REVOKE_PATTERN.exec(path);
  if (path !== API_TOKENS_PATH && !revoke) throw new HttpProblem(404, 'There is no settings page at this address.');
  if (revoke ? method !== 'POST' : !isRead && method !== 'POST') {
    return notAllowed(req, res, revoke ? 'POST' : 'GET, HEAD, POST');
  }

  const signedIn = await currentUser(req, services);
  if (!signedIn) {
    req.resume();
    return redirect(res, SIGN_IN_PATH);
  }
  if (isRead) return showApiTokens(url, res, services, signedIn);
  // What a signed-in user changes is recorded as theirs in the audit log.
  const user: AuditActor = { type: 'user', id: signedIn.user.id, name: signedIn.user.email, requestId: String(res.getHeader('x-request-id') ?? '') || null };
  if (revoke) return actingAs(user, () => submitRevokeToken(req, res, services, signedIn, Number(revoke[1])));
  return actingAs(user, () => submitCreateToken(req, res, services, signedIn));
}

function notAllowed(req: IncomingMessage, res: ServerResponse, allow: string): void {
  req.resume();
  sendErrorPage(res, 405, 'Method not allowed', `This page accepts only ${allow}.`, { headers: { allow } });
}
