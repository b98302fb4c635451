// The dashboard's floor (issue 34): one statement writing what one /graphql request asks for, the newest 50 sales
// orders, the newest 50 purchase orders and the first 50 active products, each as `{items, meta: {total}}` under
// `data`, as the request's answer has them. The parts are the other floors' (sales-orders.ts, purchase-orders.ts,
// and the products page's statement floor, products-statement-floor.ts), so each does what it does on its own page.
import { productsPageStatement } from '../products-statement-floor.js';
import { companyKey, countOf } from './json.js';
import { purchaseOrdersJson } from './purchase-orders.js';
import { salesOrdersJson } from './sales-orders.js';

const PER_PART = 50;

/**
 * The products page's statement as a json expression: its parameters (integers) written in, its `data` named
 * `items`, without the cast to text of a statement of its own.
 */
function productsPartJson(companyId: number): string {
  const statement = productsPageStatement(companyId, 1, PER_PART);
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = statement.values[Number(n) - 1];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`the products statement's $${n} is not an integer`);
    return String(value);
  });
  const expression = /^\s*SELECT\s+([\s\S]*)::text AS body\s*$/.exec(text)?.[1];
  if (!expression || !expression.includes(`'data', coalesce(`)) throw new Error('the products page statement is no longer SELECT json_build_object(\'data\', …)::text AS body');
  return expression.replace(`'data', coalesce(`, `'items', coalesce(`);
}

export function dashboardStatement(companyId: number): string {
  const c = companyKey(companyId);
  return `
    SELECT json_build_object('data', json_build_object(
      'salesOrders', json_build_object('items', ${salesOrdersJson(c, PER_PART)}, 'meta', json_build_object('total', ${countOf(c, 'SalesOrder')})),
      'purchaseOrders', json_build_object('items', ${purchaseOrdersJson(c, PER_PART)}, 'meta', json_build_object('total', ${countOf(c, 'PurchaseOrder')})),
      'products', ${productsPartJson(c)}
    ))::text AS body`;
}
