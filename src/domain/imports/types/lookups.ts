// Shared by the supplier_skus, boms, price_lists and currency_rates imports: cells checked with the domain's
// own field rules (checkDecimal, currency codes), and the set-based reads each chunk makes (products by sku
// or alternate sku, suppliers by name or id), each one statement for the whole chunk.
import type { TenantTx } from '../../../db/tenant-client.js';
import { isCurrencyCode } from '../../shared/currency-codes.js';
import { ACTIVE } from '../../products/index.js';
import type { Decimal } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { checkDecimal, type DecimalLimits } from '../../shared/field-checks.js';
import { cellText, decimalCell, type RowErrors } from '../cells.js';
import type { CsvRow, RowError } from '../import-type.js';

/** The chunk's errors in file order (a row's own errors in the order found). */
export function inLineOrder(errors: RowErrors): RowError[] {
  return [...errors.list].sort((a, b) => a.line - b.line);
}


/** A required cell: its text, or null after recording "The <column> is required.". */
export function requiredText(row: CsvRow, column: string, errors: RowErrors, maxLength = 255): string | null {
  const value = cellText(row, column);
  if (value === undefined) return errors.add(row, column, `The ${column} is required.`);
  if (value.length > maxLength) return errors.add(row, column, `The ${column} may not be longer than ${maxLength} characters.`);
  return value;
}

/**
 * A decimal cell held to the same limits as the API (checkDecimal: minimum, decimal places and size of its
 * NUMERIC column). Undefined when empty (or, with `required`, null and an error), null after an error.
 */
export function checkedDecimalCell(
  row: CsvRow,
  column: string,
  errors: RowErrors,
  limits: DecimalLimits & { required?: boolean } = {},
): Decimal | undefined | null {
  const value = decimalCell(row, column, errors);
  if (value === undefined) return limits.required ? errors.add(row, column, `The ${column} is required.`) : undefined;
  if (value === null) return null;
  const collector = new FieldErrorCollector();
  checkDecimal(collector, column, value, limits);
  const messages = collector.errors[column];
  return messages ? errors.add(row, column, messages[0]) : value;
}

/** An ISO 4217 code (written in any case; stored upper-case). */
export function currencyCell(row: CsvRow, column: string, errors: RowErrors, required = false): string | undefined | null {
  const value = cellText(row, column);
  if (value === undefined) return required ? errors.add(row, column, `The ${column} is required.`) : undefined;
  const code = value.toUpperCase();
  if (!isCurrencyCode(code)) return errors.add(row, column, `The ${column} must be an ISO 4217 currency code such as USD (got "${value}").`);
  return code;
}

export interface SkuProduct {
  id: number;
  sku: string;
  defaultUomId: number | null;
}

/**
 * The active products named by these skus, keyed by the sku as given: a product's own sku, or one of its
 * alternate skus (a sku is unique per company across both), as BOM items and purchase order lines resolve
 * them. One statement whatever the number of skus.
 */
export async function activeProductsBySku(tx: TenantTx, companyId: number, skus: Iterable<string>): Promise<Map<string, SkuProduct>> {
  const wanted = [...new Set(skus)];
  const found = new Map<string, SkuProduct>();
  if (wanted.length === 0) return found;
  const rows = await tx.$queryRaw<Array<SkuProduct & { given: string; own: boolean }>>`
    SELECT p.sku AS given, true AS own, p.id, p.sku, p."defaultUomId" FROM "Product" p
    WHERE p."companyId" = ${companyId} AND p.status = ${ACTIVE} AND p.sku = ANY(${wanted}::text[])
    UNION ALL
    SELECT a.sku, false, p.id, p.sku, p."defaultUomId" FROM "ProductAlternateSku" a
    JOIN "Product" p ON p."companyId" = a."companyId" AND p.id = a."productId"
    WHERE a."companyId" = ${companyId} AND p.status = ${ACTIVE} AND a.sku = ANY(${wanted}::text[])`;
  // A product's own sku is read before an alternate one.
  for (const row of rows) if (row.own || !found.has(row.given)) found.set(row.given, { id: row.id, sku: row.sku, defaultUomId: row.defaultUomId });
  return found;
}

export const unknownSku = (sku: string) => `No active product has the sku or alternate sku "${sku}".`;

export interface SupplierRef {
  id: number;
  name: string;
  currency: string | null;
}

/**
 * Resolves suppliers named by id (digits that are a supplier's id) or by exact name, in one statement. The
 * answer for each reference is the supplier, or the message saying why there is none.
 */
export async function suppliersByNameOrId(tx: TenantTx, references: Iterable<string>): Promise<(reference: string) => SupplierRef | string> {
  const wanted = [...new Set(references)];
  const ids = wanted.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
  const suppliers = wanted.length
    ? await tx.supplier.findMany({ where: { OR: [{ name: { in: wanted } }, ...(ids.length ? [{ id: { in: ids } }] : [])] }, select: { id: true, name: true, currency: true }, orderBy: { id: 'asc' } })
    : [];
  const byId = new Map(suppliers.map((s) => [String(s.id), s]));
  return (reference) => {
    const withId = /^\d{1,9}$/.test(reference) ? byId.get(String(Number(reference))) : undefined;
    if (withId) return withId;
    const named = suppliers.filter((s) => s.name === reference);
    if (named.length === 1) return named[0];
    if (named.length > 1) return `${named.length} suppliers are named "${reference}" (ids ${named.map((s) => s.id).join(', ')}): give the supplier's id instead.`;
    return `No supplier is named "${reference}"${/^\d+$/.test(reference) ? ' or has that id' : ''}.`;
  };
}
