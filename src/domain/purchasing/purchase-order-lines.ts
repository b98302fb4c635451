// The lines, additional costs and totals of a purchase order. A line names its product by id or SKU, keeps
// the quantity and unit as entered and its base quantity; without a unit cost it takes the PURCHASE_ORDER
// cost rule's (purchase-order-cost-rules.ts), else the supplier SKU's cost, else the product's unit cost,
// converted into the order's currency at the order date. Amounts are rounded to the currency's minor units
// where they are stated (line totals, taxes, totals); unit costs keep their precision.
import { sqlTextList } from '../shared/json-sql.js';
import type { TenantTx } from '../../db/tenant-client.js';
import type { PurchaseOrderLine } from '../../generated/prisma/client.js';
import { effectiveRate, rateToBase, checkMoney } from '../currencies/index.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { resolveProductLines } from '../products/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, checkRequiredText, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { parseDateOnly } from '../shared/dates.js';
import { costRuleUnitCosts } from './purchase-order-cost-rules.js';

export interface PurchaseOrderLineInput {
  productId?: number | null;
  sku?: string | null;
  supplierSkuId?: number | null;
  quantity?: Decimal | null;
  uomId?: number | null;
  unitCost?: Decimal | null;
  taxRate?: Decimal | null;
  expectedDate?: string | null;
}

export interface AdditionalCostInput {
  name?: string | null;
  amount?: Decimal | null;
}

/**
 * A line as it is written: the model's columns (the Prisma type, so a column added to PurchaseOrderLine must be
 * given here by prepareLines) but for its keys and what receiving books later.
 */
export type LineRow = Omit<PurchaseOrderLine, 'id' | 'companyId' | 'purchaseOrderId' | 'quantityReceived' | 'baseQuantityReceived'>;

export interface CostRow {
  position: number;
  name: string;
  amount: Decimal;
}

export interface OrderTotals {
  subtotal: Decimal;
  taxTotal: Decimal;
  additionalCostsTotal: Decimal;
  total: Decimal;
  totalBase: Decimal;
}

export interface PricingContext {
  supplierId: number;
  /** The supplier's own currency, for supplier SKU costs that name none. */
  supplierCurrency: string | null;
  currency: string;
  baseCurrency: string;
  orderDate: Date;
  /** The delivery warehouse, for cost rule conditions. */
  warehouseId?: number | null;
}

/**
 * Checks and prices the lines; null (with every problem collected under `lines.N.field`) when any is wrong.
 * Without pricing (the order's currency or rate is wrong) the lines are only checked, so that one answer
 * names every problem.
 */
