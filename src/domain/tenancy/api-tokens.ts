// API tokens: a random secret shown once and stored only as a SHA-256 hash (the secret has 256 bits of
// entropy, so a fast hash is enough). Tokens carry scopes (read, write), an optional expiry and last use.
import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken, Company, PrismaClient } from '../../generated/prisma/client.js';
import { ConflictError, FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { keyOf } from '../../db/tenant-client.js';
import type { SqlRunner } from '../../db/sql-runner.js';

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
const TOKEN_PREFIX = 'inv_';
/** last_used_at is written at most this often per token, so reads do not turn into writes on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface CreateTokenInput {
  companyId: number;
  name: string;
  scopes?: string[];
  expiresInDays?: number | null;
  createdById?: number | null;
}

export interface IssuedToken {
  token: ApiToken;
  /** The secret, shown to its owner once and never again. */
  secret: string;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function validateTokenInput(input: CreateTokenInput): { name: string; scopes: TokenScope[]; expiresAt: Date | null } {
  const errors = new FieldErrorCollector();
  const name = input.name.trim();
  if (!name || name.length > 255) errors.add('name', 'The name is required and may not be longer than 255 characters.');
  const scopes = [...new Set(input.scopes && input.scopes.length > 0 ? input.scopes : ['read', 'write'])];
  for (const scope of scopes) {
    if (!(TOKEN_SCOPES as readonly string[]).includes(scope)) {
      errors.add('scopes', `Unknown scope "${scope}". Allowed scopes: ${TOKEN_SCOPES.join(', ')}.`);
    }
  }
  let expiresAt: Date | null = null;
  if (input.expiresInDays !== undefined && input.expiresInDays !== null) {
    if (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > 3650) {
      errors.add('expiresInDays', 'The expiry must be a whole number of days from 1 to 3650.');
    } else {
      expiresAt = new Date(Date.now() + input.expiresInDays * 86_400_000);
    }
  }
  errors.throwIfAny();
  return { name, scopes: scopes as TokenScope[], expiresAt };
}

export async function createApiToken(prisma: PrismaClient, input: CreateTokenInput): Promise<IssuedToken> {
  const { name, scopes, expiresAt } = validateTokenInput(input);
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return prisma.$transaction(async (tx) => {
    const clash = await tx.apiToken.findFirst({ where: { companyId: input.companyId, name, revokedAt: null } });
    if (clash) throw new ConflictError(`An active token named "${name}" already exists.`);
    const token = await tx.apiToken.create({
      data: {
        companyId: input.companyId,
        createdById: input.createdById ?? null,
        name,
        scopes,
        expiresAt,
        tokenHash: hashTokenSecret(secret),
        prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
      },
    });
    return { token, secret };
  });
}

export async function listApiTokens(prisma: PrismaClient, companyId: number): Promise<ApiToken[]> {
  return prisma.apiToken.findMany({ where: { companyId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** Revokes a token by id or by name (the active one with that name). Revoking twice is harmless. */
export async function revokeApiToken(
  prisma: PrismaClient,
  companyId: number,
  which: { id: number } | { name: string },
): Promise<ApiToken> {
  return prisma.$transaction(async (tx) => {
    const token =
      'id' in which
        ? await tx.apiToken.findFirst({ where: { companyId, id: which.id } })
        : await tx.apiToken.findFirst({
            where: { companyId, name: which.name.trim() },
            orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { id: 'desc' }],
          });
    if (!token) throw new NotFoundError('API token', 'id' in which ? which.id : which.name);
    if (token.revokedAt) return token;
    return tx.apiToken.update({ where: keyOf(token), data: { revokedAt: new Date() } });
  });
}

export type TokenCheck =
  | { ok: true; token: ApiToken; company: Company }
  | { ok: false; reason: string };

// The token and its company in one statement: this runs before every API request, where Prisma's query
// planning and its include's second statement cost several times the lookup itself (issue 16). Timestamps are
// stored as UTC without a zone; AT TIME ZONE 'UTC' hands them to either driver as instants.
const tokenInstant = (column: string) => `t."${column}" AT TIME ZONE 'UTC' AS "${column}"`;
const tokenWithCompany = (where: string) => `
  SELECT t.id, t."companyId", t."createdById", t.name, t."tokenHash", t.prefix, t.scopes,
         ${['expiresAt', 'lastUsedAt', 'revokedAt', 'createdAt'].map(tokenInstant).join(', ')},
         json_build_object(
           'id', c.id, 'slug', c.slug, 'name', c.name, 'featureFlags', c."featureFlags", 'rateLimits', c."rateLimits",
           'baseCurrency', c."baseCurrency", 'gs1CompanyPrefix', c."gs1CompanyPrefix", 'ediSenderId', c."ediSenderId",
           'ediSenderQualifier', c."ediSenderQualifier",
           'createdAt', c."createdAt" AT TIME ZONE 'UTC', 'updatedAt', c."updatedAt" AT TIME ZONE 'UTC'
         ) AS company
  FROM "ApiToken" t
  JOIN "Company" c ON c.id = t."companyId"
  WHERE ${where}
  LIMIT 1`;
/** A token among one company's: on Citus a read of that company's shard alone. */
const TOKEN_OF_COMPANY = tokenWithCompany(`t."companyId" = $2 AND t."tokenHash" = $1`);
/** A token of any company: on Citus a read of every shard. */
const TOKEN_BY_HASH = tokenWithCompany(`t."tokenHash" = $1`);
const COMPANY_ID_BY_SLUG = `SELECT id FROM "Company" WHERE slug = $1`;

type TokenRow = ApiToken & { company: Omit<Company, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string } };

/**
 * The company id of each host's slug, per database, once a token has been checked there: a request through a
 * known host then runs one statement for its token. Ids never change; a slug that has since gone to another
 * company only costs the lookup by hash, which finds the token wherever it is (and the slug check below holds).
 */
const companyIdsBySlug = new WeakMap<SqlRunner, Map<string, number>>();
const REMEMBERED_SLUGS = 10_000;

async function companyIdOfSlug(sql: SqlRunner, slug: string): Promise<number | undefined> {
  const known = companyIdsBySlug.get(sql)?.get(slug);
  if (known !== undefined) return known;
  const [company] = await sql.queryPrepared<{ id: number }>(COMPANY_ID_BY_SLUG, [slug]);
  return company?.id;
}

function rememberSlug(sql: SqlRunner, slug: string, companyId: number): void {
  let known = companyIdsBySlug.get(sql);
  if (!known) companyIdsBySlug.set(sql, (known = new Map()));
  if (known.size >= REMEMBERED_SLUGS) known.clear();
  known.set(slug, companyId);
}

/** Looks a presented secret up and says whether it may be used now, and on which company's host. */
export async function authenticateToken(
  prisma: PrismaClient,
  sql: SqlRunner,
  secret: string,
  hostCompanySlug: string | null,
  now = new Date(),
): Promise<TokenCheck> {
  // On a company's host the token is looked for among that company's (the company from its slug first, a read
  // of the small companies table, which Citus copies to every node, or remembered). On a bare host, whose company is the
  // token's, or when the host's company has no such token (to say whether it is someone else's or no token at
  // all), the hash alone finds it: it is unique per company, and a 256-bit secret never repeats across companies.
  const hash = hashTokenSecret(secret);
  let row: TokenRow | undefined;
  if (hostCompanySlug !== null) {
    const hostCompanyId = await companyIdOfSlug(sql, hostCompanySlug);
    if (hostCompanyId !== undefined) [row] = await sql.queryPrepared<TokenRow>(TOKEN_OF_COMPANY, [hash, hostCompanyId]);
  }
  row ??= (await sql.queryPrepared<TokenRow>(TOKEN_BY_HASH, [hash]))[0];
  if (row && hostCompanySlug !== null && row.company.slug === hostCompanySlug) rememberSlug(sql, hostCompanySlug, row.company.id);
  if (!row) return { ok: false, reason: 'The API token is invalid.' };
  const { company: companyJson, ...token } = row;
  if (token.revokedAt) return { ok: false, reason: 'The API token has been revoked.' };
  if (token.expiresAt && token.expiresAt <= now) return { ok: false, reason: 'The API token has expired.' };
  if (hostCompanySlug !== null && companyJson.slug !== hostCompanySlug) {
    return { ok: false, reason: 'The API token does not belong to this company.' };
  }
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.apiToken.update({ where: keyOf(token), data: { lastUsedAt: now } });
  }
  // JSON carries the instants as ISO text with their offset.
  const company: Company = { ...companyJson, createdAt: new Date(companyJson.createdAt), updatedAt: new Date(companyJson.updatedAt) };
  return { ok: true, token, company };
}
