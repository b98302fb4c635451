// Reads a JSON request body with a size limit: too large → 413, not JSON → 400.
import type { IncomingMessage } from 'node:http';
import { HttpProblem } from './errors.js';
import { findUnstorableText } from '../domain/shared/storable-text.js';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new HttpProblem(413, `The request body is larger than the limit of ${limit} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new HttpProblem(413, `The request body is larger than the limit of ${limit} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The parsed JSON body, or undefined when the request has none. */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const raw = await readBody(req, limit);
  if (raw.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpProblem(400, 'The request body is not valid JSON.');
  }
  refuseUnstorableText(parsed);
  return parsed;
}

/** 422 naming the first string that PostgreSQL could not store (a NUL, a lone surrogate). */
export function refuseUnstorableText(value: unknown, path: string[] = []): void {
  const found = findUnstorableText(value, path);
  if (!found) return;
  const key = found.path || 'body';
  const message = `The ${key} ${found.problem}.`;
  throw new HttpProblem(422, message, { [key]: [message] });
}
