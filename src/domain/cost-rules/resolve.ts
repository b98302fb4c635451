// Resolves the unit cost of a line from the company's cost rules: loads the rules of the document type and
// the facts of the line (product categories and tags, the production run's total), lets the pure modules
// pick the winner (rule-matching.ts) and price it (tier-pricing.ts), and falls back when no rule applies:
// service_unit_price, else the vendor's supplier SKU cost, else the product's unit_cost. EXTRA_COST rules
// with options.auto_apply add extra cost lines. It does not check the cost_rules feature: callers do.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { parseDateOnly, todayUtc } from '../shared/dates.js';
import { productionRunTotal } from '../production/index.js';
import { Decimal } from '../shared/decimal.js';
import { NotFoundError } from '../shared/errors.js';
import { LEDGER_DECIMAL } from '../shared/field-checks.js';
import { pickRule, ruleApplies, type LineFacts } from './rule-matching.js';
import { priceTiers, type BreakdownStep, type NextTierHint, type RunTotal } from './tier-pricing.js';

export interface CostRuleResolutionInput {
  documentType: string;
  vendorId?: number | null;
  productId: number;
  quantity: Decimal;
  /** YYYY-MM-DD; default today (UTC). */
  date?: string | null;
  warehouseId?: number | null;
  productionBatchId?: number | null;
  currency?: string | null;
  serviceUnitPrice?: Decimal | null;
}

export type FallbackSource = 'service_unit_price' | 'supplier_sku_cost' | 'product_unit_cost';

export interface ExtraCostLine {
  costRuleId: number;
  costRuleName: string;
  name: string;
  costBasis: string;
  costBasisAmount: Decimal;
  costAllocationType: string | null;
  addAsAdditionalFee: boolean;
  unitAmount: Decimal;
  totalAmount: Decimal;
}

export interface CostRuleResolution {
  usedCostRule: boolean;
  costRuleId: number | null;
  costRuleName: string | null;
  /** null when no rule applies and nothing to fall back on has a cost. */
  resolvedUnitCost: Decimal | null;
  fallbackSource: FallbackSource | null;
  tierMinQty: Decimal | null;
  breakdown: BreakdownStep[];
  nextTierHint: NextTierHint | null;
  extraCosts: ExtraCostLine[];
}

const RULE_INCLUDE = {
  scopes: { orderBy: { id: 'asc' } },
  conditions: { orderBy: { id: 'asc' } },
  tiers: { orderBy: { position: 'asc' }, include: { effects: { orderBy: { order: 'asc' } } } },
} as const;

export async function resolveCostRule(db: TenantDb | TenantTx, input: CostRuleResolutionInput): Promise<CostRuleResolution> {
  const product = await db.product.findUnique({
    where: byId(input.productId),
    select: { id: true, unitCost: true, categoryId: true, subcategoryId: true, tags: { select: { tagId: true } } },
  });
  if (!product) throw new NotFoundError('Product', input.productId);
  const line: LineFacts = {
    documentType: input.documentType,
    date: (input.date ? parseDateOnly(input.date) : null) ?? todayUtc(),
    vendorId: input.vendorId ?? null,
    productId: product.id,
    categoryIds: [product.categoryId, product.subcategoryId].filter((id): id is number => id !== null),
    tagIds: product.tags.map((t) => t.tagId),
    warehouseId: input.warehouseId ?? null,
    currency: input.currency ?? null,
  };
  const rules = await db.costRule.findMany({
    where: { deletedAt: null, documentTypes: { has: input.documentType } },
    include: RULE_INCLUDE,
    orderBy: { id: 'asc' },
  });

  const winner = pickRule(rules.filter((r) => r.outputKind === 'UNIT_COST' && r.tiers.length > 0), line);
  const runTotal = winner?.tierQuantityBasis === 'PRODUCTION_RUN_TOTAL' && input.productionBatchId != null ? await batchTotal(db, input.productionBatchId) : null;
  const priced = winner ? priceTiers(winner, input.quantity, runTotal) : null;
  const base: Pick<CostRuleResolution, 'resolvedUnitCost' | 'fallbackSource'> = priced
    ? { resolvedUnitCost: priced.unitCost, fallbackSource: null }
    : await fallbackCost(db, input, product.unitCost);
  const extras = rules.filter((r) => r.outputKind === 'EXTRA_COST' && optionOf(r.options, 'auto_apply') && ruleApplies(r, line));
  return {
    usedCostRule: priced !== null,
    costRuleId: priced ? winner!.id : null,
    costRuleName: priced ? winner!.name : null,
    ...base,
    tierMinQty: priced?.tierMinQty ?? null,
    breakdown: priced?.breakdown ?? [],
    nextTierHint: priced?.nextTierHint ?? null,
    extraCosts: extras.flatMap((rule) => extraCostLine(rule, base.resolvedUnitCost, input.quantity) ?? []),
  };
}

