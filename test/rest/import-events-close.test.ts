// An import's event stream whose client goes away stops at once, even while the import does not move (its
// watcher waits between reads and would otherwise go on polling): the server can then shut down. Before the fix,
// closing the server after such a stream hung for good; the test's time limit is what catches that.
import http from 'node:http';
import { expect, it } from 'vitest';
import { startTestServer } from '../support/test-server.js';

it('ends the watcher of a dropped stream on a queued import, so the server closes', async () => {
  // No job worker: the import stays queued, and its stream has nothing more to say.
  const server = await startTestServer();
  const acme = await server.createTenant('acme');
  const started = await server.call('POST', '/external/api/v1/imports?type=master_skus', {
    token: acme.token, company: 'acme', rawBody: 'sku,name\nW-1,Waiting\n', headers: { 'content-type': 'text/csv' },
  });
  expect(started.status, started.text).toBe(202);

  const firstEvent = await new Promise<string>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: server.port, path: `/external/api/v1/imports/${started.body.data.id}/events`, headers: { host: `acme.localhost:${server.port}`, authorization: `Bearer ${acme.token}` } },
      (res) => {
        res.setEncoding('utf8');
        res.once('data', (chunk: string) => {
          resolve(chunk);
          req.destroy(); // the client goes away while the import waits
        });
      },
    );
    req.once('error', (error) => (req.destroyed ? undefined : reject(error)));
  });
  expect(firstEvent).toMatch(/^event: progress\n/);

  await server.close();
}, 20_000);
