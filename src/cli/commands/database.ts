// db:distribution-plan — prints the Citus statements that the service runs after its migrations on a Citus
// coordinator to distribute the tables not distributed yet (src/db/distribution-plan.ts, src/db/citus.ts): on a
// database not on Citus, every table. Fails (exit 1) naming each table or key that breaks the tenant-key rules.
import { distributionPlan, UndistributableSchemaError } from '../../db/distribution-plan.js';
import { isCitus, readDistribution } from '../../db/citus.js';
import { readKeyCatalog } from '../../db/key-catalog.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineCommand } from '../command.js';

class SchemaNotDistributableError extends DomainError {
  readonly code = 'SCHEMA_NOT_DISTRIBUTABLE';
}

export const databaseDistributionPlan = defineCommand({
  name: 'db:distribution-plan',
  summary: 'Print the Citus statements that distribute the tables not distributed yet: company-owned ones by companyId, co-located.',
  flags: [],
  parse: () => ({}),
  async run({ sql, out }) {
    try {
      const { tables, anchor } = (await isCitus(sql)) ? await readDistribution(sql) : { tables: new Set<string>(), anchor: undefined };
      const plan = distributionPlan(await readKeyCatalog(sql), tables, anchor);
      if (plan.length === 0) out.line('-- Every table is distributed already.');
      for (const line of plan) out.line(line);
    } catch (error) {
      if (error instanceof UndistributableSchemaError) throw new SchemaNotDistributableError(error.message);
      throw error;
    }
  },
});

export const databaseCommands = [databaseDistributionPlan];
