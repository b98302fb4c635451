// JSON a statement wrote, placed in a response body as it is (src/http/json-text.ts): the body is the JSON of
// the same value parsed, and no other text — however odd — is taken for a placeholder.
import { describe, expect, it } from 'vitest';
import { JsonText, stringifyWithJsonText } from '../../src/http/json-text.js';

describe('stringifyWithJsonText', () => {
  it('writes each JsonText in its place, at any depth, and everything else as JSON.stringify does', () => {
    const items = '[{"id":1,"name":"a \\"quoted\\" name","tags":[]},{"id":2,"name":"\\u0000 0 \\u0000"}]';
    const body = { data: new JsonText(items), meta: { total: 2, nested: [new JsonText('{"x":null}'), 'plain'] } };
    const written = stringifyWithJsonText(body);
    expect(written).toBe(JSON.stringify({ data: JSON.parse(items), meta: { total: 2, nested: [{ x: null }, 'plain'] } }));
  });

  it('leaves strings that look like its placeholder alone', () => {
    const value = { a: '\u00000\u0000', b: '\\u00000\\u0000', c: new JsonText('[1]'), d: '00000000-0000-4000-8000-000000000000:0' };
    expect(JSON.parse(stringifyWithJsonText(value))).toEqual({ a: '\u00000\u0000', b: '\\u00000\\u0000', c: [1], d: '00000000-0000-4000-8000-000000000000:0' });
  });

  it('is JSON.stringify when there is no JsonText', () => {
    const value = { a: [1, 'two', null, { b: true }], d: new Date(0) };
    expect(stringifyWithJsonText(value)).toBe(JSON.stringify(value));
  });
});
