import type { ServerResponse } from 'node:http';
import { stringifyWithJsonText } from './json-text.js';

/** `withJsonText`: the body holds JsonText values (json-text.ts), written as they are. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, withJsonText = false): void {
  const payload = withJsonText ? stringifyWithJsonText(body) : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    ...headers,
  });
  res.end(html);
}

/** A file to download: `filename` keeps letters, digits, `.`, `_` and `-` (anything else becomes `_`). */
export function sendAttachment(res: ServerResponse, status: number, mediaType: string, body: Buffer, filename: string): void {
  res.writeHead(status, {
    'content-type': mediaType,
    'content-length': body.length,
    'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
  });
  res.end(body);
}
