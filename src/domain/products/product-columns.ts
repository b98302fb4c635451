// The product's own columns: checks each given field and turns the input into Prisma data, with the
// weight totals computed here so they always agree with the stored entries.
import type { Prisma } from '../../generated/prisma/client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, checkRequiredText, humanName } from '../shared/field-checks.js';
import {
  LOT_DEDUCTION_STRATEGIES,
  PRODUCT_DIMENSION_FIELDS,
  PRODUCT_FLAG_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_TEXT_FIELDS,
  PRODUCT_TYPES,
  type ProductInput,
  type ProductTextField,
} from './product-input.js';
import { normalizeWeightEntries, weightTotals, WEIGHT_GROUPS } from './weights.js';

/** Text fields that must hold something (the others may be cleared with null). */
const REQUIRED_TEXT: readonly ProductTextField[] = ['name', 'sku'];

/**
 * Checks the scalar fields of `input` and returns the column data to write. `creating` makes name and sku
 * required. Non-nullable columns (flags, type) refuse an explicit null.
 */
export function productColumnData(
  input: ProductInput,
  creating: boolean,
  errors: FieldErrorCollector,
): Prisma.ProductUncheckedUpdateInput {
  const data: Record<string, unknown> = {};

  for (const [field, max] of Object.entries(PRODUCT_TEXT_FIELDS) as Array<[ProductTextField, number]>) {
    const value = input[field];
    if (REQUIRED_TEXT.includes(field)) checkRequiredText(errors, field, value, creating);
    if (value === undefined) continue;
    checkMaxLength(errors, field, value, max);
    // Names and SKUs are compared and looked up as typed; stray spaces around them are never meant.
    data[field] = REQUIRED_TEXT.includes(field) && typeof value === 'string' ? value.trim() : value;
  }

  for (const field of PRODUCT_PRICE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    checkDecimal(errors, field, value, { min: 0 });
    data[field] = value;
  }
  for (const field of PRODUCT_DIMENSION_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    checkDecimal(errors, field, value, { min: 0 });
    data[field] = value;
  }

  for (const field of PRODUCT_FLAG_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null) errors.add(field, `The ${humanName(field)} field may not be null.`);
    else data[field] = value;
  }

  if (input.type !== undefined) {
    if (input.type === null || !PRODUCT_TYPES.includes(input.type)) {
      errors.add('type', `The type must be one of: ${PRODUCT_TYPES.join(', ')}.`);
    } else data.type = input.type;
  }
  if (input.lotDeductionStrategy !== undefined) {
    const strategy = input.lotDeductionStrategy;
    if (strategy !== null && !LOT_DEDUCTION_STRATEGIES.includes(strategy)) {
      errors.add('lotDeductionStrategy', `The lot deduction strategy must be one of: ${LOT_DEDUCTION_STRATEGIES.join(', ')}, or null.`);
    } else data.lotDeductionStrategy = strategy;
  }

  for (const group of WEIGHT_GROUPS) {
    const entries = input[group];
    if (entries === undefined) continue;
    const normalized = normalizeWeightEntries(group, entries ?? [], errors);
    if (!normalized) continue;
    const totals = weightTotals(normalized);
    data[group] = normalized;
    data[`${group}Oz`] = totals.oz;
    data[`${group}Lb`] = totals.lb;
  }

  return data as Prisma.ProductUncheckedUpdateInput;
}
