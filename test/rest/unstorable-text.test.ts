// Text PostgreSQL cannot store — a NUL character or half of a surrogate pair — is refused with 422 naming
// where it is, in a JSON body, a query parameter, GraphQL variables and documents, and a CSV import's cells;
// never a 500, and nothing is written.
import { expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme }, gql } = serverForFile(['acme'], { background: true });

/** A REST call as acme with raw options (a raw body, headers), which `api` does not take. */
const call = (method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) =>
  server.call(method, `/external/api/v1${path}`, { token: acme.token, company: 'acme', ...options });

it('refuses a NUL or a lone surrogate in a JSON body with 422 naming the field, writing nothing', async () => {
  const nul = await call('POST', '/locations', { rawBody: '{"name":"Main\\u0000WH"}' });
  expect(nul.status).toBe(422);
  expect(nul.body).toEqual({ message: 'The name contains a NUL character, which cannot be stored.', errors: { name: ['The name contains a NUL character, which cannot be stored.'] } });
  const surrogate = await call('POST', '/products', { rawBody: '{"name":"A","sku":"S-1","custom_fields":{"note":"\\ud800x"}}' });
  expect(surrogate.status).toBe(422);
  expect(Object.keys(surrogate.body.errors)).toEqual(['custom_fields.note']);
  const nested = await call('POST', '/inventory/adjustments', { body: { lines: [{ product_id: 1, location_id: 1, quantity: 1, reason: 'a\u0000' }] } });
  expect(nested.status).toBe(422);
  expect(Object.keys(nested.body.errors)).toEqual(['lines.0.reason']);
  expect((await call('GET', '/locations')).body.data).toEqual([]);
});

it('refuses one in a query parameter', async () => {
  const res = await call('GET', '/products?name=%00');
  expect(res.status).toBe(422);
  expect(res.body.errors.name[0]).toContain('NUL');
});

it('refuses one in GraphQL variables and documents with VALIDATION_FAILED', async () => {
  const variables = await gql('mutation ($input: LocationCreateInput!) { createLocation(input: $input) { id } }', { input: { name: 'X\u0000' } });
  expect(variables.status).toBe(422);
  expect(variables.body.errors[0]).toMatchObject({ message: 'The variable input.name contains a NUL character, which cannot be stored.', extensions: { code: 'VALIDATION_FAILED' } });
  const literal = await gql('mutation { createLocation(input: {name: "X\\u0000"}) { id } }');
  // A validation error: the answer of any invalid document (200 with errors for an application/json request).
  expect(literal.status).toBe(200);
  expect(literal.body.errors[0]).toMatchObject({ message: 'The GraphQL document has a string that contains a NUL character, which cannot be stored.', extensions: { code: 'VALIDATION_FAILED' } });
});

it('reports such a cell of an import as a row error and applies the other rows', async () => {
  const started = await call('POST', '/imports?type=master_skus', { rawBody: 'sku,name\nOK-1,Fine\nBAD-1,Nul\u0000name\n', headers: { 'content-type': 'text/csv' } });
  expect(started.status).toBe(202);
  let current = started.body.data;
  for (let i = 0; i < 200 && !['finished', 'failed'].includes(current.job.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = (await call('GET', `/imports/${current.id}`)).body.data;
  }
  expect(current.job.status).toBe('finished');
  expect(current.stats).toEqual({ total_rows: 2, success_count: 1, error_count: 1 });
  expect((await call('GET', `/imports/${current.id}/errors`)).body.data).toEqual([{ line: 3, column: 'name', message: 'The name contains a NUL character, which cannot be stored.' }]);
});