export async function prepareLines(
  tx: TenantTx,
  lines: PurchaseOrderLineInput[],
  pricing: PricingContext | null,
  errors: FieldErrorCollector,
): Promise<LineRow[] | null> {
  const before = Object.keys(errors.errors).length;
  const at = (index: number, field: string) => `lines.${index}.${field}`;
  lines.forEach((line, index) => {
    if (line.quantity == null) errors.add(at(index, 'quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at(index, 'quantity'), line.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    checkDecimal(errors, at(index, 'unitCost'), line.unitCost, { ...LEDGER_DECIMAL, min: 0 });
    checkDecimal(errors, at(index, 'taxRate'), line.taxRate, { scale: 4, precision: 9, min: 0 });
    if (line.taxRate != null && line.taxRate.gt(100)) errors.add(at(index, 'taxRate'), 'The tax rate is a percentage from 0 to 100.');
    if (line.expectedDate != null && !parseDateOnly(line.expectedDate)) {
      errors.add(at(index, 'expectedDate'), 'The expected date must be a date in the form YYYY-MM-DD.');
    }
  });
  const resolved = await resolveProductLines(tx, lines, errors, { path: 'lines', holder: 'purchase order line' });
  if (!pricing) return null;
  const supplierSkus = await loadSupplierSkus(tx, lines, resolved.map((r) => r.product?.id ?? null), pricing.supplierId, errors);
  const ruleCosts = await costRuleUnitCosts(tx, lines.map((line, i) => ({ ...line, productId: resolved[i]!.product?.id ?? null })), pricing);
  const costs = await defaultCosts(tx, resolved.map((r, i) => (lines[i]!.unitCost == null && ruleCosts[i] === null ? r : { product: null })), supplierSkus, pricing, errors);

  const rows: LineRow[] = [];
  lines.forEach((line, index) => {
    const { product, baseQuantity } = resolved[index]!;
    if (!product || !baseQuantity || !line.quantity) return;
    const unitCost = line.unitCost ?? ruleCosts[index] ?? costs[index];
    if (unitCost == null) {
      errors.add(at(index, 'unitCost'), `The unit cost is required: product ${product.sku} has no supplier price and no unit cost.`);
      return;
    }
    const taxRate = line.taxRate ?? ZERO;
    rows.push({
      position: index,
      productId: product.id,
      supplierSkuId: supplierSkus[index]?.id ?? null,
      quantity: line.quantity,
      uomId: line.uomId ?? null,
      baseQuantity,
      unitCost,
      taxRate,
      ...lineAmounts(line.quantity, unitCost, taxRate, pricing.currency),
      expectedDate: line.expectedDate ? parseDateOnly(line.expectedDate) : null,
    });
  });
  return Object.keys(errors.errors).length === before ? rows : null;
}

export function prepareCosts(costs: AdditionalCostInput[], currency: string, errors: FieldErrorCollector): CostRow[] {
  return costs.map((cost, index) => {
    const at = (field: string) => `additionalCosts.${index}.${field}`;
    checkRequiredText(errors, at('name'), cost.name, true);
    checkMaxLength(errors, at('name'), cost.name, 255);
    if (cost.amount == null) errors.add(at('amount'), 'The amount field is required.');
    else checkMoney(errors, at('amount'), cost.amount, currency);
    return { position: index, name: cost.name?.trim() ?? '', amount: cost.amount ?? ZERO };
  });
}


/** A line's total (quantity × unit cost) and tax, each rounded to the currency's minor units. */
export function lineAmounts(quantity: Decimal, unitCost: Decimal, taxRate: Decimal, currency: string): { lineTotal: Decimal; taxAmount: Decimal } {
  const lineTotal = roundToCurrency(quantity.mul(unitCost), currency);
  return { lineTotal, taxAmount: roundToCurrency(lineTotal.mul(taxRate).div(100), currency) };
}

/** The order states in which nothing more is expected of a line. */
const ENDED_ORDER_STATUSES = ['closed', 'cancelled'];

/** Ordered and not yet received; nothing once the order is closed or cancelled. */
export function openQuantity(line: { quantity: Decimal; quantityReceived: Decimal }, orderStatus: string): Decimal {
  return ENDED_ORDER_STATUSES.includes(orderStatus) ? ZERO : Decimal.max(line.quantity.minus(line.quantityReceived), ZERO);
}

/**
 * openQuantity as SQL over a line row (`line`, the company as $1), for answers PostgreSQL writes whole
 * (src/graphql/shared/compiled-records.ts): the order's status read beside the line.
 */
export const openQuantitySql = (line: string) => `CASE WHEN (
    SELECT o.status FROM "PurchaseOrder" o WHERE o."companyId" = $1::int AND o.id = ${line}."purchaseOrderId"
  ) IN (${sqlTextList(ENDED_ORDER_STATUSES)})
  THEN 0 ELSE greatest(${line}.quantity - ${line}."quantityReceived", 0) END`;

export function orderTotals(lines: Pick<LineRow, 'lineTotal' | 'taxAmount'>[], costs: Pick<CostRow, 'amount'>[], currency: string, exchangeRate: Decimal, baseCurrency: string): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum.plus(line.lineTotal), ZERO);
  const taxTotal = lines.reduce((sum, line) => sum.plus(line.taxAmount), ZERO);
  const additionalCostsTotal = costs.reduce((sum, cost) => sum.plus(cost.amount), ZERO);
  const total = roundToCurrency(subtotal.plus(taxTotal).plus(additionalCostsTotal), currency);
  return { subtotal, taxTotal, additionalCostsTotal, total, totalBase: roundToCurrency(total.mul(exchangeRate), baseCurrency) };
}

