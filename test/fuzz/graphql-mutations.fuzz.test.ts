// Fuzzes every GraphQL mutation with hostile variables (the same changes as the REST fuzz: wrong types,
// missing and extra fields, unstorable text, odd numbers, impossible dates, deep nesting, long strings).
// Properties: the status is below 500, no error is an unexpected one (INTERNAL_SERVER_ERROR), and a refused
// mutation (an answer with errors) leaves the company's data exactly as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/graphql/schema.js';
import { mutationTargets } from './graphql-mutations.js';
import { BODY_CHANGES, changeBody, jsonText, plainValue } from './openapi-arbitraries.js';
import { WRONG_TYPES } from './hostile-values.js';
import { changedTables } from './data-fingerprint.js';
import { describeExchange, startFuzzServer, type FuzzServer } from './fuzz-server.js';
import { FUZZ_RUNS, FUZZ_SEED, seedFor } from './fuzz-settings.js';

const targets = mutationTargets(buildSchema());
let fuzz: FuzzServer;

beforeAll(async () => {
  console.log(`GraphQL fuzz: ${targets.length} mutations, FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED}`);
  fuzz = await startFuzzServer();
});

afterAll(async () => {
  await fuzz?.close();
});

describe.each(targets.map((target) => [target.name, target] as const))('mutation %s', (_name, target) => {
  it('never fails unexpectedly, and a refused mutation changes no data', { timeout: 60_000 + FUZZ_RUNS * 5_000 }, async () => {
    const cases = fc.tuple(plainValue(target.variables, '', 0), fc.constantFrom('none', 'variables-not-an-object', ...BODY_CHANGES), fc.nat(), fc.nat()).map(([plain, change, at, pick]) => {
      if (change === 'none') return { change, variables: plain };
      if (change === 'variables-not-an-object') return { change, variables: WRONG_TYPES[pick % WRONG_TYPES.length] };
      const { value, where } = changeBody(plain, target.variables, change, at, pick);
      return { change: `${change} at ${where || '(variables)'}`, variables: value };
    });
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const wire = {
          method: 'POST',
          target: '/graphql',
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(`{"query":${JSON.stringify(target.document)},"variables":${jsonText(c.variables)}}`),
        };
        const before = await fuzz.fingerprintNow();
        fuzz.takeLoggedErrors();
        const answer = await fuzz.send(wire);
        const logged = fuzz.takeLoggedErrors();
        const story = () => describeExchange(`${target.name}: ${c.change}`, wire, answer, logged);
        expect(answer.status, story()).toBeLessThan(500);
        const errors: Array<{ extensions?: { code?: string } }> = JSON.parse(answer.text).errors ?? [];
        expect(errors.filter((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'), story()).toEqual([]);
        if (errors.length > 0) {
          const changed = changedTables(before, await fuzz.fingerprint());
          expect(changed, `refused, yet changed ${changed.join(', ')}\n${story()}`).toEqual([]);
        }
      }),
      { seed: seedFor(`mutation ${target.name}`), numRuns: FUZZ_RUNS, endOnFailure: true },
    );
  });
});
