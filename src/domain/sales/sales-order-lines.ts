// The lines and totals of a sales order. A line names its product by id or SKU (alternate SKUs too), keeps the
// quantity and unit as entered and its base quantity. Without a unit price it takes the quoted one
// (price-quote.ts: the customer's list, else the channel's, else the retail price), per entered unit. Amounts
// are rounded to the currency's minor units where they are stated; unit prices keep their precision.
//   gross = quantity × unit_price; discount = gross × discount_percent / 100; line_total = gross − discount;
//   tax = line_total × tax_rate / 100; subtotal = Σ gross; total = subtotal − discount_total + tax_total.
import type { SalesOrderLine } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { quotePrices } from '../pricing/index.js';
import { resolveProductLines } from '../products/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';

export interface SalesOrderLineInput {
  productId?: number | null;
  sku?: string | null;
  quantity?: Decimal | null;
  uomId?: number | null;
  unitPrice?: Decimal | null;
  discountPercent?: Decimal | null;
  taxRate?: Decimal | null;
}

/** A line as it is written: the model's columns (the Prisma type) but for its keys and what shipping books later. */
export type SalesLineRow = Omit<SalesOrderLine, 'id' | 'companyId' | 'salesOrderId' | 'baseQuantityShipped'>;

export interface SalesPricing {
  customerCompanyId: number | null;
  channelId: number;
  currency: string;
  orderDate: Date;
}

const PERCENT = { scale: 4, precision: 9, min: 0 };

/** Checks and prices the lines; null (every problem collected under `lines.N.field`) when any is wrong. */
export async function prepareSalesLines(tx: TenantTx, lines: SalesOrderLineInput[], pricing: SalesPricing | null, errors: FieldErrorCollector): Promise<SalesLineRow[] | null> {
  const before = Object.keys(errors.errors).length;
  const at = (index: number, field: string) => `lines.${index}.${field}`;
  lines.forEach((line, index) => {
    if (line.quantity == null) errors.add(at(index, 'quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at(index, 'quantity'), line.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    checkDecimal(errors, at(index, 'unitPrice'), line.unitPrice, { ...LEDGER_DECIMAL, min: 0 });
    for (const field of ['discountPercent', 'taxRate'] as const) {
      checkDecimal(errors, at(index, field), line[field], PERCENT);
      if (line[field] != null && line[field]!.gt(100)) errors.add(at(index, field), 'The value is a percentage from 0 to 100.');
    }
  });
  const resolved = await resolveProductLines(tx, lines, errors, { path: 'lines', holder: 'sales order line' });
  if (!pricing) return null;
  const quoted = lines.map((line, index) => (line.unitPrice == null && resolved[index]!.baseQuantity ? index : -1)).filter((index) => index >= 0);
  const quotes = quoted.length
    ? await quotePrices(tx, quoted.map((index) => ({ productId: resolved[index]!.product!.id, baseQuantity: resolved[index]!.baseQuantity! })), {
        customerCompanyId: pricing.customerCompanyId,
        channelId: pricing.channelId,
        currency: pricing.currency,
        date: pricing.orderDate,
      })
    : [];
  const quoteOf = new Map(quoted.map((lineIndex, i) => [lineIndex, quotes[i]!]));

  const rows: SalesLineRow[] = [];
  lines.forEach((line, index) => {
    const { product, baseQuantity } = resolved[index]!;
    if (!product || !baseQuantity || !line.quantity) return;
    let unitPrice = line.unitPrice ?? null;
    let priceSource = 'given';
    if (unitPrice == null) {
      const quote = quoteOf.get(index);
      if (!quote?.unitPrice) {
        errors.add(at(index, 'unitPrice'), `The unit price is required: product ${product.sku} has no price in the customer's or the channel's price list, and no retail price${quote?.source ? ` that converts to ${pricing.currency}` : ''}.`);
        return;
      }
      // The quote is per base unit; the line states its price per entered unit.
      unitPrice = quote.unitPrice.mul(baseQuantity).div(line.quantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
      priceSource = quote.source!;
    }
    const discountPercent = line.discountPercent ?? ZERO;
    const taxRate = line.taxRate ?? ZERO;
    const gross = roundToCurrency(line.quantity.mul(unitPrice), pricing.currency);
    const discountAmount = roundToCurrency(gross.mul(discountPercent).div(100), pricing.currency);
    const lineTotal = gross.minus(discountAmount);
    rows.push({
      position: index,
      productId: product.id,
      quantity: line.quantity,
      uomId: line.uomId ?? null,
      baseQuantity,
      unitPrice,
      priceSource,
      discountPercent,
      taxRate,
      discountAmount,
      lineTotal,
      taxAmount: roundToCurrency(lineTotal.mul(taxRate).div(100), pricing.currency),
    });
  });
  return Object.keys(errors.errors).length === before ? rows : null;
}

export function salesTotals(lines: Pick<SalesLineRow, 'lineTotal' | 'discountAmount' | 'taxAmount'>[]) {
  const sum = (pick: (line: (typeof lines)[number]) => Decimal) => lines.reduce((total, line) => total.plus(pick(line)), ZERO);
  const discountTotal = sum((l) => l.discountAmount);
  const subtotal = sum((l) => l.lineTotal).plus(discountTotal);
  const taxTotal = sum((l) => l.taxAmount);
  return { subtotal, discountTotal, taxTotal, total: subtotal.minus(discountTotal).plus(taxTotal) };
}
