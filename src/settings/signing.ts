// Signed values for the settings cookies: base64url(JSON payload) + "." + base64url(HMAC-SHA256), keyed by
// a key derived from SECRET_KEY and a purpose, so a value signed for one use is never accepted for another.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A key for one purpose, derived from the service secret. */
export function purposeKey(secretKey: string, purpose: string): Buffer {
  return createHmac('sha256', secretKey).update(`settings:${purpose}`).digest();
}

export function hmac(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/** Compares two strings in constant time (for equal lengths; different lengths simply fail). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function sign(key: Buffer, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(key, body)}`;
}

/** The payload of a value signed with `key`, or null when it is malformed or its signature is wrong. */
export function verify(key: Buffer, value: string | undefined): unknown {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot !== value.lastIndexOf('.')) return null;
  const body = value.slice(0, dot);
  if (!safeEqual(value.slice(dot + 1), hmac(key, body))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
