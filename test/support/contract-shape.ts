// Checks of the contract's shapes for test/contract/: field types as the Resources section writes them, the
// envelopes of the Endpoints section and the bodies of the Errors table.
import { expect } from 'vitest';
import type { CallResult, Tenant, TestServer } from './test-server.js';

/** A contract type; a trailing `?` also allows null. */
export type FieldType = 'integer' | 'number' | 'string' | 'boolean' | 'date-time' | 'date' | 'object' | 'array' | 'any';
export type Shape = Record<string, FieldType | `${FieldType}?`>;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'date-time': return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'date': return typeof value === 'string' && DATE.test(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array': return Array.isArray(value);
    case 'any': return true;
  }
}

/**
 * Every field of `shape` is present with its type. `exact`: no other keys either (the contract gives the
 * full list). `where` names the object in a failure.
 */
export function expectShape(object: any, shape: Shape, options: { exact?: boolean; where?: string } = {}): void {
  const where = options.where ?? 'object';
  expect(typeof object === 'object' && object !== null && !Array.isArray(object), `${where} is an object: ${JSON.stringify(object)}`).toBe(true);
  if (options.exact) expect(Object.keys(object).sort(), `${where}: exact keys`).toEqual(Object.keys(shape).sort());
  else expect(Object.keys(object), `${where}: has every contract field`).toEqual(expect.arrayContaining(Object.keys(shape)));
  for (const [key, spec] of Object.entries(shape)) {
    const nullable = spec.endsWith('?');
    const type = (nullable ? spec.slice(0, -1) : spec) as FieldType;
    const value = object[key];
    const ok = (nullable && value === null) || fits(value, type);
    expect(ok, `${where}.${key} should be ${spec}, is ${JSON.stringify(value)}`).toBe(true);
  }
}

export const PAGE_META: Shape = { current_page: 'integer', from: 'integer', last_page: 'integer', per_page: 'integer', to: 'integer', total: 'integer' };

/** `{data}` and nothing else; gives data. */
export function dataOf(res: CallResult, status = 200): any {
  expect(res.status, res.text).toBe(status);
  expect(Object.keys(res.body)).toEqual(['data']);
  return res.body.data;
}

/** `{data: [...], meta}` with the six integer meta fields; gives data. */
export function pageOf(res: CallResult): any[] {
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
  expect(Array.isArray(res.body.data)).toBe(true);
  expectShape(res.body.meta, PAGE_META, { exact: true, where: 'meta' });
  return res.body.data;
}

/** 401 `{error: 'Unauthorized', message, status_code: 401}`. */
export function expectUnauthorized(res: CallResult): void {
  expect(res.status, res.text).toBe(401);
  expect(res.body).toEqual({ error: 'Unauthorized', message: expect.any(String), status_code: 401 });
}

/**
 * `expectAuthRequired(method, path, body?)`: the request on the tenant's host gets 401 without a token, with a
 * token nobody issued and with another company's token. Read when called, so files can set up in beforeAll.
 */
export function authRequirement(current: () => { server: TestServer; tenant: Tenant; stranger: Tenant }) {
  return async (method: string, path: string, body?: unknown): Promise<void> => {
    const { server, tenant, stranger } = current();
    for (const token of [undefined, 'inv_not_a_real_token', stranger.token]) {
      expectUnauthorized(await server.call(method, `/external/api/v1${path}`, { company: tenant.slug, token, body }));
    }
  };
}

/** 404 `{message}`, or `{error: 'Not Found', message, status_code: 404}` where the contract says so (cycle counts). */
export function expectNotFound(res: CallResult, body: 'message' | 'detailed' = 'message'): void {
  expect(res.status, res.text).toBe(404);
  if (body === 'detailed') expect(res.body).toEqual({ error: 'Not Found', message: expect.any(String), status_code: 404 });
  else expect(res.body).toEqual({ message: expect.any(String) });
}

/** A `{message}` body with this status (403, 409). */
export function expectMessageOnly(res: CallResult, status: number): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ message: expect.any(String) });
}

/** 422 `{message, errors}` whose errors name exactly these fields, each with a list of messages. */
export function expectInvalid(res: CallResult, fields: string[]): void {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  for (const messages of Object.values(res.body.errors)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string')).toBe(true);
  }
}
