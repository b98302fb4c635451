// Checks the tiers (with their effects), scopes and conditions of a cost rule and turns them into the rows
// to write. Errors are keyed by path (`tiers.0.effects.1.amount`). Ids named by scopes and conditions must
// exist: products, categories and tags; suppliers and warehouses (top-level locations).
import type { TenantTx } from '../../db/tenant-client.js';
import { isCurrencyCode } from '../shared/currency-codes.js';
import type { Decimal } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, checkOneOf, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { CONDITION_OPERATORS, CONDITION_TYPES, EFFECT_TYPES, SCOPE_OPERATORS, SCOPE_TYPES } from './cost-rule-enums.js';
import { idsOf } from './rule-matching.js';

export interface CostRuleEffectInput {
  effectType?: string | null;
  amount?: Decimal | null;
  sequence?: number | null;
  description?: string | null;
}
export interface CostRuleTierInput {
  minQuantity?: Decimal | null;
  effects?: CostRuleEffectInput[] | null;
}
export interface CostRuleScopeInput {
  scopeType?: string | null;
  scopeValue?: string | null;
  scopeOperator?: string | null;
  scopeExtra?: unknown;
}
export interface CostRuleConditionInput {
  conditionType?: string | null;
  fieldKey?: string | null;
  operator?: string | null;
  values?: string[] | null;
}

export interface TierRow {
  position: number;
  minQuantity: Decimal;
  /** The next tier's min quantity (exclusive); null on the last tier. */
  maxQuantity: Decimal | null;
  effects: Array<{ effectType: string; amount: Decimal; order: number; description: string | null }>;
}
export type ScopeRow = { scopeType: string; scopeValue: string; scopeOperator: string; scopeExtra: object };
export type ConditionRow = { conditionType: string; fieldKey: string; operator: string; values: string[] };

const DEFAULT_FIELD_KEYS: Record<string, string> = { SUPPLIER: 'vendor_id', WAREHOUSE: 'warehouse_id', CURRENCY: 'currency' };

/** Tiers sorted by min quantity (one tier per min quantity), each effect in its sequence (default: its place, from 1). */
export function checkTiers(tiers: CostRuleTierInput[], errors: FieldErrorCollector): TierRow[] {
  const rows: Array<Omit<TierRow, 'position' | 'maxQuantity'>> = [];
  const seen = new Map<string, number>();
  tiers.forEach((tier, t) => {
    const at = `tiers.${t}`;
    if (tier.minQuantity == null) errors.add(`${at}.minQuantity`, 'The min quantity field is required.');
    else checkDecimal(errors, `${at}.minQuantity`, tier.minQuantity, { ...LEDGER_DECIMAL, min: 0 });
    const key = tier.minQuantity?.toFixed();
    if (key !== undefined && seen.has(key)) errors.add(`${at}.minQuantity`, `Tier ${seen.get(key)} already starts at ${key}.`);
    else if (key !== undefined) seen.set(key, t);
    const effects = checkEffects(tier.effects ?? [], at, errors);
    if (tier.minQuantity != null) rows.push({ minQuantity: tier.minQuantity, effects });
  });
  rows.sort((a, b) => a.minQuantity.comparedTo(b.minQuantity));
  return rows.map((row, position) => ({ ...row, position, maxQuantity: rows[position + 1]?.minQuantity ?? null }));
}

function checkEffects(effects: CostRuleEffectInput[], at: string, errors: FieldErrorCollector): TierRow['effects'] {
  const orders = new Set<number>();
  return effects.flatMap((effect, e) => {
    const field = (name: string) => `${at}.effects.${e}.${name}`;
    if (effect.effectType == null) errors.add(field('effectType'), 'The effect type field is required.');
    const effectType = checkOneOf(errors, field('effectType'), effect.effectType, EFFECT_TYPES);
    if (effect.amount == null) errors.add(field('amount'), 'The amount field is required.');
    else checkDecimal(errors, field('amount'), effect.amount, { ...LEDGER_DECIMAL, ...(effectType === 'BASE_PRICE' ? { min: 0 } : {}) });
    const order = effect.sequence ?? e + 1;
    if (order < 0) errors.add(field('sequence'), 'The sequence must be at least 0.');
    else if (orders.has(order)) errors.add(field('sequence'), `Another effect of this tier has the sequence ${order}.`);
    orders.add(order);
    if (!effectType || effect.amount == null) return [];
    return [{ effectType, amount: effect.amount, order, description: effect.description?.trim() || null }];
  });
}

