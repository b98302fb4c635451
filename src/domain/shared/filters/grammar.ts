// The filter grammar shared by list endpoints: query parameters `field[operator]=value` (or `field=value`),
// checked against a per-model field table and combined with AND. It knows neither HTTP nor any model:
// each table entry builds its own Prisma `where` fragment, so the same grammar serves every list.
import type { FieldErrorCollector } from '../errors.js';
import { parseFilterValue, type FilterValue } from './values.js';

export type FilterKind = 'string' | 'integer' | 'float' | 'enum' | 'boolean' | 'datetime';
export type FilterOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';

export const FILTER_OPERATORS: readonly FilterOperator[] = ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'];

/** What each kind accepts when its field does not say otherwise. */
export const DEFAULT_OPERATORS: Record<FilterKind, readonly FilterOperator[]> = {
  string: ['eq', 'contains'],
  integer: ['eq', 'gt', 'gte', 'lt', 'lte'],
  float: ['eq', 'gt', 'gte', 'lt', 'lte'],
  datetime: ['eq', 'gt', 'gte', 'lt', 'lte'],
  enum: ['eq'],
  boolean: ['eq'],
};

export interface FilterFieldSpec<Where = unknown> {
  kind: FilterKind;
  /** Canonical values of an enum field; matched case-insensitively. */
  enumValues?: readonly string[];
  /** Operators this field takes; default: those of its kind. */
  operators?: readonly FilterOperator[];
  /** The operator of the bare form `field=value`; default eq (a search field such as `q` uses contains). */
  bareOperator?: FilterOperator;
  /** One line for the API description (what the field matches, when the name does not say it). */
  description?: string;
  /** The model's `where` fragment for one condition; `value` is already parsed for the field's kind. */
  where: (operator: FilterOperator, value: FilterValue) => Where;
}

export type FilterSpec<Where = unknown> = Record<string, FilterFieldSpec<Where>>;

export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  value: FilterValue;
  /** The parameter as given (`retail_price[gt]`): the key of any error about it. */
  param: string;
}

const BRACKETED = /^(.+)\[([^[\]]*)\]$/;

export function operatorsOf(spec: FilterFieldSpec<unknown>): readonly FilterOperator[] {
  return spec.operators ?? DEFAULT_OPERATORS[spec.kind];
}

/**
 * Reads `[name, value]` pairs such as `['retail_price[gt]', '10']` or `['type', 'kit']`. The bare form
 * `field=value` is accepted for every kind (the contract names it for enums and booleans) and means the
 * field's bare operator, eq unless the table says otherwise. A parameter given twice adds two conditions.
 * Problems are added to `errors` under the parameter exactly as given; the caller throws them.
 */
export function parseFilterParams<Where>(
  params: ReadonlyArray<readonly [string, string]>,
  spec: FilterSpec<Where>,
  errors: FieldErrorCollector,
): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  for (const [param, raw] of params) {
    const bracketed = BRACKETED.exec(param);
    const field = bracketed ? bracketed[1] : param;
    const fieldSpec = Object.hasOwn(spec, field) ? spec[field] : undefined;
    if (!fieldSpec) {
      errors.add(param, `Cannot filter by "${field}". Filterable fields: ${Object.keys(spec).join(', ')}.`);
      continue;
    }
    const allowed = operatorsOf(fieldSpec);
    const operator = bracketed ? bracketed[2] : (fieldSpec.bareOperator ?? 'eq');
    if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
      errors.add(param, `Unknown filter operator "${operator}". Operators for ${field}: ${allowed.join(', ')}.`);
      continue;
    }
    if (!allowed.includes(operator as FilterOperator)) {
      errors.add(param, `The ${field} filter does not take the ${operator} operator. Operators for ${field}: ${allowed.join(', ')}.`);
      continue;
    }
    const value = parseFilterValue(raw, fieldSpec);
    if (!value.ok) {
      errors.add(param, `The ${field} filter ${value.problem}`);
      continue;
    }
    conditions.push({ field, operator: operator as FilterOperator, value: value.value, param });
  }
  return conditions;
}

/** All conditions together (AND); no conditions match everything. */
export function buildFilterWhere<Where>(conditions: readonly FilterCondition[], spec: FilterSpec<Where>): { AND: Where[] } {
  return { AND: conditions.map((c) => spec[c.field].where(c.operator, c.value)) };
}
