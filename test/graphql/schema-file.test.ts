// schema/schema.graphql is the printed schema, committed so reviewers see API changes; it must not go stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printSchemaFile, SCHEMA_FILE } from '../../src/graphql/print.js';

describe('schema/schema.graphql', () => {
  it('matches the schema the code builds (run `npm run schema:print` after changing it)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printSchemaFile());
  });
});