export async function checkScopes(tx: TenantTx, scopes: CostRuleScopeInput[], errors: FieldErrorCollector): Promise<ScopeRow[]> {
  const named = { PRODUCT: new Set<number>(), CATEGORY: new Set<number>(), TAG: new Set<number>() } as Record<string, Set<number>>;
  const rows = scopes.map((scope, s) => {
    const field = (name: string) => `scopes.${s}.${name}`;
    if (scope.scopeType == null) errors.add(field('scopeType'), 'The scope type field is required.');
    const scopeType = checkOneOf(errors, field('scopeType'), scope.scopeType, SCOPE_TYPES);
    const scopeOperator = scope.scopeOperator == null ? 'EQUALS' : checkOneOf(errors, field('scopeOperator'), scope.scopeOperator, SCOPE_OPERATORS);
    const value = scope.scopeValue?.trim() ?? '';
    checkMaxLength(errors, field('scopeValue'), value, 255);
    if (scope.scopeExtra != null && (typeof scope.scopeExtra !== 'object' || Array.isArray(scope.scopeExtra))) errors.add(field('scopeExtra'), 'The scope extra must be an object.');
    if (scopeType && scopeType !== 'ALL' && scopeOperator) {
      const ids = idsOf(value);
      const parts = value.split(',').map((p) => p.trim());
      if (value === '' || ids.length !== parts.length) errors.add(field('scopeValue'), `A ${scopeType} scope names ${scopeType.toLowerCase()} ids, e.g. "12" (IN: "12,15").`);
      else if (scopeOperator !== 'IN' && ids.length > 1) errors.add(field('scopeValue'), `The ${scopeOperator} operator takes one id; use IN for a list.`);
      else ids.forEach((id) => named[scopeType].add(id));
    }
    return { scopeType: scopeType ?? '', scopeValue: value, scopeOperator: scopeOperator ?? '', scopeExtra: (scope.scopeExtra ?? {}) as object };
  });
  const missing = await missingIds(tx, named);
  rows.forEach((row, s) => {
    const gone = idsOf(row.scopeValue).filter((id) => missing[row.scopeType]?.has(id));
    if (row.scopeType !== 'ALL' && gone.length) errors.add(`scopes.${s}.scopeValue`, `No ${row.scopeType.toLowerCase()} with the id ${gone.join(', ')}.`);
  });
  return rows;
}

export async function checkConditions(tx: TenantTx, conditions: CostRuleConditionInput[], errors: FieldErrorCollector): Promise<ConditionRow[]> {
  const named = { SUPPLIER: new Set<number>(), WAREHOUSE: new Set<number>() } as Record<string, Set<number>>;
  const rows = conditions.map((condition, c) => {
    const field = (name: string) => `conditions.${c}.${name}`;
    if (condition.conditionType == null) errors.add(field('conditionType'), 'The condition type field is required.');
    const conditionType = checkOneOf(errors, field('conditionType'), condition.conditionType, CONDITION_TYPES);
    const operator = condition.operator == null ? 'IN' : checkOneOf(errors, field('operator'), condition.operator, CONDITION_OPERATORS);
    checkMaxLength(errors, field('fieldKey'), condition.fieldKey, 64);
    const values = (condition.values ?? []).map((v) => v.trim());
    if (values.length === 0) errors.add(field('values'), 'Give at least one value.');
    values.forEach((value, v) => {
      if (conditionType === 'CURRENCY' && !isCurrencyCode(value.toUpperCase())) errors.add(`${field('values')}.${v}`, `"${value}" is not an ISO 4217 currency code.`);
      else if (conditionType && conditionType !== 'CURRENCY') {
        if (/^\d{1,9}$/.test(value)) named[conditionType].add(Number(value));
        else errors.add(`${field('values')}.${v}`, `A ${conditionType} condition lists ${conditionType.toLowerCase()} ids; "${value}" is not one.`);
      }
    });
    return {
      conditionType: conditionType ?? '',
      fieldKey: condition.fieldKey?.trim() || (DEFAULT_FIELD_KEYS[conditionType ?? ''] ?? ''),
      operator: operator ?? '',
      values: conditionType === 'CURRENCY' ? values.map((v) => v.toUpperCase()) : values,
    };
  });
  const missing = await missingIds(tx, named);
  rows.forEach((row, c) => {
    row.values.forEach((value, v) => {
      if (missing[row.conditionType]?.has(Number(value))) errors.add(`conditions.${c}.values.${v}`, `No ${row.conditionType === 'SUPPLIER' ? 'supplier' : 'warehouse'} with the id ${value}.`);
    });
  });
  return rows;
}

/** The named ids that do not exist, by kind; one query per kind that names any. */
async function missingIds(tx: TenantTx, named: Record<string, Set<number>>): Promise<Record<string, Set<number>>> {
  const find = async (kind: string, ids: number[]): Promise<number[]> => {
    const where = { id: { in: ids } };
    const select = { id: true } as const;
    switch (kind) {
      case 'PRODUCT':
        return (await tx.product.findMany({ where, select })).map((r) => r.id);
      case 'CATEGORY':
        return (await tx.productCategory.findMany({ where, select })).map((r) => r.id);
      case 'TAG':
        return (await tx.tag.findMany({ where, select })).map((r) => r.id);
      case 'SUPPLIER':
        return (await tx.supplier.findMany({ where, select })).map((r) => r.id);
      default:
        return (await tx.location.findMany({ where: { ...where, parentId: null }, select })).map((r) => r.id);
    }
  };
  const missing: Record<string, Set<number>> = {};
  for (const [kind, ids] of Object.entries(named)) {
    if (ids.size === 0) continue;
    const found = new Set(await find(kind, [...ids]));
    missing[kind] = new Set([...ids].filter((id) => !found.has(id)));
  }
  return missing;
}
