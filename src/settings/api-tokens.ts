// GET/POST /settings/api-tokens and POST /settings/api-tokens/:id/revoke, for the signed-in user's company.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../http/services.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/shared/errors.js';
import { createApiToken, listApiTokens, revokeApiToken, listFeatures } from '../domain/tenancy/index.js';
import { tenantClient } from '../db/tenant-client.js';
import { CSRF_FIELD, isValidCsrfToken } from './csrf.js';
import type { SignedIn } from './current-user.js';
import { readForm } from './form.js';
import { redirect, sendErrorPage, sendPage, type SignedInHeader } from './html.js';
import { API_TOKENS_PATH } from './paths.js';
import { renderApiTokensPage, type ApiTokensPageProps, type TokenFormValues } from './api-tokens-page.js';
import { sendCsrfFailure } from './sign-in.js';

function header(signedIn: SignedIn): SignedInHeader {
  return { email: signedIn.user.email, companyName: signedIn.company.name, csrfToken: signedIn.csrfToken };
}

async function sendTokensPage(
  res: ServerResponse,
  status: number,
  services: AppServices,
  signedIn: SignedIn,
  extra: Partial<ApiTokensPageProps> = {},
): Promise<void> {
  const tokens = await listApiTokens(services.database.prisma, signedIn.company.id);
  const features = await listFeatures(tenantClient(services.database.prisma, signedIn.company.id));
  sendPage(res, status, renderApiTokensPage({ header: header(signedIn), tokens, now: new Date(), companySlug: signedIn.company.slug, features, ...extra }));
}

export async function showApiTokens(url: URL, res: ServerResponse, services: AppServices, signedIn: SignedIn): Promise<void> {
  let notice: string | undefined;
  const revokedId = Number(url.searchParams.get('revoked'));
  if (Number.isInteger(revokedId) && revokedId > 0) {
    const token = await services.database.prisma.apiToken.findFirst({ where: { id: revokedId, companyId: signedIn.company.id } });
    if (token?.revokedAt) notice = `The token “${token.name}” was revoked. It no longer works.`;
  }
  await sendTokensPage(res, 200, services, signedIn, { notice });
}

export async function submitCreateToken(
  req: IncomingMessage,
  res: ServerResponse,
  services: AppServices,
  signedIn: SignedIn,
): Promise<void> {
  const form = await readForm(req);
  if (!isValidCsrfToken(services.config.secretKey, signedIn.session.csrfSecret, form.get(CSRF_FIELD))) return sendCsrfFailure(res);

  const values: TokenFormValues = {
    name: form.get('name') ?? '',
    scopes: form.getAll('scopes'),
    expiresInDays: (form.get('expires_in_days') ?? '').trim(),
  };
  try {
    // Unticking every scope is a mistake to point out, not a request for the default (all scopes).
    if (values.scopes.length === 0) throw new ValidationError({ scopes: ['Choose at least one scope.'] });
    const { token, secret } = await createApiToken(services.database.prisma, {
      companyId: signedIn.company.id,
      createdById: signedIn.user.id,
      name: values.name,
      scopes: values.scopes,
      expiresInDays: values.expiresInDays === '' ? null : Number(values.expiresInDays),
    });
    // The secret goes into this response only: it is not stored, redirected with, or put in a cookie.
    await sendTokensPage(res, 200, services, signedIn, { issued: { name: token.name, secret } });
  } catch (error) {
    if (error instanceof ValidationError) {
      return sendTokensPage(res, 422, services, signedIn, {
        form: values,
        fieldErrors: error.fieldErrors,
        formError: 'The token was not created. Please correct the errors below.',
      });
    }
    if (error instanceof ConflictError) {
      return sendTokensPage(res, 409, services, signedIn, {
        form: values,
        fieldErrors: { name: [error.message] },
        formError: `The token was not created. ${error.message}`,
      });
    }
    throw error;
  }
}

export async function submitRevokeToken(
  req: IncomingMessage,
  res: ServerResponse,
  services: AppServices,
  signedIn: SignedIn,
  tokenId: number,
): Promise<void> {
  const form = await readForm(req);
  if (!isValidCsrfToken(services.config.secretKey, signedIn.session.csrfSecret, form.get(CSRF_FIELD))) return sendCsrfFailure(res);
  try {
    await revokeApiToken(services.database.prisma, signedIn.company.id, { id: tokenId });
  } catch (error) {
    if (error instanceof NotFoundError) {
      return sendErrorPage(res, 404, 'Token not found', 'This API token does not exist.', {
        link: { href: API_TOKENS_PATH, text: 'Back to API tokens' },
      });
    }
    throw error;
  }
  redirect(res, `${API_TOKENS_PATH}?revoked=${tokenId}`);
}
