// The API tokens page: the company's tokens with their status, a Revoke button for active ones, and the
// Create API Token form. Right after a token is created its secret is shown here once. Below them, the
// company's feature flags (read-only).
import type { ApiToken } from '../generated/prisma/client.js';
import type { FieldErrors } from '../domain/shared/errors.js';
import { TOKEN_SCOPES } from '../domain/tenancy/index.js';
import { renderFeaturesSection, type FeatureState } from './features-section.js';
import { csrfInput, escapeHtml, layout, type SignedInHeader } from './html.js';
import { API_TOKENS_PATH, revokeTokenPath } from './paths.js';

export interface TokenFormValues {
  name: string;
  scopes: string[];
  expiresInDays: string;
}

export interface ApiTokensPageProps {
  header: SignedInHeader;
  tokens: ApiToken[];
  now: Date;
  /** The company's feature flags, listed read-only under the tokens. */
  companySlug: string;
  features: FeatureState[];
  form?: TokenFormValues;
  /** Per-field messages, keyed by the domain's field names (name, scopes, expiresInDays). */
  fieldErrors?: FieldErrors;
  /** A message about the whole form (a conflict, or a summary of field errors). */
  formError?: string;
  /** The token just created, with its secret: rendered on this response only. */
  issued?: { name: string; secret: string };
  notice?: string;
}

export const DEFAULT_TOKEN_FORM: TokenFormValues = { name: '', scopes: [...TOKEN_SCOPES], expiresInDays: '' };

export function tokenStatus(token: ApiToken, now: Date): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt <= now) return 'expired';
  return 'active';
}

function time(value: Date | null, none: string): string {
  if (!value) return none;
  const iso = value.toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

function tokenRow(token: ApiToken, now: Date, csrfToken: string): string {
  const status = tokenStatus(token, now);
  const action =
    status === 'active'
      ? `<form method="post" action="${revokeTokenPath(token.id)}">${csrfInput(csrfToken)}<button type="submit" aria-label="Revoke ${escapeHtml(token.name)}">Revoke</button></form>`
      : '';
  return `<tr data-token-id="${token.id}">
<td>${escapeHtml(token.name)} <span class="hint">(${escapeHtml(token.prefix)}…)</span></td>
<td>${escapeHtml(token.scopes.join(', '))}</td>
<td>${time(token.createdAt, '')}</td>
<td>${time(token.lastUsedAt, 'Never')}</td>
<td>${time(token.expiresAt, 'Never')}</td>
<td>${status}</td>
<td>${action}</td>
</tr>`;
}

function fieldError(id: string, messages: string[] | undefined): string {
  return messages && messages.length > 0 ? `<p class="error" id="${id}">${messages.map(escapeHtml).join(' ')}</p>` : '';
}

function createForm(props: ApiTokensPageProps): string {
  const values = props.form ?? DEFAULT_TOKEN_FORM;
  const errors = props.fieldErrors ?? {};
  const invalid = (field: string, id: string) => (errors[field] ? ` aria-invalid="true" aria-describedby="${id}"` : '');
  const scopeBoxes = TOKEN_SCOPES.map(
    (scope) =>
      `<input type="checkbox" id="scope-${scope}" name="scopes" value="${scope}"${values.scopes.includes(scope) ? ' checked' : ''}> <label for="scope-${scope}">${scope}</label>`,
  ).join('\n');
  const formError = props.formError ? `<p class="alert" role="alert">${escapeHtml(props.formError)}</p>` : '';
  return `<section aria-labelledby="create-heading">
<h2 id="create-heading">Create API Token</h2>
${formError}
<form method="post" action="${API_TOKENS_PATH}">
${csrfInput(props.header.csrfToken)}
<label for="token-name">Name</label>
<input type="text" id="token-name" name="name" required maxlength="255" value="${escapeHtml(values.name)}"${invalid('name', 'token-name-error')}>
${fieldError('token-name-error', errors.name)}
<fieldset${errors.scopes ? ' aria-describedby="token-scopes-error"' : ''}>
<legend>Scopes</legend>
${scopeBoxes}
</fieldset>
${fieldError('token-scopes-error', errors.scopes)}
<label for="token-expires">Expires in days <span class="hint">(optional; leave empty for no expiry)</span></label>
<input type="number" id="token-expires" name="expires_in_days" min="1" max="3650" step="1" value="${escapeHtml(values.expiresInDays)}"${invalid('expiresInDays', 'token-expires-error')}>
${fieldError('token-expires-error', errors.expiresInDays)}
<div><button type="submit">Create API Token</button></div>
</form>
</section>`;
}

export function renderApiTokensPage(props: ApiTokensPageProps): string {
  const issued = props.issued
    ? `<section class="notice" role="status" aria-labelledby="issued-heading">
<h2 id="issued-heading" style="margin-top:0">Token “${escapeHtml(props.issued.name)}” created</h2>
<p>Copy the secret now. <strong>It will not be shown again.</strong></p>
<code class="secret" id="new-token-secret">${escapeHtml(props.issued.secret)}</code>
<p class="hint">Send it as <code>Authorization: Bearer &lt;secret&gt;</code>.</p>
</section>`
    : '';
  const notice = props.notice ? `<p class="notice" role="status">${escapeHtml(props.notice)}</p>` : '';
  const rows = props.tokens.map((token) => tokenRow(token, props.now, props.header.csrfToken)).join('\n');
  const table =
    props.tokens.length === 0
      ? '<p>This company has no API tokens yet.</p>'
      : `<table>
<caption class="hint" style="text-align:left">API tokens of ${escapeHtml(props.header.companyName)}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="hint">Actions</span></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return layout(
    'API tokens',
    `<h1>API tokens</h1>
${issued}
${notice}
${table}
${createForm(props)}
${renderFeaturesSection(props.companySlug, props.header.companyName, props.features)}`,
    props.header,
  );
}