/** The resolution as the API shows it (POST /cost-rules/resolve, a work order's cost_rule_resolution). */
export function resolutionJson(r: CostRuleResolution) {
  return {
    used_cost_rule: r.usedCostRule,
    cost_rule_id: r.costRuleId,
    cost_rule_name: r.costRuleName,
    resolved_unit_cost: numberOrNull(r.resolvedUnitCost),
    fallback_source: r.fallbackSource,
    tier_min_qty: numberOrNull(r.tierMinQty),
    breakdown: r.breakdown.map((step) => ({
      effect: step.effect,
      description: step.description,
      amount: step.amount.toFixed(),
      delta: step.delta.toFixed(),
      result: step.result.toFixed(),
      costRuleId: step.costRuleId,
      costRuleName: step.costRuleName,
    })),
    next_tier_hint: r.nextTierHint
      ? { min_qty: r.nextTierHint.minQty.toNumber(), unit_cost: r.nextTierHint.unitCost.toNumber(), savings: r.nextTierHint.savings.toNumber() }
      : null,
    extra_costs: r.extraCosts.map((line) => ({
      cost_rule_id: line.costRuleId,
      cost_rule_name: line.costRuleName,
      name: line.name,
      cost_basis: line.costBasis,
      cost_basis_amount: line.costBasisAmount.toNumber(),
      cost_allocation_type: line.costAllocationType,
      add_as_additional_fee: line.addAsAdditionalFee,
      unit_amount: line.unitAmount.toNumber(),
      total_amount: line.totalAmount.toNumber(),
    })),
  };
}

export function optionOf(options: unknown, name: 'auto_apply' | 'add_as_additional_fee'): boolean {
  return typeof options === 'object' && options !== null && (options as Record<string, unknown>)[name] === true;
}

/** optionOf of the rule row `rule`'s options as SQL: true only for a JSON true under that key of an object. */
export const optionSql = (rule: string, name: 'auto_apply' | 'add_as_additional_fee') => `coalesce((${rule}.options -> '${name}') = 'true'::jsonb, false)`;

const numberOrNull = (value: Decimal | null) => (value === null ? null : value.toNumber());
const round = (value: Decimal) => value.toDecimalPlaces(LEDGER_DECIMAL.scale, Decimal.ROUND_HALF_UP);

/** The batch's production run total (its work orders not cancelled); null when it has none. */
async function batchTotal(db: TenantDb | TenantTx, batchId: number): Promise<RunTotal | null> {
  const total = await productionRunTotal(db, batchId);
  return total.gt(0) ? { batchId, total } : null;
}

async function fallbackCost(
  db: TenantDb | TenantTx,
  input: CostRuleResolutionInput,
  productUnitCost: Decimal | null,
): Promise<Pick<CostRuleResolution, 'resolvedUnitCost' | 'fallbackSource'>> {
  if (input.serviceUnitPrice != null) return { resolvedUnitCost: input.serviceUnitPrice, fallbackSource: 'service_unit_price' };
  if (input.vendorId != null) {
    const sku = await db.supplierSku.findFirst({
      where: { supplierId: input.vendorId, productId: input.productId, cost: { not: null } },
      select: { cost: true },
      orderBy: { id: 'asc' },
    });
    if (sku?.cost) return { resolvedUnitCost: sku.cost, fallbackSource: 'supplier_sku_cost' };
  }
  if (productUnitCost !== null) return { resolvedUnitCost: productUnitCost, fallbackSource: 'product_unit_cost' };
  return { resolvedUnitCost: null, fallbackSource: null };
}

/** PERCENTAGE of the resolved unit cost, FIXED_PER_UNIT, or FIXED_TOTAL spread over the quantity; null without a base for a percentage. */
function extraCostLine(
  rule: { id: number; name: string; extraCostItemName: string | null; costBasis: string | null; costBasisAmount: Decimal | null; costAllocationType: string | null; options: unknown },
  baseUnitCost: Decimal | null,
  quantity: Decimal,
): ExtraCostLine | null {
  const amount = rule.costBasisAmount;
  if (!rule.costBasis || !amount || quantity.lte(0)) return null;
  let unitAmount: Decimal;
  if (rule.costBasis === 'PERCENTAGE') {
    if (baseUnitCost === null) return null;
    unitAmount = round(baseUnitCost.mul(amount).div(100));
  } else if (rule.costBasis === 'FIXED_TOTAL') unitAmount = round(amount.div(quantity));
  else unitAmount = amount;
  return {
    costRuleId: rule.id,
    costRuleName: rule.name,
    name: rule.extraCostItemName ?? rule.name,
    costBasis: rule.costBasis,
    costBasisAmount: amount,
    costAllocationType: rule.costAllocationType,
    addAsAdditionalFee: optionOf(rule.options, 'add_as_additional_fee'),
    unitAmount,
    totalAmount: rule.costBasis === 'FIXED_TOTAL' ? amount : round(unitAmount.mul(quantity)),
  };
}
