// Test files share their worker's loaded modules (isolate: false in vitest.config.ts), so no file may replace a
// module with vi.mock or vi.doMock: the replacement would stay registered for the files the worker runs after it.
// What a test needs to differ is passed in instead (createApp's restRoutes, a config, a database).
import { describe, expect, it } from 'vitest';
import { projectSources } from '../support/project-files.js';

const MODULE_REPLACEMENT = /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/;

const replacing = (files: { path: string; text: string }[]) => files.filter((file) => MODULE_REPLACEMENT.test(file.text)).map((file) => file.path);

describe('test files share their worker\'s modules', () => {
  it('no test file replaces a module', () => {
    const files = projectSources('test').filter((file) => file.path !== 'test/architecture/shared-modules.test.ts');
    expect(replacing(files)).toEqual([]);
  });

  it('finds vi.mock and vi.doMock, not vi.fn or a word that merely contains mock', () => {
    expect(
      replacing([
        { path: 'a.ts', text: "vi.mock('../x.js', () => ({}));" },
        { path: 'b.ts', text: "vi.doMock('../y.js');" },
        { path: 'c.ts', text: 'const f = vi.fn(); const mocked = 1; // a mock server' },
      ]),
    ).toEqual(['a.ts', 'b.ts']);
  });
});
