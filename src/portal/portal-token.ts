// The token of a supplier portal link: the company, the order and the link version, signed with a key
// derived from SECRET_KEY for this purpose only. Expiry and revocation live on the order (its link version
// and expiry), so a changed token fails its signature and an old one no longer matches the order.
import { hmac, purposeKey, sign, verify } from '../settings/signing.js';

export const PORTAL_PATH = '/supplier-portal';

export interface PortalTokenPayload {
  companyId: number;
  orderId: number;
  version: number;
}

export function portalToken(secretKey: string, payload: PortalTokenPayload): string {
  return sign(purposeKey(secretKey, 'supplier-portal'), [payload.companyId, payload.orderId, payload.version]);
}

export function readPortalToken(secretKey: string, token: string): PortalTokenPayload | null {
  const value = verify(purposeKey(secretKey, 'supplier-portal'), token);
  if (!Array.isArray(value) || value.length !== 3 || !value.every((n) => Number.isInteger(n) && n > 0)) return null;
  return { companyId: value[0], orderId: value[1], version: value[2] };
}

/** The CSRF token of the portal's forms: bound to the link, which only the supplier holds. */
export function portalCsrfToken(secretKey: string, token: string): string {
  return hmac(purposeKey(secretKey, 'supplier-portal-csrf'), token);
}
