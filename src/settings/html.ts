// HTML building blocks for the settings pages: escaping, the page layout and the response helpers.
// Pages are plain server-rendered HTML with a little inline CSS and no scripts or external assets.
import type { ServerResponse } from 'node:http';
import { sendHtml } from '../http/respond.js';
import { CSRF_FIELD } from './csrf.js';
import { SIGN_OUT_PATH } from './paths.js';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function csrfInput(token: string): string {
  return `<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">`;
}

/** Details shown in the header when someone is signed in. */
export interface SignedInHeader {
  email: string;
  companyName: string;
  csrfToken: string;
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa;line-height:1.5}
header{background:#24364b;color:#fff;padding:.6rem 1.5rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header .who{margin-left:auto}
header form{display:inline}
main{max-width:60rem;margin:1.5rem auto;padding:0 1.5rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
label{display:block;font-weight:600;margin-top:.8rem}
input[type=text],input[type=email],input[type=password],input[type=number]{font:inherit;padding:.35rem;width:100%;max-width:24rem;box-sizing:border-box}
fieldset{margin-top:.8rem;max-width:24rem}fieldset label{display:inline;font-weight:normal;margin-right:1rem}
button{font:inherit;padding:.35rem .9rem;margin-top:1rem;cursor:pointer}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}
td button{margin:0}
.error{color:#a4000f}
.alert{border:2px solid #a4000f;background:#fff0f0;padding:.6rem 1rem}
.notice{border:2px solid #1d6b2c;background:#effaf1;padding:.6rem 1rem}
.secret{font-family:ui-monospace,monospace;font-size:1.05rem;word-break:break-all;background:#fff;border:1px dashed #555;padding:.4rem;display:block}
.hint{color:#555;font-size:.9rem}
`;

export function layout(title: string, content: string, signedIn?: SignedInHeader, heading = 'Inventory settings'): string {
  const who = signedIn
    ? `<div class="who">${escapeHtml(signedIn.email)} · ${escapeHtml(signedIn.companyName)}
  <form method="post" action="${SIGN_OUT_PATH}">${csrfInput(signedIn.csrfToken)}<button type="submit" style="margin:0 0 0 .5rem">Sign out</button></form></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(heading)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>${escapeHtml(heading)}</strong>${who}</header>
<main>
${content}
</main>
</body>
</html>
`;
}

const PAGE_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export function sendPage(
  res: ServerResponse,
  status: number,
  html: string,
  options: { cookies?: string[]; headers?: Record<string, string> } = {},
): void {
  if (options.cookies && options.cookies.length > 0) res.setHeader('set-cookie', options.cookies);
  sendHtml(res, status, html, { ...PAGE_HEADERS, ...(options.headers ?? {}) });
}

export function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0 });
  res.end();
}

/** A short page for errors (403, 404, 405, 413...). */
export function sendErrorPage(
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
  options: { headers?: Record<string, string>; link?: { href: string; text: string } } = {},
): void {
  const link = options.link ? `<p><a href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>` : '';
  sendPage(res, status, layout(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>\n${link}`), {
    headers: options.headers,
  });
}
