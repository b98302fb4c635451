// The unit cost one cost rule gives a quantity: pure arithmetic on exact decimals, no database.
// - The tier quantity is the line quantity (or the production run's total), raised to the rule's moq and
//   then rounded up to its order_multiple; each adjustment is a step of the breakdown.
// - Tiers are sorted by min_quantity; a tier covers up to the next tier's min_quantity, and the first tier
//   also covers anything below its own min_quantity.
// - A tier's unit cost starts at 0 and its effects apply in order: BASE_PRICE sets, FIXED_PER_UNIT adds,
//   PERCENTAGE adds that percentage of the value so far (negative: a discount), FIXED_TOTAL adds its amount
//   divided by the tier quantity. Every intermediate value is rounded to 10 decimals (the ledger's scale).
// - NON_GRADUATED prices every unit at the tier that contains the quantity; GRADUATED prices each slice at
//   its own tier, and the unit cost is the total divided by the quantity.
import { Decimal, ZERO } from '../shared/decimal.js';
import { LEDGER_DECIMAL } from '../shared/field-checks.js';
import type { EffectType, TierMode } from './cost-rule-enums.js';

export interface PricedEffect {
  effectType: EffectType | string;
  amount: Decimal;
  order: number;
  description: string | null;
}

export interface PricedTier {
  minQuantity: Decimal;
  effects: PricedEffect[];
}

export interface TierRule {
  id: number;
  name: string;
  tierMode: TierMode | string;
  moq: Decimal | null;
  orderMultiple: Decimal | null;
  tiers: PricedTier[];
}

export interface BreakdownStep {
  /** An effect type, or MOQ, ORDER_MULTIPLE, PRODUCTION_RUN_TOTAL, TIER_SLICE, GRADUATED_UNIT_COST. */
  effect: string;
  description: string;
  amount: Decimal;
  delta: Decimal;
  result: Decimal;
  costRuleId: number;
  costRuleName: string;
}

export interface NextTierHint {
  minQty: Decimal;
  unitCost: Decimal;
  /** Per unit: the unit cost now less the unit cost at the next tier's min quantity. */
  savings: Decimal;
}

export interface TierPricing {
  tierQuantity: Decimal;
  unitCost: Decimal;
  tierMinQty: Decimal;
  breakdown: BreakdownStep[];
  nextTierHint: NextTierHint | null;
}

/** The production run a PRODUCTION_RUN_TOTAL rule reads its tier quantity from. */
export interface RunTotal {
  batchId: number;
  total: Decimal;
}

const round = (value: Decimal) => value.toDecimalPlaces(LEDGER_DECIMAL.scale, Decimal.ROUND_HALF_UP);
type Step = Omit<BreakdownStep, 'costRuleId' | 'costRuleName'>;

/** The rule's unit cost for the quantity; null when the rule has no tiers or the tier quantity is not positive. */
export function priceTiers(rule: TierRule, quantity: Decimal, runTotal: RunTotal | null = null): TierPricing | null {
  const tiers = [...rule.tiers].sort((a, b) => a.minQuantity.comparedTo(b.minQuantity));
  if (tiers.length === 0) return null;
  const steps: Step[] = [];
  let q = quantity;
  if (runTotal && runTotal.total.gt(0)) {
    steps.push({ effect: 'PRODUCTION_RUN_TOTAL', description: `Tiers read the total planned quantity of production batch ${runTotal.batchId}: ${runTotal.total.toFixed()}.`, amount: runTotal.total, delta: runTotal.total.minus(q), result: runTotal.total });
    q = runTotal.total;
  }
  if (rule.moq && q.lt(rule.moq)) {
    steps.push({ effect: 'MOQ', description: `Quantity ${q.toFixed()} is below the minimum order quantity ${rule.moq.toFixed()}: priced as ${rule.moq.toFixed()}.`, amount: rule.moq, delta: rule.moq.minus(q), result: rule.moq });
    q = rule.moq;
  }
  if (rule.orderMultiple && rule.orderMultiple.gt(0) && !q.mod(rule.orderMultiple).isZero()) {
    const rounded = q.div(rule.orderMultiple).ceil().mul(rule.orderMultiple);
    steps.push({ effect: 'ORDER_MULTIPLE', description: `Quantity ${q.toFixed()} rounded up to a multiple of ${rule.orderMultiple.toFixed()}: ${rounded.toFixed()}.`, amount: rule.orderMultiple, delta: rounded.minus(q), result: rounded });
    q = rounded;
  }
  if (q.lte(0)) return null;

  const current = unitCostAt(rule.tierMode, tiers, q);
  const next = current.tierIndex + 1 < tiers.length ? tiers[current.tierIndex + 1] : null;
  const withRule = (step: Step): BreakdownStep => ({ ...step, costRuleId: rule.id, costRuleName: rule.name });
  return {
    tierQuantity: q,
    unitCost: current.unitCost,
    tierMinQty: tiers[current.tierIndex].minQuantity,
    breakdown: [...steps, ...current.steps].map(withRule),
    nextTierHint: next ? nextTierHint(next, current.tierUnitCost) : null,
  };
}

