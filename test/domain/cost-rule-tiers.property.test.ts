// The tier engine (src/domain/cost-rules/tier-pricing.ts) against a small reference written here with BigInt
// integers: random tiers (a base price and sometimes a per-unit addition), quantities, moq and order
// multiples, graduated and not. Quantities are whole hundredths and prices whole cents, so the reference is
// exact: the unit cost ×10^10 is an integer division rounded half up, compared digit for digit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { priceTiers, type TierRule } from '../../src/domain/cost-rules/tier-pricing.js';

interface RefTier {
  /** In hundredths of a unit. */
  min: number;
  /** In cents. */
  price: number;
  perUnit: number;
}
interface Case {
  tiers: RefTier[];
  graduated: boolean;
  /** Hundredths. */
  quantity: number;
  moq: number | null;
  multiple: number | null;
}

const tierArb = fc.record({ min: fc.integer({ min: 0, max: 100_000 }), price: fc.integer({ min: 0, max: 100_000 }), perUnit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })) });
const caseArb: fc.Arbitrary<Case> = fc.record({
  tiers: fc.uniqueArray(tierArb, { minLength: 1, maxLength: 6, selector: (t) => t.min }),
  graduated: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 200_000 }),
  moq: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
  multiple: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
});

const hundredths = (n: number | bigint) => new Decimal(String(n)).div(100);
const SCALE = 10n ** 10n;
/** An integer count of 1e-10 as a decimal with 10 places. */
const fixed10 = (units: bigint) => `${units < 0n ? '-' : ''}${(units < 0n ? -units : units) / SCALE}.${((units < 0n ? -units : units) % SCALE).toString().padStart(10, '0')}`;
const divideHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

function reference(c: Case) {
  let q = BigInt(c.quantity);
  if (c.moq !== null && q < BigInt(c.moq)) q = BigInt(c.moq);
  if (c.multiple !== null && q % BigInt(c.multiple) !== 0n) q = (q / BigInt(c.multiple) + 1n) * BigInt(c.multiple);
  const tiers = [...c.tiers].sort((a, b) => a.min - b.min);
  const cents = (t: RefTier) => BigInt(t.price + t.perUnit);
  let k = 0;
  tiers.forEach((t, i) => {
    if (BigInt(t.min) <= q) k = i;
  });
  let unit: bigint; // in 1e-10
  if (!c.graduated) unit = cents(tiers[k]) * 10n ** 8n;
  else {
    let total = 0n; // hundredths × cents
    for (let i = 0; i <= k; i++) {
      const from = i === 0 ? 0n : BigInt(tiers[i].min);
      const to = i === k ? q : BigInt(tiers[i + 1].min);
      total += (to - from) * cents(tiers[i]);
    }
    unit = divideHalfUp(total * 10n ** 8n, q);
  }
  const next = tiers[k + 1];
  return {
    quantity: q,
    tierMin: tiers[k].min,
    unit: fixed10(unit),
    hint: next ? { min: next.min, unit: fixed10(cents(next) * 10n ** 8n), savings: fixed10((cents(tiers[k]) - cents(next)) * 10n ** 8n) } : null,
  };
}

function engineRule(c: Case): TierRule {
  return {
    id: 1,
    name: 'Property',
    tierMode: c.graduated ? 'GRADUATED' : 'NON_GRADUATED',
    moq: c.moq === null ? null : hundredths(c.moq),
    orderMultiple: c.multiple === null ? null : hundredths(c.multiple),
    // Effects given out of order: the engine sorts them by `order`.
    tiers: c.tiers.map((t) => ({
      minQuantity: hundredths(t.min),
      effects: [
        ...(t.perUnit ? [{ effectType: 'FIXED_PER_UNIT', amount: hundredths(t.perUnit), order: 2, description: null }] : []),
        { effectType: 'BASE_PRICE', amount: hundredths(t.price), order: 1, description: null },
      ],
    })),
  };
}

describe('priceTiers', () => {
  it('agrees with the reference on the tier quantity, the tier, the unit cost and the next-tier hint', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const expected = reference(c);
        const priced = priceTiers(engineRule(c), hundredths(c.quantity))!;
        expect(priced.tierQuantity.toFixed()).toBe(hundredths(expected.quantity).toFixed());
        expect(priced.tierMinQty.toFixed()).toBe(hundredths(expected.tierMin).toFixed());
        expect(priced.unitCost.toFixed(10)).toBe(expected.unit);
        expect(priced.breakdown.at(-1)!.result.toFixed(10)).toBe(expected.unit);
        if (expected.hint === null) expect(priced.nextTierHint).toBeNull();
        else {
          expect(priced.nextTierHint!.minQty.toFixed()).toBe(hundredths(expected.hint.min).toFixed());
          expect(priced.nextTierHint!.unitCost.toFixed(10)).toBe(expected.hint.unit);
          expect(priced.nextTierHint!.savings.toFixed(10)).toBe(expected.hint.savings);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('shows moq and order_multiple in the breakdown exactly when they change the quantity', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const steps = priceTiers(engineRule(c), hundredths(c.quantity))!.breakdown.map((s) => s.effect);
        const raised = c.moq !== null && c.quantity < c.moq;
        const afterMoq = raised ? c.moq! : c.quantity;
        expect(steps.includes('MOQ')).toBe(raised);
        expect(steps.includes('ORDER_MULTIPLE')).toBe(c.multiple !== null && afterMoq % c.multiple !== 0);
      }),
      { numRuns: 300 },
    );
  });

  it('never charges a graduated quantity more per unit than its dearest tier reached, nor less than its cheapest', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const g = { ...c, graduated: true, moq: null, multiple: null };
        const priced = priceTiers(engineRule(g), hundredths(g.quantity))!;
        const reached = [...g.tiers].sort((a, b) => a.min - b.min).filter((t, i) => i === 0 || t.min <= g.quantity).map((t) => t.price + t.perUnit);
        expect(priced.unitCost.gte(hundredths(Math.min(...reached)))).toBe(true);
        expect(priced.unitCost.lte(hundredths(Math.max(...reached)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
