// Reads an application/x-www-form-urlencoded body (size-limited by readBody) into URLSearchParams.
import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/body.js';
import { HttpProblem } from '../http/errors.js';

export const MAX_FORM_BYTES = 64 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new HttpProblem(415, 'The form must be sent as application/x-www-form-urlencoded.');
  }
  const raw = await readBody(req, MAX_FORM_BYTES);
  return new URLSearchParams(raw.toString('utf8'));
}
