// The stock export's cursor: an opaque token carrying the run's cutoff and where the previous page stopped,
// signed with the service's secret (HMAC-SHA256) so a client cannot change it — nor replay it against
// another company, whose id is part of the signed payload.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ExportCursor {
  companyId: number;
  /** Highest ledger movement id when the run started (0: empty ledger); later movements are not seen. */
  cutoffMovementId: number;
  /** Highest product id when the run started; products created later never appear. */
  cutoffProductId: number;
  /** The last product id already exported. */
  lastProductId: number;
  /** The page size the run started with, used when a later request gives none. */
  limit: number;
  /** When the run started (ms since the epoch): documents without movements (purchase orders) follow it. */
  cutoffAt: number;
}

const PURPOSE = 'inventory-stock-export:v1';

function signature(secretKey: string, payload: string): Buffer {
  return createHmac('sha256', secretKey).update(`${PURPOSE}.${payload}`).digest();
}

export function signCursor(cursor: ExportCursor, secretKey: string): string {
  const payload = Buffer.from(
    JSON.stringify([cursor.companyId, cursor.cutoffMovementId, cursor.cutoffProductId, cursor.lastProductId, cursor.limit, cursor.cutoffAt]),
  ).toString('base64url');
  return `${payload}.${signature(secretKey, payload).toString('base64url')}`;
}

/** The cursor if it is intact and was issued for this company; null otherwise. */
export function verifyCursor(token: string, secretKey: string, companyId: number): ExportCursor | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return null;
  const [payload, sig] = parts;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secretKey, payload);
  // base64url decoding ignores trailing bits, so also compare the canonical encoding.
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || expected.toString('base64url') !== sig) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== 6 || !values.every((v) => Number.isSafeInteger(v) && v >= 0)) return null;
  const [cursorCompany, cutoffMovementId, cutoffProductId, lastProductId, limit, cutoffAt] = values as number[];
  if (cursorCompany !== companyId) return null;
  return { companyId, cutoffMovementId, cutoffProductId, lastProductId, limit, cutoffAt };
}
