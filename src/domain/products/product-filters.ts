// The filter table of `GET /products` (contract: Endpoints › Products › GET /products): every filterable
// field, its kind, and the Prisma `where` fragment one condition on it becomes.
import type { Prisma } from '../../generated/prisma/client.js';
import type { Decimal } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import {
  buildFilterWhere,
  comparisonFilter,
  dateTimeFilter,
  parseFilterParams,
  stringFilter,
  type FilterFieldSpec,
  type FilterSpec,
} from '../shared/filters/index.js';
import { PRODUCT_TYPES } from './product-input.js';

type ProductFilter = FilterFieldSpec<Prisma.ProductWhereInput>;

const string = (where: (f: ReturnType<typeof stringFilter>) => Prisma.ProductWhereInput, description?: string): ProductFilter => ({
  kind: 'string',
  ...(description ? { description } : {}),
  where: (op, value) => where(stringFilter(op, value)),
});

const integer = (where: (f: ReturnType<typeof comparisonFilter<number>>) => Prisma.ProductWhereInput, description?: string): ProductFilter => ({
  kind: 'integer',
  ...(description ? { description } : {}),
  where: (op, value) => where(comparisonFilter(op, value as number)),
});

/** A Decimal column of Product (prices, dimensions, weight totals). */
const decimal = (column: keyof Prisma.ProductWhereInput): ProductFilter => ({
  kind: 'float',
  where: (op, value) => ({ [column]: comparisonFilter(op, value as Decimal) }),
});

const boolean = (column: 'sellable' | 'discontinued'): ProductFilter => ({
  kind: 'boolean',
  where: (op, value) => ({ [column]: comparisonFilter(op, value as boolean) }),
});

const dateTime = (column: 'createdAt' | 'updatedAt'): ProductFilter => ({
  kind: 'datetime',
  where: (op, value) => ({ [column]: dateTimeFilter(op, value) }),
});

const DIMENSION_GROUPS = ['product', 'box', 'carton', 'shipping', 'pallet'] as const;
const WEIGHT_GROUPS = ['product', 'box', 'carton', 'shipping', 'pallet', 'dimensional'] as const;
const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

const DIMENSION_FILTERS: Record<string, ProductFilter> = Object.fromEntries(
  DIMENSION_GROUPS.flatMap((group) =>
    (['length', 'width', 'height'] as const).map((side) => [
      `${group}_${side}`,
      decimal(`${group}${capitalized(side)}` as keyof Prisma.ProductWhereInput),
    ]),
  ),
);

const WEIGHT_FILTERS: Record<string, ProductFilter> = Object.fromEntries(
  WEIGHT_GROUPS.flatMap((group) =>
    (['oz', 'lb'] as const).map((unit) => [
      `${group}_weight_${unit}`,
      decimal(`${group}Weight${capitalized(unit)}` as keyof Prisma.ProductWhereInput),
    ]),
  ),
);

export const PRODUCT_FILTERS: FilterSpec<Prisma.ProductWhereInput> = {
  name: string((f) => ({ name: f })),
  description: string((f) => ({ description: f })),
  sku: string((f) => ({ OR: [{ sku: f }, { alternateSkus: { some: { sku: f } } }] }), 'the internal SKU or any alternate SKU'),
  upc: string((f) => ({ upc: f })),
  tag: string((f) => ({ tags: { some: { tag: { name: f } } } }), 'the name of any of its tags'),
  q: {
    ...string(
      (f) => ({ OR: [{ name: f }, { upc: f }, { sku: f }, { alternateSkus: { some: { sku: f } } }] }),
      'name, UPC or SKU (internal or alternate); `q=text` means q[contains]',
    ),
    bareOperator: 'contains',
  },
  'category.name': string((f) => ({ category: { is: { name: f } } })),
  'sub_category.name': string((f) => ({ subcategory: { is: { name: f } } })),
  'supplier.name': string((f) => ({ supplier: { is: { name: f } } })),
  'priority_list.name': string((f) => ({ priorityList: { is: { name: f } } })),
  // The contract's Integer row reads "{base_url}" where the product's own id belongs (a slip in the table).
  id: integer((f) => ({ id: f }), 'the product\'s own id'),
  'category.id': integer((f) => ({ categoryId: f })),
  'sub_category.id': integer((f) => ({ subcategoryId: f })),
  'supplier.id': integer((f) => ({ supplierId: f })),
  'bom.id': integer((f) => ({ boms: { some: { bomId: f } } }), 'products attached to the BOM'),
  'kit_items.product_id': integer((f) => ({ kitItems: { some: { productId: f } } }), 'kits containing that product'),
  'priority_list.id': integer((f) => ({ priorityListId: f })),
  type: {
    kind: 'enum',
    enumValues: PRODUCT_TYPES,
    where: (op, value) => ({ type: comparisonFilter(op, value as string) }),
  },
  retail_price: decimal('retailPrice'),
  wholesale_price: decimal('wholesalePrice'),
  ...DIMENSION_FILTERS,
  ...WEIGHT_FILTERS,
  sellable: boolean('sellable'),
  discontinued: boolean('discontinued'),
  created_at: dateTime('createdAt'),
  updated_at: dateTime('updatedAt'),
};

/**
 * The `where` of a product list from its filter parameters (`[['retail_price[gt]', '10'], ...]`).
 * Problems are added to `errors` keyed by the parameter as given; the caller throws them.
 */
export function productFilterWhere(params: ReadonlyArray<readonly [string, string]>, errors: FieldErrorCollector): Prisma.ProductWhereInput {
  return buildFilterWhere(parseFilterParams(params, PRODUCT_FILTERS, errors), PRODUCT_FILTERS);
}
