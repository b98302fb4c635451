// The check every REST answer of the suite goes through (test/support/answer-check.ts): it must find what does
// not match the document, or the suite's passing proves nothing about the document.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { answerChecker, type AnswerChecker } from '../support/answer-check.js';

const { server, post } = serverForFile(['acme']);
let checker: AnswerChecker;
const JSON_TYPE = 'application/json; charset=utf-8';
const location = { id: 1, name: 'Main', status: 'active', parent_id: null };

beforeAll(async () => {
  // A real answer of the route, to change one thing at a time below.
  Object.assign(location, await post('/locations', { name: 'Main' }));
  checker = await answerChecker(async () => (await server.call('GET', '/external/api/v1/openapi.json')).body);
});

describe('the answer check', () => {
  it('passes an answer as documented, and leaves paths that are no route alone', () => {
    expect(checker.problem('GET', '/external/api/v1/locations/1', 200, JSON_TYPE, JSON.stringify({ data: location }))).toBeNull();
    expect(checker.problem('GET', '/external/api/v1/locations/1?x=1', 404, JSON_TYPE, JSON.stringify({ message: 'No location 1.' }))).toBeNull();
    expect(checker.problem('GET', '/external/api/v1/no-such-route', 404, JSON_TYPE, JSON.stringify({ message: 'Not found.' }))).toBeNull();
  });

  it('names a missing field, a wrong type and a null where the document has none', () => {
    const { name: _name, ...withoutName } = location;
    expect(checker.problem('GET', '/external/api/v1/locations/1', 200, JSON_TYPE, JSON.stringify({ data: withoutName }))).toMatch(/GET \/locations\/\{locationId\} → 200 does not match the document: \/data must have required property 'name'/);
    expect(checker.problem('GET', '/external/api/v1/locations/1', 200, JSON_TYPE, JSON.stringify({ data: { ...location, id: '1' } }))).toMatch(/\/data\/id must be integer/);
    expect(checker.problem('GET', '/external/api/v1/locations/1', 200, JSON_TYPE, JSON.stringify({ data: { ...location, name: null } }))).toMatch(/\/data\/name must be string/);
    expect(checker.problem('POST', '/external/api/v1/locations', 422, JSON_TYPE, JSON.stringify({ errors: {} }))).toMatch(/must have required property 'message'/);
  });

  it('refuses a status, a method or a media type the document does not give the route', () => {
    expect(checker.problem('GET', '/external/api/v1/locations', 418, JSON_TYPE, '{}')).toMatch(/GET \/locations → 418 is not documented \(documented: 200, /);
    expect(checker.problem('PUT', '/external/api/v1/locations', 200, JSON_TYPE, '{}')).toMatch(/the document has no PUT for this path/);
    expect(checker.problem('PUT', '/external/api/v1/locations', 405, JSON_TYPE, '{}')).toBeNull();
    expect(checker.problem('GET', '/external/api/v1/locations', 200, 'text/csv', 'id\n1')).toMatch(/answered text\/csv, documented: application\/json/);
    expect(checker.problem('GET', '/external/api/v1/locations', 200, JSON_TYPE, 'not json')).toMatch(/is not JSON/);
    expect(checker.problem('GET', '/external/api/v1/locations/1', 200, JSON_TYPE, JSON.stringify({ data: location }, null, 1))).toMatch(/is not written as JSON.stringify writes it/);
  });
});
