// The current company as its own API sees it: name and base currency. The base currency is what stock is
// valued in (FIFO layers, movement costs) and what reports add up in, so it cannot change once stock has
// been valued in it or a purchase order has been stated in it. The GS1 company prefix (6 to 12 digits) is what
// the SSCCs the service assigns to shipment packages start with (src/domain/fulfillment/sscc.ts).
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { updateCompanyRecord } from './company-record.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkCurrencyCode, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { gs1PrefixProblem } from '../fulfillment/index.js';
import { checkEdiIdentifier, checkEdiQualifier } from '../edi/index.js';

export interface CompanyProfileInput {
  name?: string | null;
  baseCurrency?: string | null;
  /** null clears it. */
  gs1CompanyPrefix?: string | null;
  /** What the company sends X12 EDI as (ISA06/ISA05); null clears them. */
  ediSenderId?: string | null;
  ediSenderQualifier?: string | null;
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
    const prefix = input.gs1CompanyPrefix?.trim();
    if (prefix) {
      const problem = gs1PrefixProblem(prefix);
      if (problem) errors.add('gs1CompanyPrefix', problem);
    }
    checkEdiIdentifier(errors, 'ediSenderId', input.ediSenderId);
    checkEdiQualifier(errors, 'ediSenderQualifier', input.ediSenderQualifier);
    if (input.baseCurrency && input.baseCurrency !== company.baseCurrency && !errors.errors.baseCurrency) {
      // Documents in money: valued stock, purchase orders, bills, prepayments and credits (their rates are to the base currency).
      const valued = await tx.stockMovement.count({ where: { unitCost: { not: null } } });
      const [orders, bills, prepayments, credits] = await Promise.all([tx.purchaseOrder.count(), tx.bill.count(), tx.prepayment.count(), tx.vendorCredit.count()]);
      const counts: Array<[number, string]> = [[valued, 'stock movement'], [orders, 'purchase order'], [bills, 'bill'], [prepayments, 'prepayment'], [credits, 'vendor credit']];
      const what = counts.filter(([count]) => count > 0).map(([count, noun]) => `${count} ${noun}${count > 1 ? 's' : ''}`);
      const documents = counts.reduce((sum, [count]) => sum + count, 0);
      if (documents > 0) {
        errors.add('baseCurrency', `The base currency cannot change from ${company.baseCurrency}: ${what.join(' and ')} ${documents > 1 ? 'are' : 'is'} stated in it.`);
      }
    }
    errors.throwIfAny();
    const assignments = [
      ...(input.name != null ? [Prisma.sql`name = ${input.name.trim()}`] : []),
      ...(input.baseCurrency ? [Prisma.sql`"baseCurrency" = ${input.baseCurrency}`] : []),
      ...(input.gs1CompanyPrefix !== undefined ? [Prisma.sql`"gs1CompanyPrefix" = ${prefix || null}`] : []),
      ...(input.ediSenderId !== undefined ? [Prisma.sql`"ediSenderId" = ${input.ediSenderId}`] : []),
      ...(input.ediSenderQualifier !== undefined ? [Prisma.sql`"ediSenderQualifier" = ${input.ediSenderQualifier}`] : []),
    ];
    if (assignments.length > 0) await updateCompanyRecord(tx, company.id, Prisma.join(assignments));
    return currentCompany(tx);
  });
}

/**
 * The tenant's own name, as SQL for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts; the
 * company is $1): the company a shipment ships from and an invoice is issued by, as currentCompany reads it.
 */
export const currentCompanyNameSql = () => `(SELECT c.name FROM "Company" c WHERE c.id = $1::int)`;
