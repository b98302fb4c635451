// Reading the Cookie header and writing Set-Cookie values for the settings pages (scoped to the whole site: the
// session is also GraphiQL's).
import type { IncomingMessage } from 'node:http';
import { SETTINGS_COOKIE_PATH } from './paths.js';

export function readCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue; // the first (most specific path) wins
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // a malformed value is ignored, as if the cookie were absent
    }
  }
  return cookies;
}

/** Whether the browser reached us over https (directly or through a proxy that says so). */
export function isSecureRequest(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

export function serializeCookie(req: IncomingMessage, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${SETTINGS_COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isSecureRequest(req)) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(req: IncomingMessage, name: string): string {
  return serializeCookie(req, name, '', 0);
}
