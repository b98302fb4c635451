// The DATA_DIR in front of the first company's command (src/cli/first-company-hint.ts): named when the server's
// folder is not the one the CLI finds by itself, and quoted so that the shell reads the folder back as it is.
import { mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dataDirPrefix } from '../../src/cli/first-company-hint.js';

it('names no folder on PostgreSQL or for ./data, and the folder otherwise', () => {
  expect(dataDirPrefix(null, '/srv/app')).toBe('');
  expect(dataDirPrefix('/srv/app/data', '/srv/app')).toBe('');
  expect(dataDirPrefix('/srv/app/data/', '/srv/app')).toBe('');
  expect(dataDirPrefix('/var/lib/inventory', '/srv/app')).toBe('DATA_DIR=/var/lib/inventory ');
});

it('quotes a folder with spaces and quotes so that the shell reads it back unchanged', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'hint-'));
  try {
    for (const name of ["my data", "it's here", 'a$b `c` "d"']) {
      const folder = path.join(parent, name);
      const prefix = dataDirPrefix(folder, '/srv/app');
      expect(prefix).not.toBe('');
      const echoed = execFileSync('sh', ['-c', `${prefix}sh -c 'printf %s "$DATA_DIR"'`], { encoding: 'utf8' });
      expect(echoed).toBe(folder);
    }
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
