// Who is signed in on this request: the session cookie's user, still existing, in the session's company,
// and (when the Host names a company) in the Host's company, so a session from one company's subdomain
// is worthless on another's.
import type { IncomingMessage } from 'node:http';
import type { Company, User } from '../generated/prisma/client.js';
import type { AppServices } from '../http/services.js';
import { companySlugFromHost } from '../http/host.js';
import { keyOf } from '../db/tenant-client.js';
import { csrfTokenFor } from './csrf.js';
import { readSession, type Session } from './session.js';

export interface SignedIn {
  session: Session;
  user: User;
  company: Company;
  /** The CSRF token every form of this session must carry. */
  csrfToken: string;
}

export async function currentUser(req: IncomingMessage, services: AppServices): Promise<SignedIn | null> {
  const { config, database } = services;
  const session = readSession(req, config.secretKey);
  if (!session) return null;
  // The session's record must still be live (not revoked by a sign-out, not expired) and the user's.
  const record = await database.prisma.settingsSession.findUnique({
    where: keyOf({ companyId: session.companyId, id: session.sessionId }),
    include: { user: { include: { company: true } } },
  });
  if (!record || record.revokedAt !== null || record.expiresAt.getTime() <= Date.now() || record.userId !== session.userId) return null;
  const user = record.user;
  if (user.companyId !== session.companyId) return null;
  const hostSlug = companySlugFromHost(req.headers.host, config.baseDomain);
  if (hostSlug !== null && hostSlug !== user.company.slug) return null;
  const { company, ...plainUser } = user;
  return { session, user: plainUser, company, csrfToken: csrfTokenFor(config.secretKey, session.csrfSecret) };
}
