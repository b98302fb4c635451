// The values of every enumerated field of a cost rule. The contract names a few of each; these are the
// complete lists the service accepts (case-insensitively) and answers (upper case).
export const DOCUMENT_TYPES = ['PURCHASE_ORDER', 'WORK_ORDER', 'SHIPMENT', 'PRODUCTION_RUN'] as const;
export const COST_RULE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const TIER_MODES = ['NON_GRADUATED', 'GRADUATED'] as const;
export const TIER_QUANTITY_BASES = ['LINE', 'PRODUCTION_RUN_TOTAL'] as const;
export const OUTPUT_KINDS = ['UNIT_COST', 'EXTRA_COST'] as const;
export const COST_BASES = ['PERCENTAGE', 'FIXED_PER_UNIT', 'FIXED_TOTAL'] as const;
export const COST_ALLOCATION_TYPES = ['UNIT_BASED_ALLOCATION', 'VALUE_BASED_ALLOCATION'] as const;
export const EFFECT_TYPES = ['BASE_PRICE', 'FIXED_PER_UNIT', 'PERCENTAGE', 'FIXED_TOTAL'] as const;
export const SCOPE_TYPES = ['PRODUCT', 'CATEGORY', 'TAG', 'ALL'] as const;
export const SCOPE_OPERATORS = ['EQUALS', 'IN', 'NOT_EQUALS'] as const;
export const CONDITION_TYPES = ['SUPPLIER', 'WAREHOUSE', 'CURRENCY'] as const;
export const CONDITION_OPERATORS = ['IN', 'NOT_IN'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type TierMode = (typeof TIER_MODES)[number];
export type TierQuantityBasis = (typeof TIER_QUANTITY_BASES)[number];
export type CostBasis = (typeof COST_BASES)[number];
export type EffectType = (typeof EFFECT_TYPES)[number];
export type ScopeType = (typeof SCOPE_TYPES)[number];
export type ScopeOperator = (typeof SCOPE_OPERATORS)[number];
export type ConditionType = (typeof CONDITION_TYPES)[number];
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** "One of A, B, C." for field descriptions and messages. */
export function oneOf(values: readonly string[]): string {
  return `One of ${values.join(', ')}.`;
}
