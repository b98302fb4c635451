// db:distribution-plan — prints the Citus statements that would shard the current schema by company
// (src/db/distribution-plan.ts); fails (exit 1) naming each table or key that breaks the tenant-key rules.
import { distributionPlan, UndistributableSchemaError } from '../../db/distribution-plan.js';
import { readKeyCatalog } from '../../db/key-catalog.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineCommand } from '../command.js';

class SchemaNotDistributableError extends DomainError {
  readonly code = 'SCHEMA_NOT_DISTRIBUTABLE';
}

export const databaseDistributionPlan = defineCommand({
  name: 'db:distribution-plan',
  summary: 'Print the Citus statements that distribute every company-owned table by companyId, in dependency order.',
  flags: [],
  parse: () => ({}),
  async run({ sql, out }) {
    try {
      for (const line of distributionPlan(await readKeyCatalog(sql))) out.line(line);
    } catch (error) {
      if (error instanceof UndistributableSchemaError) throw new SchemaNotDistributableError(error.message);
      throw error;
    }
  },
});

export const databaseCommands = [databaseDistributionPlan];
