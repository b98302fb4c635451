// A plain GraphQL-over-SSE client (distinct connections mode, as graphql-yoga serves it): POST /graphql with
// Accept: text/event-stream, then each `next` event's payload as it arrives. For subscription tests; the waits are
// bounded (a missing event fails the test instead of hanging it).
import http from 'node:http';
import type { Tenant, TestServer } from './test-server.js';
import { tenantRequest } from './rest-client.js';

export interface SseSubscription {
  /** The HTTP status of the answer (200 for a stream). */
  status: Promise<number>;
  /** The payloads received so far ({data} or {errors}), in order. */
  received: any[];
  /** How many comment frames (the server's heartbeats on an idle stream) arrived so far. */
  heartbeats(): number;
  /** Resolves with the payloads once `count` have arrived (fails after `timeoutMs`). */
  next(count: number, timeoutMs?: number): Promise<any[]>;
  /** Resolves when the server ended the stream (fails after `timeoutMs`). */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

export function subscribeSse(server: Pick<TestServer, 'port'>, tenant: Pick<Tenant, 'slug' | 'token'>, query: string, variables: Record<string, unknown> = {}): SseSubscription {
  const received: any[] = [];
  let heartbeats = 0;
  const waiters = new Set<() => void>();
  let isEnded = false;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const body = JSON.stringify({ query, variables });
  let resolveStatus!: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const req = http.request(
    tenantRequest(server, tenant, 'POST', '/graphql', { accept: 'text/event-stream', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    (res) => {
      resolveStatus(res.statusCode ?? 0);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = message.split('\n');
          if (lines.every((line) => line.startsWith(':'))) heartbeats += 1;
          const event = lines.find((line) => line.startsWith('event:'))?.slice(6).trim();
          const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('\n');
          if ((event === 'next' || event === undefined) && data) received.push(JSON.parse(data));
        }
        notify();
      });
      res.on('close', () => {
        isEnded = true;
        notify();
      });
    },
  );
  req.on('error', () => {
    isEnded = true;
    resolveStatus(0);
    notify();
  });
  req.end(body);

  const waitFor = (done: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${timeoutMs} ms; received ${JSON.stringify(received).slice(0, 500)}`));
      }, timeoutMs);
      function check() {
        if (!done()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      }
      waiters.add(check);
    });

  return {
    status,
    received,
    heartbeats: () => heartbeats,
    async next(count, timeoutMs = 5_000) {
      await waitFor(() => received.length >= count, timeoutMs, `expected ${count} payloads`);
      return received.slice(0, count);
    },
    ended: (timeoutMs = 5_000) => waitFor(() => isEnded, timeoutMs, 'expected the stream to end'),
    close: () => req.destroy(),
  };
}
