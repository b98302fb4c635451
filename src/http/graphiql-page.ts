// The GraphiQL page for support staff. @graphql-yoga/render-graphiql inlines every asset (about 9 MB, no
// external references), so the page is rendered once, gzipped once, and served with a validator so
// browsers revalidate instead of downloading it again.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';

const DEFAULT_QUERY = `# Put your API token in the Headers tab below:
#   {"Authorization": "Bearer inv_..."}
{
  viewer { company { slug name } tokenScopes }
  locations(perPage: 5) {
    items { id name parentId isWarehouse }
    meta { total }
  }
}
`;

interface RenderedPage {
  html: Buffer;
  gzip: Buffer;
  etag: string;
  /** Allows the page's own inline script (by its hash) and nothing from elsewhere. */
  contentSecurityPolicy: string;
}

let rendered: RenderedPage | null = null;

function page(): RenderedPage {
  if (!rendered) {
    const html = Buffer.from(
      renderGraphiQL({
        endpoint: '/graphql',
        title: 'Inventory GraphiQL',
        defaultQuery: DEFAULT_QUERY,
        headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }, null, 2),
        shouldPersistHeaders: false,
      }),
    );
    rendered = {
      html,
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      contentSecurityPolicy: contentSecurityPolicy(html.toString('utf8')),
    };
  }
  return rendered;
}

/**
 * Everything GraphiQL needs is inline (its script, its styles, data: icons and fonts) and it talks only to
 * /graphql on this origin: the policy allows exactly that, by the hash of each inline script, and no framing.
 */
function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ')}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function wantsGraphiQL(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

export function serveGraphiQL(req: IncomingMessage, res: ServerResponse): void {
  const { html, gzip, etag, contentSecurityPolicy } = page();
  const headers: Record<string, string | number> = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'public, max-age=3600',
    etag,
    vary: 'accept-encoding',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzipped ? gzip : html;
  res.writeHead(200, { ...headers, ...(gzipped ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
  res.end(body);
}
