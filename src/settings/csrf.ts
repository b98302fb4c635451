// CSRF protection for the settings forms. Every POST form carries a hidden `csrf_token` field:
// - signed in: an HMAC of the session's random CSRF secret (the session cookie is itself signed);
// - on the sign-in form (no session yet): an HMAC of a random value kept in a signed pre-session cookie
//   (double submit). A cross-site page can neither read the cookie nor compute the HMAC.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readCookies, serializeCookie, clearCookie } from './cookies.js';
import { hmac, purposeKey, safeEqual, sign, verify } from './signing.js';

export const CSRF_FIELD = 'csrf_token';
export const PRE_SESSION_CSRF_COOKIE = 'inventory_settings_csrf';
const PRE_SESSION_LIFETIME_S = 2 * 60 * 60;

export function csrfTokenFor(secretKey: string, csrfSecret: string): string {
  return hmac(purposeKey(secretKey, 'csrf'), csrfSecret);
}

export function isValidCsrfToken(secretKey: string, csrfSecret: string, submitted: string | null): boolean {
  return typeof submitted === 'string' && submitted !== '' && safeEqual(submitted, csrfTokenFor(secretKey, csrfSecret));
}

/** The CSRF secret of the pre-session cookie, when the request has a valid one. */
export function readPreSessionCsrf(req: IncomingMessage, secretKey: string, now = Date.now()): string | null {
  const payload = verify(purposeKey(secretKey, 'pre-session-csrf'), readCookies(req).get(PRE_SESSION_CSRF_COOKIE)) as
    | { s?: unknown; exp?: unknown }
    | null;
  if (!payload || typeof payload.s !== 'string' || typeof payload.exp !== 'number' || payload.exp <= now) return null;
  return payload.s;
}

/** A fresh pre-session CSRF secret and the Set-Cookie header that stores it. */
export function newPreSessionCsrf(req: IncomingMessage, secretKey: string, now = Date.now()): { secret: string; cookie: string } {
  const secret = randomBytes(32).toString('base64url');
  const value = sign(purposeKey(secretKey, 'pre-session-csrf'), { s: secret, exp: now + PRE_SESSION_LIFETIME_S * 1000 });
  return { secret, cookie: serializeCookie(req, PRE_SESSION_CSRF_COOKIE, value, PRE_SESSION_LIFETIME_S) };
}

export function clearPreSessionCsrf(req: IncomingMessage): string {
  return clearCookie(req, PRE_SESSION_CSRF_COOKIE);
}
