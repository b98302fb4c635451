// /graphql reads its body itself, within 25,000,000 bytes (GRAPHQL_MAX_BODY_BYTES in src/http/graphql-endpoint.ts),
// and hands it to yoga whole: a JSON body with or without a length, a GraphQL multipart request with a file, and a
// body over the limit (413, declared or sent chunked), after which the server answers as before.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_BODY_BYTES } from '../../src/http/graphql-endpoint.js';
import { serverForFile } from '../support/file-server.js';
import { tenantRequest } from '../support/rest-client.js';

const { server, companies: { acme } } = serverForFile(['acme']);

/** POST /graphql with this body: with its length, or chunked when `chunked` (no Content-Length). */
function postGraphql(body: Buffer, contentType: string, chunked = false): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      tenantRequest(server, acme, 'POST', '/graphql', { 'content-type': contentType, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }) }),
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    // The server may answer 413 and close before all of a large body is written.
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    if (chunked) {
      for (let at = 0; at < body.length; at += 1 << 20) req.write(body.subarray(at, at + (1 << 20)));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the /graphql body', () => {
  it('is answered with and without a Content-Length', async () => {
    const query = json({ query: '{ company { slug } }' });
    expect(await postGraphql(query, 'application/json')).toEqual({ status: 200, json: { data: { company: { slug: acme.slug } } } });
    expect(await postGraphql(query, 'application/json', true)).toEqual({ status: 200, json: { data: { company: { slug: acme.slug } } } });
  });

  it('carries a file in a GraphQL multipart request', async () => {
    const boundary = 'graphql-body-test';
    const operations = { query: 'mutation ($file: Upload) { createImport(type: "stock", file: $file, dryRun: true) { id type options } }', variables: { file: null } };
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify(operations)}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: ['variables.file'] })}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\nsku,location,quantity\r\n\r\n`,
      `--${boundary}--\r\n`,
    ];
    const answer = await postGraphql(Buffer.from(parts.join('')), `multipart/form-data; boundary=${boundary}`);
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.createImport).toMatchObject({ type: 'stock', options: expect.objectContaining({ dry_run: true }) });
  });

  it('over the limit is refused with 413, declared or chunked, and the next request is answered', async () => {
    const padded = (size: number) => {
      const start = '{"query":"{ company { slug } }","extensions":{"pad":"';
      return Buffer.concat([Buffer.from(start), Buffer.alloc(size - start.length - 3, 'x'), Buffer.from('"}}')]);
    };
    const over = padded(GRAPHQL_MAX_BODY_BYTES + 1);
    for (const chunked of [false, true]) {
      const answer = await postGraphql(over, 'application/json', chunked);
      expect(answer).toEqual({ status: 413, json: { message: `The request body is larger than the limit of ${GRAPHQL_MAX_BODY_BYTES} bytes.` } });
    }
    expect(await postGraphql(padded(1000), 'application/json')).toEqual({ status: 200, json: { data: { company: { slug: acme.slug } } } });
  });
});
