// Security headers for the service's HTML pages (GraphiQL, the API docs): a Content-Security-Policy that allows
// only the page's own assets and its own inline scripts (by hash, computed from the page itself), no framing,
// no MIME sniffing and no referrer beyond this origin. The settings pages use their stricter fixed policy
// (src/settings/html.ts).
import { createHash } from 'node:crypto';

/** The `'sha256-…'` source of every inline `<script>` of the page. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[0].slice(0, match[0].indexOf('>'))))
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
}

export function pageSecurityHeaders(html: string): Record<string, string> {
  const policy = [
    "default-src 'none'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
}
