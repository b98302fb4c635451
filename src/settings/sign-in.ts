// GET/POST /settings/sign-in and POST /settings/sign-out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../http/services.js';
import { companySlugFromHost } from '../http/host.js';
import { NotFoundError } from '../domain/shared/errors.js';
import { findCompanyBySlug, signIn, SignInFailedError, SignInThrottledError } from '../domain/tenancy/index.js';
import { clearPreSessionCsrf, csrfTokenFor, CSRF_FIELD, isValidCsrfToken, newPreSessionCsrf, readPreSessionCsrf } from './csrf.js';
import { currentUser } from './current-user.js';
import { readForm } from './form.js';
import { redirect, sendErrorPage, sendPage } from './html.js';
import { API_TOKENS_PATH, SIGN_IN_PATH } from './paths.js';
import { clearSessionCookie, newSession, revokeSession, sessionCookie } from './session.js';
import { renderSignInPage } from './sign-in-page.js';

export function sendCsrfFailure(res: ServerResponse): void {
  sendErrorPage(res, 403, 'Form expired', 'This form has expired or was not sent from this site. Reload the page and try again.', {
    link: { href: SIGN_IN_PATH, text: 'Go to the sign-in page' },
  });
}

export async function showSignIn(req: IncomingMessage, res: ServerResponse, services: AppServices): Promise<void> {
  if (await currentUser(req, services)) return redirect(res, API_TOKENS_PATH);
  const { secretKey, baseDomain } = services.config;
  const cookies: string[] = [];
  let secret = readPreSessionCsrf(req, secretKey);
  if (!secret) {
    const fresh = newPreSessionCsrf(req, secretKey);
    secret = fresh.secret;
    cookies.push(fresh.cookie);
  }
  const askCompany = companySlugFromHost(req.headers.host, baseDomain) === null;
  sendPage(res, 200, renderSignInPage({ csrfToken: csrfTokenFor(secretKey, secret), askCompany }), { cookies });
}

export async function submitSignIn(req: IncomingMessage, res: ServerResponse, services: AppServices): Promise<void> {
  const { config, database } = services;
  const form = await readForm(req);
  const secret = readPreSessionCsrf(req, config.secretKey);
  if (!secret || !isValidCsrfToken(config.secretKey, secret, form.get(CSRF_FIELD))) return sendCsrfFailure(res);

  const hostSlug = companySlugFromHost(req.headers.host, config.baseDomain);
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  const companySlug = hostSlug ?? (form.get('company') ?? '').trim();
  const again = (status: number, error: string, headers: Record<string, string> = {}) =>
    sendPage(
      res,
      status,
      renderSignInPage({
        csrfToken: csrfTokenFor(config.secretKey, secret),
        askCompany: hostSlug === null,
        email,
        company: hostSlug === null ? companySlug : undefined,
        error,
      }),
      { headers },
    );

  if (!email || !password || !companySlug) {
    return again(422, hostSlug === null ? 'Enter your company, email and password.' : 'Enter your email and password.');
  }
  try {
    const company = await findCompanyBySlug(database.prisma, companySlug);
    const user = await signIn(database.prisma, { companyId: company.id, email, password });
    const session = await newSession(database.prisma, user.id, company.id);
    return redirect(res, API_TOKENS_PATH, [sessionCookie(req, config.secretKey, session), clearPreSessionCsrf(req)]);
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      return again(429, error.message, { 'retry-after': String(error.retryAfterSeconds) });
    }
    // An unknown company gets the same answer as a wrong password, so companies cannot be probed.
    if (error instanceof SignInFailedError || error instanceof NotFoundError) {
      return again(401, new SignInFailedError().message);
    }
    throw error;
  }
}

export async function submitSignOut(req: IncomingMessage, res: ServerResponse, services: AppServices): Promise<void> {
  const form = await readForm(req);
  const signedIn = await currentUser(req, services);
  if (!signedIn) return redirect(res, SIGN_IN_PATH, [clearSessionCookie(req)]);
  if (!isValidCsrfToken(services.config.secretKey, signedIn.session.csrfSecret, form.get(CSRF_FIELD))) {
    return sendCsrfFailure(res);
  }
  await revokeSession(services.database.prisma, signedIn.session);
  redirect(res, SIGN_IN_PATH, [clearSessionCookie(req)]);
}
