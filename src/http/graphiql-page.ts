// The GraphiQL page for support staff. @graphql-yoga/render-graphiql inlines every asset (about 9 MB, no
// external references), so the page is rendered once, gzipped once, and served with a validator so
// browsers revalidate instead of downloading it again.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { pageSecurityHeaders } from './content-security.js';

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
  /** Everything GraphiQL needs is inline (its script by hash, styles, data: icons) and it talks only to /graphql. */
  securityHeaders: Record<string, string>;
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
      securityHeaders: pageSecurityHeaders(html.toString('utf8')),
    };
  }
  return rendered;
}

export function wantsGraphiQL(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

export function serveGraphiQL(req: IncomingMessage, res: ServerResponse): void {
  const { html, gzip, etag, securityHeaders } = page();
  const headers: Record<string, string | number> = {
    'content-type': 'text/html; charset=utf-8',
    ...securityHeaders,
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
