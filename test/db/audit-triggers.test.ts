// Every company-owned table carries the audit triggers, unless src/domain/audit/audited-tables.ts says why not:
// a table added later without them (or without a reason) fails here, so the audit log never silently misses one.
import { expect, it } from 'vitest';
import { NOT_AUDITED } from '../../src/domain/audit/audited-tables.js';
import { databaseForTests } from '../support/file-server.js';

const database = databaseForTests();

it('audits every company-owned table except the ones listed with a reason', async () => {
  const tables = await database.sql.query<{ table_name: string; has_id: boolean; triggers: string[] }>(`
    SELECT c.table_name,
           bool_or(i.column_name = 'id') AS has_id,
           COALESCE((SELECT array_agg(t.tgname::text ORDER BY t.tgname) FROM pg_trigger t
                     WHERE t.tgrelid = format('%I', c.table_name)::regclass AND t.tgname LIKE 'audit_%'), '{}') AS triggers
    FROM information_schema.columns c
    JOIN information_schema.columns i ON i.table_schema = c.table_schema AND i.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'companyId'
    GROUP BY c.table_name`);
  expect(tables.length).toBeGreaterThan(80);

  const problems: string[] = [];
  for (const table of tables) {
    const expected = table.table_name in NOT_AUDITED ? [] : table.has_id ? ['audit_delete', 'audit_insert', 'audit_update'] : ['audit_delete', 'audit_insert'];
    if (table.triggers.join() !== expected.join()) {
      problems.push(`${table.table_name}: triggers [${table.triggers.join(', ')}], expected [${expected.join(', ')}]`);
    }
  }
  for (const name of Object.keys(NOT_AUDITED)) {
    if (!tables.some((t) => t.table_name === name)) problems.push(`${name} is listed as not audited but is not a company-owned table`);
  }
  expect(problems, 'add the audit triggers in the migration that creates the table, or list it in NOT_AUDITED with the reason').toEqual([]);
});
