// Which products a list page shows, chosen in SQL: the filters (product-filters.ts), the sort and the window,
// and how many products match. Both go into one statement, so the page and its total come from one snapshot;
// the planned page (product-page-json.ts) puts the products' JSON into that statement too.
//
// Why SQL and not Prisma's findMany + count: every API page of products paid Prisma's planning of two queries
// and a transaction around them, more than the statements themselves (issue 16).
import { Prisma } from '../../generated/prisma/client.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { pageMeta, pageWindow, type PageArgs, type PageMeta, type PageWindow } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { productFilterSql } from './product-filters.js';
import { ACTIVE } from './product-status.js';

export interface ProductListArgs extends PageArgs {
  sort?: string | null;
  /** Filter parameters as `[name, value]` pairs (`['retail_price[gt]', '10']`); see product-filters.ts. */
  filters?: ReadonlyArray<readonly [string, string]>;
}

/** The public sort keys and the columns they order by. */
const SORTABLE = {
  id: 'id',
  name: 'name',
  sku: 'sku',
  type: 'type',
  retail_price: 'retailPrice',
  wholesale_price: 'wholesalePrice',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

/** A checked list request: the company's active products that match, in order, and the window shown. */
export interface ProductPagePlan {
  companyId: number;
  window: PageWindow;
  /** Active products of the company meeting the filters (alias `p`); the company is its first parameter. */
  matching: Prisma.Sql;
  /** Whether any filter narrows the page to fewer than all the company's active products. */
  filtered: boolean;
  order: Prisma.Sql;
}

/** Checks the arguments (every problem at once, as a 422 naming each parameter) and plans the page. */
export function planProductPage(companyId: number, args: ProductListArgs): ProductPagePlan {
  const errors = new FieldErrorCollector();
  const filters = productFilterSql(companyId, args.filters ?? [], errors);
  const sort = gather(() => parseSort(args.sort, SORTABLE, 'id'), errors);
  const window = gather(() => pageWindow(args), errors);
  errors.throwIfAny();
  const order = Prisma.raw(
    sort!.map((entry) => Object.entries(entry).map(([column, direction]) => `p."${column}" ${direction === 'desc' ? 'DESC' : 'ASC'}`).join(', ')).join(', '),
  );
  return {
    companyId,
    window: window!,
    matching: Prisma.sql`"Product" p WHERE p."companyId" = ${companyId}::int AND p.status = ${ACTIVE}::int AND ${filters}`,
    filtered: (args.filters ?? []).length > 0,
    order,
  };
}

/**
 * `total`: how many products match (int). Unfiltered, that is every active product of the company: the count the
 * Product triggers keep (ProductStatusCount) answers it from one row, where counting the catalogue took a sixth of
 * the products page's statement at 10,000 products and grows with the catalogue (issue 16).
 */
export const totalSql = (plan: ProductPagePlan) =>
  plan.filtered
    ? Prisma.sql`(SELECT count(*)::int FROM ${plan.matching})`
    : Prisma.sql`coalesce((SELECT c.count FROM "ProductStatusCount" c WHERE c."companyId" = ${plan.companyId}::int AND c.status = ${ACTIVE}::int), 0)`;

/** The ids of the page's products, in page order (int[]). */
export const pageIdsSql = (plan: ProductPagePlan) =>
  Prisma.sql`ARRAY(SELECT p.id FROM ${plan.matching} ORDER BY ${plan.order} LIMIT ${plan.window.take}::int OFFSET ${plan.window.skip}::int)`;

/** The page's meta from the total read in the same statement as the page. */
export function productPageMeta(plan: ProductPagePlan, total: number): PageMeta {
  return pageMeta(plan.window, total, Math.max(0, Math.min(plan.window.take, total - plan.window.skip)));
}

/** A statement whose first parameter is the company, as the JSON catalogues' `$1::int` expects. */
export function companyFirst(plan: ProductPagePlan, statement: Prisma.Sql): Prisma.Sql {
  if (statement.values[0] !== plan.companyId) throw new Error('the company must be the first parameter of a product page statement');
  return statement;
}

function gather<T>(check: () => T, errors: FieldErrorCollector): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const [field, messages] of Object.entries(error.fieldErrors)) for (const message of messages) errors.add(field, message);
    return undefined;
  }
}
