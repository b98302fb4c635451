// Extra costs of a BOM (labour, packaging...): name, quantity and unit price are given; the line total is
// the service's exact product of the two and is refused when a caller sends it.
import { FieldErrorCollector } from '../shared/errors.js';
import { Decimal } from '../shared/decimal.js';
import { checkDecimal, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';

export const MAX_EXTRA_COST_NAME = 255;
/** BomExtraCost.lineTotal is NUMERIC(24, 10). */
const LINE_TOTAL = { scale: 10, limit: new Decimal(10).pow(14) };

export interface BomExtraCostInput {
  name?: string | null;
  quantity?: Decimal | null;
  unitPrice?: Decimal | null;
  /** Never accepted: present only so the refusal can say why. */
  lineTotal?: Decimal | null;
}

export interface BomExtraCostRow {
  name: string;
  quantity: Decimal;
  unitPrice: Decimal;
  lineTotal: Decimal;
}

/** The rows to store, or null when any extra cost is invalid (the reasons are collected). */
export function extraCostRows(costs: BomExtraCostInput[], errors: FieldErrorCollector): BomExtraCostRow[] | null {
  const before = Object.keys(errors.errors).length;
  const rows: BomExtraCostRow[] = [];
  costs.forEach((cost, index) => {
    const at = (field: string) => `extraCosts.${index}.${field}`;
    checkRequiredText(errors, at('name'), cost.name, true);
    checkMaxLength(errors, at('name'), cost.name, MAX_EXTRA_COST_NAME);
    for (const field of ['quantity', 'unitPrice'] as const) {
      if (cost[field] === undefined || cost[field] === null) errors.add(at(field), `The ${field === 'unitPrice' ? 'unit price' : field} field is required.`);
      else checkDecimal(errors, at(field), cost[field], { min: 0 });
    }
    if (cost.lineTotal !== undefined) {
      errors.add(at('lineTotal'), 'The line_total is calculated by the service (quantity × unit_price) and must not be sent.');
    }
    if (!cost.name || !cost.quantity || !cost.unitPrice) return;
    // Both factors have at most 6 decimals, so the product has at most 12 and NUMERIC(24, 10) keeps 10: the
    // rounding to the column's scale happens here, visibly, rather than silently in the database.
    const lineTotal = cost.quantity.times(cost.unitPrice).toDecimalPlaces(LINE_TOTAL.scale);
    if (lineTotal.abs().gte(LINE_TOTAL.limit)) {
      errors.add(at('quantity'), `The line total (quantity × unit price) must be less than ${LINE_TOTAL.limit.toFixed()}.`);
      return;
    }
    rows.push({ name: cost.name.trim(), quantity: cost.quantity, unitPrice: cost.unitPrice, lineTotal });
  });
  return Object.keys(errors.errors).length === before ? rows : null;
}
