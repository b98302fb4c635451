// The OpenAPI document as served passes Redocly's recommended rules (redocly.yaml says which rule is off and
// why): no error, no warning. The same check as `npx @redocly/cli lint` on /external/api/v1/openapi.json.
import path from 'node:path';
import { expect, it } from 'vitest';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { serverForFile } from '../support/file-server.js';

// No company: the document is public.
const { server } = serverForFile([]);

it('lints clean with the recommended rules', async () => {
  const served = await server.call('GET', '/external/api/v1/openapi.json');
  expect(served.status).toBe(200);
  const config = await loadConfig({ configPath: path.join(PROJECT_ROOT, 'redocly.yaml') });
  const problems = await lintFromString({ source: served.text, absoluteRef: path.join(PROJECT_ROOT, 'openapi.json'), config });
  const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
  expect(described).toEqual([]);
});
