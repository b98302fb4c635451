// The GraphiQL page for support staff. @graphql-yoga/render-graphiql inlines every asset (about 9 MB, no
// external references), so the page is rendered once, gzipped once, and served with a validator so
// browsers revalidate instead of downloading it again. The page is the same for everyone: who is signed in is
// asked by its session script (graphiql-session-script.ts) once it runs.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { pageSecurityHeaders } from './content-security.js';
import { GRAPHIQL_EXAMPLES } from './graphiql-examples.js';
import { GRAPHIQL_SESSION_SCRIPT } from './graphiql-session-script.js';

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
    const markup = renderGraphiQL({
      endpoint: '/graphql',
      title: 'Inventory GraphiQL',
      // No `headers`: GraphiQL would put them in place of the ones it kept from the last visit.
      shouldPersistHeaders: true,
      defaultTabs: GRAPHIQL_EXAMPLES.map((example) => ({ query: example.query, variables: JSON.stringify(example.variables, null, 2) })),
    });
    const root = '<div id="root"></div>';
    if (!markup.includes(root)) throw new Error('GraphiQL page without its root element: the session script has no place.');
    const html = Buffer.from(markup.replace(root, () => `${root}\n<script>${GRAPHIQL_SESSION_SCRIPT}</script>`));
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
