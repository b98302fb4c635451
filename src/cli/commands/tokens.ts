// token:create, token:list and token:revoke. Secrets are printed once, by token:create, and never again.
import type { ApiToken } from '../../generated/prisma/client.js';
import { createApiToken, listApiTokens, revokeApiToken, findCompanyBySlug } from '../../domain/tenancy/index.js';
import { defineCommand } from '../command.js';
import { formatDate, formatTable } from '../format.js';

export const tokenCreate = defineCommand({
  name: 'token:create',
  summary: 'Issue an API token; the token is printed alone on the last line of output.',
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'name', required: true },
    { name: 'scopes', placeholder: 'read,write' },
    { name: 'expires-in-days', placeholder: 'days' },
  ],
  fieldFlags: { name: 'name', scopes: 'scopes', expiresInDays: 'expires-in-days' },
  parse: (flags) => ({
    companySlug: flags.string('company'),
    name: flags.string('name'),
    scopes: flags.list('scopes'),
    expiresInDays: flags.integer('expires-in-days'),
  }),
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const { token, secret } = await createApiToken(prisma, {
      companyId: company.id,
      name: input.name,
      scopes: input.scopes,
      expiresInDays: input.expiresInDays ?? null,
    });
    out.line(`Created API token "${token.name}" for company ${company.slug}.`);
    out.line(`Scopes: ${token.scopes.join(', ')}. Expires: ${formatDate(token.expiresAt, 'never')}.`);
    out.line('Copy the token now; it is shown only this once:');
    out.line(secret);
  },
});

export const tokenList = defineCommand({
  name: 'token:list',
  summary: "List a company's API tokens (never their secrets).",
  flags: [{ name: 'company', placeholder: 'slug', required: true }],
  parse: (flags) => ({ companySlug: flags.string('company') }),
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const tokens = await listApiTokens(prisma, company.id);
    if (tokens.length === 0) {
      out.line(`Company ${company.slug} has no API tokens.`);
      return;
    }
    const now = new Date();
    const rows = tokens.map((token) => [
      token.name,
      token.scopes.join(','),
      formatDate(token.createdAt),
      formatDate(token.lastUsedAt, 'never'),
      formatDate(token.expiresAt, 'never'),
      tokenStatus(token, now),
    ]);
    for (const line of formatTable(['NAME', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES', 'STATUS'], rows)) {
      out.line(line);
    }
  },
});

export const tokenRevoke = defineCommand({
  name: 'token:revoke',
  summary: 'Revoke the active API token with the given name.',
  flags: [
    { name: 'company', placeholder: 'slug', required: true },
    { name: 'name', required: true },
  ],
  parse: (flags) => ({ companySlug: flags.string('company'), name: flags.string('name') }),
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const startedAt = Date.now();
    const token = await revokeApiToken(prisma, company.id, { name: input.name });
    if (token.revokedAt && token.revokedAt.getTime() < startedAt) {
      out.line(`API token "${token.name}" of company ${company.slug} was already revoked (${formatDate(token.revokedAt)}).`);
    } else {
      out.line(`Revoked API token "${token.name}" of company ${company.slug}.`);
    }
  },
});

/** Mirrors the checks of authenticateToken: revoked first, then expired. */
function tokenStatus(token: ApiToken, now: Date): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt <= now) return 'expired';
  return 'active';
}

export const tokenCommands = [tokenCreate, tokenList, tokenRevoke];
