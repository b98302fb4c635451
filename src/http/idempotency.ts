// Idempotent writes (the IETF Idempotency-Key header draft): a POST, PATCH or DELETE sent with an
// `Idempotency-Key` header is run once per company, token and key. Its response (status, content type, body) is
// kept for 24 hours; a retry with the same key and the same request gets it again with
// `Idempotent-Replayed: true` and changes nothing. The same key with another method, path or body → 422; a
// retry while the first request still runs → 409. A response of 500 or more is not kept (the key is freed, so
// the retry runs). REST routes and GraphQL mutations (POST /graphql) alike.
//
// The key is claimed (its row inserted) before the request runs and completed with the response before the
// response's last bytes go out, each in its own statement: if the process dies in between (after the change
// committed, before the client got its answer), the key stays "still running" (409) until it expires, rather
// than risk running the request twice.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestContext } from '../graphql/context.js';
import { readBody } from './body.js';
import { HttpProblem } from './errors.js';
import { sendJson } from './respond.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a key and its response are kept. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A request with a key is read whole before it runs (to compare it with the first): bounded. */
const MAX_IDEMPOTENT_BODY_BYTES = 64 * 1024 * 1024;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const WRITE_METHODS = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);

type Handler = (req: IncomingMessage) => Promise<void>;

/** Runs `handle` at most once per key; without a key (or for reads) it just runs it. */
export async function withIdempotency(req: IncomingMessage, res: ServerResponse, ctx: RequestContext, handle: Handler): Promise<void> {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined || !WRITE_METHODS.has(req.method ?? '')) return handle(req);
  if (ctx.caller.kind !== 'token') {
    req.resume();
    throw new HttpProblem(422, 'The Idempotency-Key header is kept per API token: send it with a token, not from a GraphiQL session.');
  }
  const key = (Array.isArray(header) ? header.join(',') : header).trim();
  if (!KEY_PATTERN.test(key)) {
    req.resume();
    throw new HttpProblem(422, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  const body = await readBody(req, MAX_IDEMPOTENT_BODY_BYTES);
  const method = req.method!;
  const path = req.url ?? '/';
  const fingerprint = createHash('sha256').update(`${method}\n${path}\n`).update(body).digest('hex');
  const tokenId = ctx.caller.tokenId;
  const where = { companyId_tokenId_key: { companyId: 0, tokenId, key } };

  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await ctx.db.idempotencyKey.createMany({ data: [{ tokenId, key, fingerprint, method, path }] as any, skipDuplicates: true });
    if (claimed.count === 1) return runAndKeep(res, ctx, where, replayable(req, body), handle);
    const first = await ctx.db.idempotencyKey.findUnique({ where });
    if (!first) continue; // expired and removed meanwhile: claim it again
    if (Date.now() - first.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      await ctx.db.idempotencyKey.deleteMany({ where: { id: first.id, createdAt: first.createdAt } });
      continue;
    }
    if (first.fingerprint !== fingerprint) {
      return sendJson(res, 422, {
        message: `The Idempotency-Key "${key}" was used for another request (${first.method} ${first.path}); a key may only be reused for the same method, path and body.`,
      });
    }
    if (first.completedAt === null || first.status === null) {
      return sendJson(res, 409, { message: `A request with the Idempotency-Key "${key}" is still being processed; retry after it has answered.` }, { 'retry-after': '1' });
    }
    const replayBody = Buffer.from(first.body ?? '', 'base64');
    const replayHeaders: Record<string, string | number> = { 'idempotent-replayed': 'true', 'content-length': replayBody.length };
    if (first.contentType) replayHeaders['content-type'] = first.contentType;
    res.writeHead(first.status, replayHeaders);
    res.end(replayBody);
    return;
  }
  throw new HttpProblem(409, `The Idempotency-Key "${key}" is being claimed by another request; retry.`);
}

/**
 * Runs the request and keeps its response for the key before the response is finished, so a retry sent the
 * moment the client has it already finds it; a failure (500 or more, or an error thrown) frees the key instead.
 */
async function runAndKeep(res: ServerResponse, ctx: RequestContext, where: { companyId_tokenId_key: { companyId: number; tokenId: number; key: string } }, req: IncomingMessage, handle: Handler): Promise<void> {
  const free = () => ctx.db.idempotencyKey.deleteMany({ where: where.companyId_tokenId_key });
  keepBeforeEnd(res, async ({ status, contentType, body }) => {
    if (status >= 500) await free();
    else await ctx.db.idempotencyKey.update({ where, data: { completedAt: new Date(), status, contentType, body: body.toString('base64') } });
  });
  try {
    await handle(req);
  } catch (error) {
    await free();
    throw error;
  }
}

/** The request again, its body read already, for the handler to read as usual. */
function replayable(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Readable.from(body.length > 0 ? [body] : [], { objectMode: false }) as unknown as IncomingMessage;
  return Object.assign(copy, {
    headers: { ...req.headers, 'content-length': String(body.length) },
    rawHeaders: req.rawHeaders,
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    socket: req.socket,
    connection: req.socket,
  });
}

/**
 * Collects what the handler writes (status, content type, body) and, when it ends the response, runs `keep`
 * with it before any byte of the body goes out. The body's writes are held back until then: the REST gateway and
 * GraphQL both send the length first and write the body before they end, and a client that has every byte of the
 * body takes the answer as complete and may retry at once, before the key was kept (a replay answered 409 so on
 * PostgreSQL). An event stream is the exception: its events go out as they come, and it is kept when it ends.
 */
function keepBeforeEnd(res: ServerResponse, keep: (response: { status: number; contentType: string | null; body: Buffer }) => Promise<void>): void {
  const chunks: Buffer[] = [];
  let contentType: string | null = null;
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as Record<string, unknown> | undefined;
    const type = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    if (type !== undefined) contentType = String(type);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  const typeNow = () => contentType ?? res.getHeader('content-type');
  const streaming = () => String(typeNow() ?? '').startsWith('text/event-stream');
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    if (streaming()) return write(chunk, ...rest);
    const written = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (written) process.nextTick(written);
    return true;
  }) as ServerResponse['write'];
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const ended = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const held = streaming() ? 0 : chunks.length; // the chunks held back so far
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    const type = typeNow();
    const body = Buffer.concat(chunks);
    const response = { status: res.statusCode, contentType: type === undefined || type === null ? null : String(type), body };
    // The key is kept (or freed) first; if that fails the answer still goes out, and the key stays claimed (409).
    void keep(response)
      .catch(() => undefined)
      .finally(() => (streaming() || held === 0 ? end(chunk, ...rest) : end(body, ended)));
    return res;
  }) as ServerResponse['end'];
}