/**
 * The next tier's own unit cost (its effects at its min quantity) and the saving per unit against the
 * current tier's own unit cost. Without graduation that is the resolved unit cost; with it, both are the
 * tiers' marginal unit costs, which is what buying into the next tier changes.
 */
function nextTierHint(next: PricedTier, currentTierUnitCost: Decimal): NextTierHint {
  const unitCost = applyEffects(next, next.minQuantity, '').unitCost;
  return { minQty: next.minQuantity, unitCost, savings: currentTierUnitCost.minus(unitCost) };
}

/** The tier containing q: the last whose min quantity is at most q, else the first. */
export function tierIndexOf(tiers: PricedTier[], q: Decimal): number {
  let index = 0;
  tiers.forEach((tier, i) => {
    if (tier.minQuantity.lte(q)) index = i;
  });
  return index;
}

/** unitCost: what the quantity costs per unit; tierUnitCost: the own unit cost of the tier containing it. */
function unitCostAt(mode: string, tiers: PricedTier[], q: Decimal): { tierIndex: number; unitCost: Decimal; tierUnitCost: Decimal; steps: Step[] } {
  const tierIndex = tierIndexOf(tiers, q);
  if (mode !== 'GRADUATED') {
    const tier = applyEffects(tiers[tierIndex], q, '');
    return { tierIndex, unitCost: tier.unitCost, tierUnitCost: tier.unitCost, steps: tier.steps };
  }
  const steps: Step[] = [];
  let total = ZERO;
  let tierUnitCost = ZERO;
  for (let i = 0; i <= tierIndex; i++) {
    const from = i === 0 ? ZERO : tiers[i].minQuantity;
    const to = i === tierIndex ? q : tiers[i + 1].minQuantity;
    const units = to.minus(from);
    const tier = applyEffects(tiers[i], q, `Tier from ${tiers[i].minQuantity.toFixed()}: `);
    const cost = round(units.mul(tier.unitCost));
    total = total.plus(cost);
    tierUnitCost = tier.unitCost;
    steps.push(...tier.steps, { effect: 'TIER_SLICE', description: `${units.toFixed()} units (${from.toFixed()} to ${to.toFixed()}) at ${tier.unitCost.toFixed()}: running total ${total.toFixed()}.`, amount: units, delta: cost, result: total });
  }
  const unitCost = round(total.div(q));
  steps.push({ effect: 'GRADUATED_UNIT_COST', description: `Total ${total.toFixed()} divided by ${q.toFixed()} units.`, amount: q, delta: total, result: unitCost });
  return { tierIndex, unitCost, tierUnitCost, steps };
}

function applyEffects(tier: PricedTier, q: Decimal, prefix: string): { unitCost: Decimal; steps: Step[] } {
  const steps: Step[] = [];
  let value = ZERO;
  for (const effect of [...tier.effects].sort((a, b) => a.order - b.order)) {
    const delta = round(effectDelta(effect, value, q));
    const result = round(value.plus(delta));
    steps.push({ effect: effect.effectType, description: prefix + (effect.description || describeEffect(effect)), amount: effect.amount, delta, result });
    value = result;
  }
  return { unitCost: value, steps };
}

function effectDelta(effect: PricedEffect, value: Decimal, q: Decimal): Decimal {
  switch (effect.effectType) {
    case 'BASE_PRICE':
      return effect.amount.minus(value);
    case 'FIXED_PER_UNIT':
      return effect.amount;
    case 'PERCENTAGE':
      return value.mul(effect.amount).div(100);
    case 'FIXED_TOTAL':
      return effect.amount.div(q);
    default:
      return ZERO;
  }
}

function describeEffect(effect: PricedEffect): string {
  const amount = effect.amount.toFixed();
  switch (effect.effectType) {
    case 'BASE_PRICE':
      return `Base price ${amount} per unit.`;
    case 'FIXED_PER_UNIT':
      return `Adds ${amount} per unit.`;
    case 'PERCENTAGE':
      return `Adds ${amount}% of the cost so far.`;
    default:
      return `Adds ${amount} spread over the quantity.`;
  }
}
