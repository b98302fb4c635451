// inventory:verify — rebuilds the stock balances from the ledger and checks the FIFO layers; prints every
// difference and fails (exit 1) when there is any.
import { tenantClient } from '../../db/tenant-client.js';
import { findCompanyBySlug } from '../../domain/tenancy/index.js';
import { verifyLedger } from '../../domain/inventory/index.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineCommand } from '../command.js';

class LedgerMismatchError extends DomainError {
  readonly code = 'LEDGER_MISMATCH';
}

export const inventoryVerify = defineCommand({
  name: 'inventory:verify',
  summary: "Check a company's stock balances and cost layers against the ledger; exit 1 on any difference.",
  flags: [{ name: 'company', placeholder: 'slug', required: true }],
  parse: (flags) => ({ companySlug: flags.string('company') }),
  async run({ prisma, out }, input) {
    const company = await findCompanyBySlug(prisma, input.companySlug);
    const differences = await verifyLedger(tenantClient(prisma, company.id));
    if (differences.length === 0) {
      out.line(`Ledger of company ${company.slug}: balances and cost layers agree with the movements (no differences).`);
      return;
    }
    for (const difference of differences) out.line(difference.message);
    throw new LedgerMismatchError(`${differences.length} difference${differences.length > 1 ? 's' : ''} between the ledger and the balances of company ${company.slug}.`);
  },
});

export const inventoryCommands = [inventoryVerify];
