// Settings sessions: a cookie signed with HMAC-SHA256 (key derived from SECRET_KEY) carrying the session's
// record id, the user, the company, when it was issued, when it expires (12 h later) and a random CSRF secret.
// The record (SettingsSession) is what makes it valid: signing out revokes it, so every copy of the cookie
// stops working at once, not only the one the browser deletes (currentUser checks it on every request).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clearCookie, readCookies, serializeCookie } from './cookies.js';
import { purposeKey, sign, verify } from './signing.js';
import type { PrismaClient } from '../generated/prisma/client.js';

export const SESSION_COOKIE = 'inventory_settings_session';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export interface Session {
  /** The SettingsSession record. */
  sessionId: number;
  userId: number;
  companyId: number;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /** Random value from which the session's CSRF tokens are derived. */
  csrfSecret: string;
}

const sessionKey = (secretKey: string) => purposeKey(secretKey, 'session');

/** A new session of the user: its record, and the payload its cookie carries. */
export async function newSession(prisma: PrismaClient, userId: number, companyId: number, now = Date.now()): Promise<Session> {
  const expiresAt = now + SESSION_LIFETIME_MS;
  const record = await prisma.settingsSession.create({ data: { companyId, userId, createdAt: new Date(now), expiresAt: new Date(expiresAt) } });
  return { sessionId: record.id, userId, companyId, issuedAt: now, expiresAt, csrfSecret: randomBytes(32).toString('base64url') };
}

/** Signing out: the session's record is revoked, so no copy of its cookie is accepted again. */
export async function revokeSession(prisma: PrismaClient, session: Session, now = new Date()): Promise<void> {
  await prisma.settingsSession.updateMany({ where: { companyId: session.companyId, id: session.sessionId, revokedAt: null }, data: { revokedAt: now } });
}

export function sessionCookie(req: IncomingMessage, secretKey: string, session: Session): string {
  const value = sign(sessionKey(secretKey), session);
  return serializeCookie(req, SESSION_COOKIE, value, Math.ceil((session.expiresAt - Date.now()) / 1000));
}

export function clearSessionCookie(req: IncomingMessage): string {
  return clearCookie(req, SESSION_COOKIE);
}

/** The request's session when its cookie is present, untampered and not expired; otherwise null. */
export function readSession(req: IncomingMessage, secretKey: string, now = Date.now()): Session | null {
  const payload = verify(sessionKey(secretKey), readCookies(req).get(SESSION_COOKIE));
  if (!isSession(payload)) return null;
  if (payload.expiresAt <= now || payload.issuedAt > now + 60_000) return null;
  if (payload.expiresAt - payload.issuedAt > SESSION_LIFETIME_MS) return null;
  return payload;
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.sessionId) &&
    Number.isInteger(v.userId) &&
    Number.isInteger(v.companyId) &&
    typeof v.issuedAt === 'number' &&
    typeof v.expiresAt === 'number' &&
    typeof v.csrfSecret === 'string' &&
    v.csrfSecret.length >= 16
  );
}
