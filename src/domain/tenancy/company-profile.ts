// The current company as its own API sees it: name and base currency. The base currency is what stock is
// valued in (FIFO layers, movement costs) and what reports add up in, so it cannot change once stock has
// been valued in it or a purchase order has been stated in it.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkCurrencyCode, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';

export interface CompanyProfileInput {
  name?: string | null;
  baseCurrency?: string | null;
}

/** The company of the tenant client (the tenant client adds its id to the filter). */
export function currentCompany(db: TenantDb | TenantTx) {
  return db.company.findFirstOrThrow({});
}

export async function updateCompanyProfile(db: TenantDb, input: CompanyProfileInput) {
  return db.$transaction(async (tx) => {
    const company = await currentCompany(tx);
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, false);
    checkMaxLength(errors, 'name', input.name, 255);
    if (input.baseCurrency === null) errors.add('baseCurrency', 'The base currency cannot be empty.');
    checkCurrencyCode(errors, 'baseCurrency', input.baseCurrency);
    if (input.baseCurrency && input.baseCurrency !== company.baseCurrency && !errors.errors.baseCurrency) {
      // Documents in money: valued stock, and purchase orders (their totals and rates are in the base currency).
      const valued = await tx.stockMovement.count({ where: { unitCost: { not: null } } });
      const orders = await tx.purchaseOrder.count();
      if (valued > 0 || orders > 0) {
        const what = [valued > 0 ? `${valued} stock movement${valued > 1 ? 's' : ''}` : null, orders > 0 ? `${orders} purchase order${orders > 1 ? 's' : ''}` : null];
        errors.add('baseCurrency', `The base currency cannot change from ${company.baseCurrency}: ${what.filter(Boolean).join(' and ')} ${valued + orders > 1 ? 'are' : 'is'} stated in it.`);
      }
    }
    errors.throwIfAny();
    return tx.company.update({
      where: { id: company.id },
      data: { ...(input.name != null ? { name: input.name.trim() } : {}), ...(input.baseCurrency ? { baseCurrency: input.baseCurrency } : {}) },
    });
  });
}
