// Which cost rules apply to a line, and which one wins: pure, no database.
// - A rule applies when its status is ACTIVE and is_active is true, the date lies within effective_from
//   and effective_to (both inclusive, either open), the document type is one of its document_types, its
//   vendor is the line's (a rule without vendor matches any), and every scope and condition matches.
// - Scopes: PRODUCT, CATEGORY (the product's category or subcategory) and TAG compare ids given in
//   scope_value (EQUALS and NOT_EQUALS one id, IN a comma-separated list); ALL matches every product.
//   A rule without scopes matches every product.
// - Conditions: SUPPLIER (the line's vendor), WAREHOUSE and CURRENCY, IN or NOT_IN the values. A line
//   without that value matches NOT_IN only.
// - The winner: the highest priority, then the most specific scope (PRODUCT > TAG > CATEGORY > ALL), then
//   the lowest id.

export interface MatchScope {
  scopeType: string;
  scopeValue: string;
  scopeOperator: string;
}

export interface MatchCondition {
  conditionType: string;
  operator: string;
  values: string[];
}

export interface MatchableRule {
  id: number;
  vendorId: number | null;
  documentTypes: string[];
  status: string;
  isActive: boolean;
  effectiveFrom: Date | null;
  effectiveTo: Date | null;
  priority: number;
  scopes: MatchScope[];
  conditions: MatchCondition[];
}

export interface LineFacts {
  documentType: string;
  /** UTC midnight of the line's date. */
  date: Date;
  vendorId: number | null;
  productId: number;
  /** The product's category and subcategory. */
  categoryIds: number[];
  tagIds: number[];
  warehouseId: number | null;
  currency: string | null;
}

const SPECIFICITY: Record<string, number> = { PRODUCT: 3, TAG: 2, CATEGORY: 1, ALL: 0 };

export function ruleApplies(rule: MatchableRule, line: LineFacts): boolean {
  return (
    rule.status === 'ACTIVE' &&
    rule.isActive &&
    (rule.effectiveFrom === null || rule.effectiveFrom.getTime() <= line.date.getTime()) &&
    (rule.effectiveTo === null || rule.effectiveTo.getTime() >= line.date.getTime()) &&
    rule.documentTypes.includes(line.documentType) &&
    (rule.vendorId === null || rule.vendorId === line.vendorId) &&
    rule.scopes.every((scope) => scopeMatches(scope, line)) &&
    rule.conditions.every((condition) => conditionMatches(condition, line))
  );
}

/** How narrowly the rule's scopes name products: its most specific EQUALS or IN scope; 0 for none. */
export function specificity(rule: Pick<MatchableRule, 'scopes'>): number {
  return Math.max(0, ...rule.scopes.filter((s) => s.scopeOperator !== 'NOT_EQUALS').map((s) => SPECIFICITY[s.scopeType] ?? 0));
}

/** The winning rule among those that apply, or null. */
export function pickRule<Rule extends MatchableRule>(rules: Rule[], line: LineFacts): Rule | null {
  const applying = rules.filter((rule) => ruleApplies(rule, line));
  applying.sort((a, b) => b.priority - a.priority || specificity(b) - specificity(a) || a.id - b.id);
  return applying[0] ?? null;
}

function scopeMatches(scope: MatchScope, line: LineFacts): boolean {
  if (scope.scopeType === 'ALL') return true;
  const held = scope.scopeType === 'PRODUCT' ? [line.productId] : scope.scopeType === 'CATEGORY' ? line.categoryIds : line.tagIds;
  const named = idsOf(scope.scopeValue);
  const hit = held.some((id) => named.includes(id));
  return scope.scopeOperator === 'NOT_EQUALS' ? !hit : hit;
}

function conditionMatches(condition: MatchCondition, line: LineFacts): boolean {
  const value =
    condition.conditionType === 'SUPPLIER' ? line.vendorId : condition.conditionType === 'WAREHOUSE' ? line.warehouseId : line.currency;
  const hit = value !== null && condition.values.some((v) => v.trim().toUpperCase() === String(value).toUpperCase());
  return condition.operator === 'NOT_IN' ? !hit : hit;
}

/** The ids of a scope value: `12` or `12,15`. */
export function idsOf(scopeValue: string): number[] {
  return scopeValue
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number);
}