/** The rate from the order's currency to the base currency at the order date; null (collected on `currency`) when none. */
export function orderExchangeRate(tx: TenantTx, pricing: PricingContext, errors: FieldErrorCollector): Promise<Decimal | null> {
  return rateToBase(tx, errors, 'currency', pricing.currency, pricing.baseCurrency, pricing.orderDate, 'the order date');
}

interface SupplierSkuRef {
  id: number;
  productId: number;
  cost: Decimal | null;
  currency: string | null;
}

/** Each line's supplier SKU: the one named (it must be this supplier's, for the line's product), else the supplier's SKU of the product. */
async function loadSupplierSkus(
  tx: TenantTx,
  lines: PurchaseOrderLineInput[],
  productIds: Array<number | null>,
  supplierId: number,
  errors: FieldErrorCollector,
): Promise<Array<SupplierSkuRef | null>> {
  const named = lines.map((line) => line.supplierSkuId).filter((id): id is number => typeof id === 'number');
  const products = productIds.filter((id): id is number => id !== null);
  const skus = named.length || products.length
    ? await tx.supplierSku.findMany({
        where: { OR: [{ id: { in: named } }, { supplierId, productId: { in: products } }] },
        select: { id: true, productId: true, supplierId: true, cost: true, currency: true },
        orderBy: { id: 'asc' },
      })
    : [];
  return lines.map((line, index) => {
    const productId = productIds[index];
    if (typeof line.supplierSkuId === 'number') {
      const sku = skus.find((s) => s.id === line.supplierSkuId);
      if (!sku) errors.add(`lines.${index}.supplierSkuId`, `The selected supplier SKU ${line.supplierSkuId} does not exist.`);
      else if (sku.supplierId !== supplierId || (productId != null && sku.productId !== productId)) {
        errors.add(`lines.${index}.supplierSkuId`, `Supplier SKU ${sku.id} is not this supplier's SKU of the line's product.`);
      } else return sku;
      return null;
    }
    return productId == null ? null : skus.find((s) => s.supplierId === supplierId && s.productId === productId) ?? null;
  });
}

/**
 * The cost of each line without one (lines that give a cost come with product null): the supplier SKU's cost (in its currency, else the supplier's), else the
 * product's unit cost (in the base currency), converted into the order's currency at the order date.
 */
async function defaultCosts(
  tx: TenantTx,
  resolved: { product: { id: number; unitCost: Decimal | null } | null }[],
  supplierSkus: Array<SupplierSkuRef | null>,
  pricing: PricingContext,
  errors: FieldErrorCollector,
): Promise<Array<Decimal | null>> {
  const rates = new Map<string, Decimal | null>();
  const inOrderCurrency = async (amount: Decimal, currency: string, index: number): Promise<Decimal | null> => {
    if (currency === pricing.currency) return amount;
    if (!rates.has(currency)) rates.set(currency, (await effectiveRate(tx, currency, pricing.currency, pricing.orderDate, pricing.baseCurrency))?.rate ?? null);
    const rate = rates.get(currency);
    if (!rate) {
      errors.add(`lines.${index}.unitCost`, `The default cost is in ${currency} and no exchange rate leads to ${pricing.currency}; give unit_cost.`);
      return null;
    }
    return amount.mul(rate).toDecimalPlaces(LEDGER_DECIMAL.scale);
  };
  const costs: Array<Decimal | null> = [];
  for (const [index, { product }] of resolved.entries()) {
    const sku = product ? supplierSkus[index] : null;
    if (sku?.cost != null) costs.push(await inOrderCurrency(sku.cost, sku.currency ?? pricing.supplierCurrency ?? pricing.baseCurrency, index));
    else if (product?.unitCost != null) costs.push(await inOrderCurrency(product.unitCost, pricing.baseCurrency, index));
    else costs.push(null);
  }
  return costs;
}
