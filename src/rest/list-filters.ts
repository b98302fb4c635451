// Query parameters of a list route that declares a filter grammar (RestRoute.filters): the declared ones
// (page, per_page, sort...) go to their variables as usual; every other one is a filter, passed through
// with its name as written (`retail_price[gt]`, `category.name`) for the domain's grammar to check. The
// field tables are named here so the OpenAPI document can list them.
import { GraphQLList, GraphQLNonNull, getNamedType, type GraphQLInputType } from 'graphql';
import { DEFAULT_OPERATORS, operatorsOf, type FilterSpec } from '../domain/shared/filters/index.js';
import { PRODUCT_FILTERS } from '../domain/products/index.js';
import { IMPORT_FILTERS } from '../domain/imports/index.js';
import { PURCHASE_ORDER_FILTERS } from '../domain/purchasing/index.js';
import { BILL_FILTERS } from '../domain/payables/index.js';
import {
  CUSTOMER_COMPANY_FILTERS,
  CONTACT_FILTERS,
  SALES_ORDER_FILTERS,
  PURGATORY_FILTERS,
} from '../domain/sales/index.js';
import { PRICE_LIST_FILTERS } from '../domain/pricing/index.js';
import { EDI_DOCUMENT_FILTERS } from '../domain/edi/index.js';
import { SESSION_FILTERS } from '../domain/cycle-counts/index.js';
import { WORK_ORDER_FILTERS } from '../domain/work-orders/index.js';
import { FULFILLMENT_ORDER_FILTERS, PICKLIST_FILTERS, SHIPMENT_FILTERS } from '../domain/fulfillment/index.js';
import { INVOICE_FILTERS, CUSTOMER_RETURN_FILTERS } from '../domain/invoicing/index.js';
import { COST_RULE_FILTERS } from '../domain/cost-rules/index.js';
import { PRODUCTION_BATCH_FILTERS } from '../domain/production/index.js';
import { FORECAST_FILTERS } from '../domain/forecast/index.js';
import { WEBHOOK_ENDPOINT_FILTERS, WEBHOOK_DELIVERY_FILTERS } from '../domain/events/index.js';
import type { RestRoute } from './route.js';

/** Field tables by the name a route gives in `filters.spec`. */
export const FILTER_SPECS: Record<string, FilterSpec<unknown>> = {
  products: PRODUCT_FILTERS,
  purchaseOrders: PURCHASE_ORDER_FILTERS,
  bills: BILL_FILTERS,
  customerCompanies: CUSTOMER_COMPANY_FILTERS,
  contacts: CONTACT_FILTERS,
  priceLists: PRICE_LIST_FILTERS,
  salesOrders: SALES_ORDER_FILTERS,
  purgatory: PURGATORY_FILTERS,
  ediDocuments: EDI_DOCUMENT_FILTERS,
  cycleCountSessions: SESSION_FILTERS,
  workOrders: WORK_ORDER_FILTERS,
  fulfillmentOrders: FULFILLMENT_ORDER_FILTERS,
  invoices: INVOICE_FILTERS,
  customerReturns: CUSTOMER_RETURN_FILTERS,
  picklists: PICKLIST_FILTERS,
  shipments: SHIPMENT_FILTERS,
  costRules: COST_RULE_FILTERS,
  productionBatches: PRODUCTION_BATCH_FILTERS,
  forecastWarehouseRows: FORECAST_FILTERS,
  imports: IMPORT_FILTERS,
  webhookEndpoints: WEBHOOK_ENDPOINT_FILTERS,
  webhookDeliveries: WEBHOOK_DELIVERY_FILTERS,
};

export const FILTER_PARAM_INPUT = 'FilterParamInput';

export interface FilterParam {
  name: string;
  value: string;
}

export interface SplitQuery {
  /** Declared parameters (REST name → every value given). */
  declared: Map<string, string[]>;
  /** Filter parameters in the order given; empty when the route has no filter grammar. */
  filters: FilterParam[];
  /** Parameters the route neither declares nor filters by. */
  unknown: string[];
}

export function splitQueryParams(params: URLSearchParams, route: Pick<RestRoute, 'queryParams' | 'filters'>): SplitQuery {
  const split: SplitQuery = { declared: new Map(), filters: [], unknown: [] };
  for (const [name, value] of params) {
    if (route.queryParams && Object.hasOwn(route.queryParams, name)) split.declared.set(name, [...(split.declared.get(name) ?? []), value]);
    else if (route.filters) split.filters.push({ name, value });
    else if (!split.unknown.includes(name)) split.unknown.push(name);
  }
  return split;
}

/** Stops the start when a route's filter declaration cannot work (unknown table, wrong variable type). */
export function checkFilterDeclaration(route: RestRoute, variables: Map<string, GraphQLInputType>): void {
  if (!route.filters) return;
  const where = `${route.method} ${route.path}`;
  if (!Object.hasOwn(FILTER_SPECS, route.filters.spec)) throw new Error(`${where}: unknown filter table "${route.filters.spec}".`);
  const type = variables.get(route.filters.variable);
  if (!type) throw new Error(`${where}: maps filters to $${route.filters.variable}, which the operation does not declare.`);
  const list = type instanceof GraphQLNonNull ? type.ofType : type;
  if (!(list instanceof GraphQLList) || getNamedType(list).name !== FILTER_PARAM_INPUT) {
    throw new Error(`${where}: $${route.filters.variable} must be a list of ${FILTER_PARAM_INPUT}.`);
  }
}

/** Markdown for the route's description: the grammar and every field with its kind and operators. */
export function describeFilterGrammar(specName: string): string {
  const spec = FILTER_SPECS[specName];
  const rows = Object.entries(spec).map(([field, f]) => {
    const kind = f.kind === 'enum' ? `enum (${(f.enumValues ?? []).join(', ')})` : f.kind;
    const notes = [f.description, f.bareOperator && f.bareOperator !== 'eq' ? `bare form means ${f.bareOperator}` : undefined].filter(Boolean).join('; ');
    return `| \`${field}\` | ${kind} | ${operatorsOf(f).join(', ')} | ${notes} |`;
  });
  const kinds = (Object.keys(DEFAULT_OPERATORS) as Array<keyof typeof DEFAULT_OPERATORS>).map((k) => `${k}: ${DEFAULT_OPERATORS[k].join(', ')}`);
  return [
    '**Filters.** Any number of query parameters `field[operator]=value`, combined with AND; `field=value` means `field[eq]=value`.',
    `Operators by kind — ${kinds.join('; ')}.`,
    'Strings compare without regard to case (eq: equal, contains: substring). Numbers are decimals; integers whole numbers;',
    'booleans true, false, 1 or 0; enums any case. Date-times are UTC `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DD`, midnight), compared to the second.',
    'An unknown field, an operator the field does not take or a value that does not parse is answered with 422, the error keyed by the parameter as given.',
    '',
    '| Field | Kind | Operators | Matches |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
