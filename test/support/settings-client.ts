// Drives the settings pages over real HTTP like a browser would: keeps cookies, pulls the CSRF token out
// of the last page, and sends forms as application/x-www-form-urlencoded.
import type { CallResult, TestServer } from './test-server.js';

export class SettingsClient {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(readonly server: TestServer, readonly company: string | null) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(result: CallResult): CallResult {
    const setCookie = result.headers['set-cookie'] ?? [];
    for (const line of setCookie) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if ((result.headers['content-type'] ?? '').startsWith('text/html')) this.lastPage = result.text;
    return result;
  }

  async get(path: string): Promise<CallResult> {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    return this.remember(await this.server.call('GET', path, { company: this.company, headers }));
  }

  /** POSTs a form; the CSRF token of the last page is added unless `csrf` says otherwise (null: none). */
  async post(path: string, fields: Record<string, string | string[]>, csrf?: string | null): Promise<CallResult> {
    const form = new URLSearchParams();
    const token = csrf === undefined ? csrfTokenIn(this.lastPage) : csrf;
    if (token !== null) form.append('csrf_token', token);
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    return this.remember(await this.server.call('POST', path, { company: this.company, headers, rawBody: form.toString() }));
  }

  async signIn(email: string, password: string, companyField?: string): Promise<CallResult> {
    await this.get('/settings/sign-in');
    const fields: Record<string, string> = { email, password };
    if (companyField !== undefined) fields.company = companyField;
    return this.post('/settings/sign-in', fields);
  }
}

export function csrfTokenIn(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('No CSRF token on the page.');
  return match[1];
}

export function newTokenSecretIn(html: string): string | null {
  return /id="new-token-secret">([^<]+)</.exec(html)?.[1] ?? null;
}
