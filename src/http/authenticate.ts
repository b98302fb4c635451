// Turns a request into a request context: the company from the Host (or from the token when the Host
// names none) and the caller from `Authorization: Bearer <token>`. Every failure is a 401.
import type { IncomingMessage } from 'node:http';
import type { PrismaClient } from '../generated/prisma/client.js';
import { authenticateToken } from '../domain/tenancy/index.js';
import { tenantClient } from '../db/tenant-client.js';
import type { SqlRunner } from '../db/sql-runner.js';
import type { RequestContext } from '../graphql/context.js';
import type { OutboundPolicy } from '../outbound/http-request.js';
import { HttpProblem } from './errors.js';
import { companySlugFromHost } from './host.js';

export async function authenticateRequest(
  req: IncomingMessage,
  prisma: PrismaClient,
  sql: SqlRunner,
  baseDomain: string,
  requestId: string,
  secretKey: string,
  outbound: OutboundPolicy = { allowPrivate: false },
): Promise<RequestContext> {
  const header = req.headers.authorization;
  if (!header) throw new HttpProblem(401, 'Missing Authorization header: send "Authorization: Bearer <API token>".');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpProblem(401, 'The Authorization header must have the form "Bearer <API token>".');

  const check = await authenticateToken(prisma, sql, match[1], companySlugFromHost(req.headers.host, baseDomain));
  if (!check.ok) throw new HttpProblem(401, check.reason);
  return {
    requestId,
    company: check.company,
    db: tenantClient(prisma, check.company.id),
    sql,
    caller: { kind: 'token', tokenId: check.token.id, tokenName: check.token.name, scopes: new Set(check.token.scopes) },
    secretKey,
    origin: requestOrigin(req),
    outbound,
  };
}

/** scheme://host the caller used (X-Forwarded-Proto from a proxy in front, else http). */
export function requestOrigin(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = typeof forwarded === 'string' && /^https?$/i.test(forwarded.split(',')[0]!.trim()) ? forwarded.split(',')[0]!.trim().toLowerCase() : 'http';
  return `${proto}://${req.headers.host ?? 'localhost'}`;
}
