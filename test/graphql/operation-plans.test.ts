// A planned operation is kept for the next request asking the same (src/graphql/shared/operation-plans.ts): by
// schema, document, operation name and variables. Here the same document with other variables (another page,
// another filter, a field left out with @include) answers as it should over /graphql and REST, one after another,
// and the cache itself plans once per key, keeps 64 per document, and never keys variables that are not JSON.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, type ExecutionArgs } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.js';
import { OperationPlans } from '../../src/graphql/shared/operation-plans.js';
import { serverForFile } from '../support/file-server.js';

const { post, api, gql } = serverForFile(['acme']);
const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];

beforeAll(async () => {
  for (const name of names) await post('/companies', { name, email: `${name.toLowerCase()}@example.com` });
});

const PAGE = `query Page($page: Int, $perPage: Int, $filters: [FilterParamInput!], $withEmail: Boolean!) {
  customerCompanies(page: $page, perPage: $perPage, sort: "name", filters: $filters) {
    items { name email @include(if: $withEmail) }
    meta { total currentPage }
  }
}`;

describe('one document, other variables', () => {
  it('answers each request with its own variables, whichever was asked before', async () => {
    const ask = async (variables: Record<string, unknown>) => {
      const { body } = await gql(PAGE, variables);
      expect(body.errors).toBeUndefined();
      return body.data.customerCompanies;
    };
    const sorted = [...names].sort();
    for (let round = 0; round < 2; round++) {
      expect(await ask({ page: 1, perPage: 2, withEmail: true })).toEqual({
        items: sorted.slice(0, 2).map((name) => ({ name, email: `${name.toLowerCase()}@example.com` })),
        meta: { total: 5, currentPage: 1 },
      });
      expect(await ask({ page: 2, perPage: 2, withEmail: false })).toEqual({ items: sorted.slice(2, 4).map((name) => ({ name })), meta: { total: 5, currentPage: 2 } });
      expect(await ask({ page: 1, perPage: 10, withEmail: false, filters: [{ name: 'name', value: 'gamma' }] })).toEqual({ items: [{ name: 'Gamma' }], meta: { total: 1, currentPage: 1 } });
    }
  });

  it('answers a REST route asked again with other query parameters', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [query, expected] of [
        ['per_page=2&sort=name', ['Alpha', 'Beta']],
        ['per_page=2&page=3&sort=name', ['Gamma']],
        ['name=delta', ['Delta']],
      ] as const) {
        const { status, body } = await api('GET', `/companies?${query}`);
        expect(status).toBe(200);
        expect(body.data.map((company: { name: string }) => company.name)).toEqual(expected);
      }
    }
  });
});

describe('OperationPlans', () => {
  const schema = buildSchema();
  const document = parse('query Q($n: Int) { __typename }');
  const argsWith = (variableValues: Record<string, unknown>, operationName?: string): ExecutionArgs => ({ schema, document, variableValues, operationName });

  it('plans once per schema, document, operation name and variables', () => {
    let planned = 0;
    const plans = new OperationPlans(() => ++planned);
    expect(plans.of(argsWith({ n: 1 }))).toBe(1);
    expect(plans.of(argsWith({ n: 1 }))).toBe(1);
    expect(plans.of(argsWith({ n: 2 }))).toBe(2);
    expect(plans.of(argsWith({ n: 1 }, 'Q'))).toBe(3);
    expect(plans.of({ ...argsWith({ n: 1 }), document: parse('query Q($n: Int) { __typename }') })).toBe(4);
    expect(planned).toBe(4);
  });

  it('keeps the 64 plans of a document most recently used', () => {
    let planned = 0;
    const plans = new OperationPlans(() => ++planned);
    for (let n = 0; n <= 64; n++) plans.of(argsWith({ n }));
    expect(planned).toBe(65);
    plans.of(argsWith({ n: 64 }));
    expect(planned).toBe(65);
    plans.of(argsWith({ n: 0 })); // the least recently used, dropped when the 65th came
    expect(planned).toBe(66);
  });

  it('plans every time when a variable is not a JSON value, and keeps nothing when planning throws', () => {
    let planned = 0;
    const plans = new OperationPlans(() => ++planned);
    plans.of(argsWith({ n: new Blob(['x']) }));
    plans.of(argsWith({ n: new Blob(['x']) }));
    plans.of(argsWith({ n: 10n }));
    plans.of(argsWith({ n: 10n }));
    expect(planned).toBe(4);
    let calls = 0;
    const failing = new OperationPlans(() => {
      calls++;
      throw new Error('cannot plan');
    });
    expect(() => failing.of(argsWith({ n: 1 }))).toThrow('cannot plan');
    expect(() => failing.of(argsWith({ n: 1 }))).toThrow('cannot plan');
    expect(calls).toBe(2);
  });
});
