// Fuzzes every route of the served OpenAPI document (documented and generated): for each operation,
// fast-check derives plausible requests from its parameters and body schema and makes one part hostile
// (see openapi-arbitraries.ts). Two properties hold for every answer: the status is below 500, and a
// refused write (4xx) leaves the company's data exactly as it was (data-fingerprint.ts).
// CI runs FUZZ_RUNS cases per operation with a fixed FUZZ_SEED; `npm run fuzz` runs more with a random seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server.js';
import { listOperations } from './openapi-operations.js';
import { caseArbitrary, toWire } from './openapi-arbitraries.js';
import { changedTables } from './data-fingerprint.js';
import { BASE, describeExchange, startFuzzServer, type FuzzServer } from './fuzz-server.js';
import { FUZZ_RUNS, FUZZ_SEED, seedFor } from './fuzz-settings.js';
import { existingIdResolver } from './existing-ids.js';

// The operations are listed from the document of a server started only for that (the suite's own
// server starts in beforeAll, after vitest has collected the tests).
const documentServer = await startTestServer();
const document = (await documentServer.call('GET', `${BASE}/openapi.json`)).body;
await documentServer.close();
// Deletions last, so that the records the other operations act on are still there when they run.
const operations = listOperations(document).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

let fuzz: FuzzServer;
/** Answers by status and kind of change, printed at the end: shows how deep the cases reach. */
const tally = new Map<string, number>();

beforeAll(async () => {
  console.log(`routes fuzz: ${operations.length} operations, FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED}`);
  fuzz = await startFuzzServer();
});

afterAll(async () => {
  console.log(`routes fuzz answers (status, change): ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
  await fuzz?.close();
});

it('covers documented and generated routes, and its fingerprint sees a write', async () => {
  expect(operations.length).toBeGreaterThan(300);
  expect(operations.map((op) => op.key)).toEqual(expect.arrayContaining(['POST /locations', 'GET /unit-conversion-rule/{id}', 'POST /update-unit-class']));
  const before = await fuzz.fingerprint();
  const created = await fuzz.send({ method: 'POST', target: `${BASE}/tags`, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"name":"Fingerprinted"}') });
  expect(created.status).toBe(201);
  expect(changedTables(before, await fuzz.fingerprint())).toContain('Tag');
});

describe.each(operations.map((op) => [op.key, op] as const))('%s', (_key, op) => {
  it('never answers 500 or more, and a refused write changes no data', { timeout: 60_000 + FUZZ_RUNS * 5_000 }, async () => {
    const writes = op.method !== 'GET';
    const existing = existingIdResolver(fuzz.send);
    await fc.assert(
      fc.asyncProperty(caseArbitrary(op), async (generated) => {
        const c = await existing.resolve(op, generated);
        const wire = toWire(op, BASE, c);
        const before = writes ? await fuzz.fingerprintNow() : null;
        fuzz.takeLoggedErrors();
        const answer = await fuzz.send(wire);
        const logged = fuzz.takeLoggedErrors();
        const kind = `${answer.status} ${c.change.split(" ")[0]}`;
        tally.set(kind, (tally.get(kind) ?? 0) + 1);
        const story = () => describeExchange(`${op.key}: ${c.change}`, wire, answer, logged);
        expect(answer.status, story()).toBeLessThan(500);
        if (writes && answer.status < 300) existing.forget();
        if (before && answer.status >= 400) {
          const changed = changedTables(before, await fuzz.fingerprint());
          expect(changed, `refused, yet changed ${changed.join(', ')}\n${story()}`).toEqual([]);
        }
      }),
      { seed: seedFor(op.key), numRuns: FUZZ_RUNS, endOnFailure: true },
    );
  });
});

it('leaves the token working (no case revoked it or removed the company)', async () => {
  expect((await fuzz.send({ method: 'GET', target: `${BASE}/locations`, headers: {} })).status).toBe(200);
});
