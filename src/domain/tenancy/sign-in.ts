// Password sign-in for the settings pages. Failed attempts are counted per user; from the fourth failure
// on, each further attempt must wait twice as long as the one before (2 s, 4 s, ... up to 5 minutes),
// which slows guessing down without locking the owner out for long.
import type { PrismaClient, User, Company } from '../../generated/prisma/client.js';
import { DomainError } from '../shared/errors.js';
import { keyOf } from '../../db/tenant-client.js';
import { verifyPassword } from './passwords.js';
import { normalizeEmail } from './validation.js';

const FREE_ATTEMPTS = 3;
const MAX_DELAY_MS = 5 * 60_000;

export class SignInThrottledError extends DomainError {
  readonly code = 'THROTTLED';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`);
  }
}

export class SignInFailedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
  constructor() {
    super('The email or password is incorrect.');
  }
}

export function signInDelayMs(failedSignIns: number): number {
  if (failedSignIns < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failedSignIns - FREE_ATTEMPTS + 1));
}

export async function signIn(
  prisma: PrismaClient,
  input: { companyId: number; email: string; password: string },
  now = new Date(),
): Promise<User & { company: Company }> {
  const user = await prisma.user.findUnique({
    where: { companyId_email: { companyId: input.companyId, email: normalizeEmail(input.email) } },
    include: { company: true },
  });
  if (!user) throw new SignInFailedError();

  const delay = signInDelayMs(user.failedSignIns);
  if (delay > 0 && user.lastFailedSignInAt) {
    const waitUntil = user.lastFailedSignInAt.getTime() + delay;
    if (now.getTime() < waitUntil) throw new SignInThrottledError(Math.ceil((waitUntil - now.getTime()) / 1000));
  }

  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await prisma.user.update({
      where: keyOf(user),
      data: { failedSignIns: { increment: 1 }, lastFailedSignInAt: now },
    });
    throw new SignInFailedError();
  }
  if (user.failedSignIns > 0) {
    await prisma.user.update({ where: keyOf(user), data: { failedSignIns: 0, lastFailedSignInAt: null } });
  }
  return user;
}
