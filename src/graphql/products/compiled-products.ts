// `products` answered in one go when every field asked of a product is in PRODUCT_JSON_TYPES: one statement
// picks the page (filters, sort, window), counts the total and writes those products as the selection asks
// (src/domain/products/product-page-json.ts). `product`, `createProduct` and `updateProduct` likewise write the
// one product's JSON in one statement (src/domain/products/product-json.ts), the mutations in their transaction.
// Other selections are executed field by field.
import type { FieldNode, GraphQLObjectType } from 'graphql';
import type { ProductInput } from '../../domain/products/index.js';
import {
  productJson,
  products,
  canWriteProducts,
  productPageJson,
  PRODUCT_JSON_TYPES,
} from '../../domain/products/index.js';
import { isObjectType } from 'graphql';
import type { PageMeta } from '../../domain/shared/pagination.js';
import type { JsonSelection } from '../../domain/shared/selection-json-sql.js';
import { filterParams } from '../shared/filters.js';
import { answerJson, registerCompiledMutationField, registerCompiledRootField, subFields, type PlanScope } from '../shared/compiled-execution.js';
import { jsonSelectionOf, writableSelectionOf } from '../shared/json-selection.js';
import { metaKeys } from '../shared/compiled-records.js';

/** The domain's list arguments from the field's (filters as {name, value} pairs). */
export const productListArgs = (args: Record<string, unknown>): products.ProductListArgs => ({
  ...(args as products.ProductListArgs),
  filters: filterParams(args.filters as Array<{ name: string; value: string }> | null | undefined),
});

registerCompiledRootField('products', (scope, fieldNodes, args) => {
  const pageType = scope.schema.getType('ProductPage');
  const productType = scope.schema.getType('Product');
  const metaType = scope.schema.getType('PageMeta');
  if (!isObjectType(pageType) || !isObjectType(productType) || !isObjectType(metaType)) return null;
  const pageFields = subFields(scope, pageType, fieldNodes);
  if (!pageFields) return null;

  type Part = { key: string } & ({ items: JsonSelection } | { meta: Array<[string, keyof PageMeta | '__typename']> } | { typename: string });
  const parts: Part[] = [];
  for (const [key, nodes] of pageFields) {
    const name = nodes[0].name.value;
    if (name === 'items') {
      const items = jsonSelectionOf(scope, PRODUCT_JSON_TYPES, productType, nodes);
      if (!items || !canWriteProducts(items)) return null;
      parts.push({ key, items });
    } else if (name === 'meta') {
      const meta = metaKeys(scope, metaType, nodes);
      if (!meta) return null;
      parts.push({ key, meta });
    } else if (name === '__typename') {
      parts.push({ key, typename: pageType.name });
    } else {
      return null;
    }
  }

  const selections = parts.flatMap((part) => ('items' in part ? [part.items] : []));
  return async (ctx, options) => {
    const page = await productPageJson(ctx.sql, ctx.company.id, productListArgs(args), selections);
    const answer: Record<string, unknown> = {};
    let items = 0;
    for (const part of parts) {
      if ('items' in part) answer[part.key] = answerJson(page.items[items++]!, options);
      else if ('meta' in part) answer[part.key] = Object.fromEntries(part.meta.map(([key, name]) => [key, name === '__typename' ? metaType.name : page.meta[name]]));
      else answer[part.key] = part.typename;
    }
    return answer;
  };
});

/** What the nodes ask of one product, when the catalogue can write all of it. */
const productSelection = (scope: PlanScope, fieldNodes: FieldNode[]) => writableSelectionOf(scope, PRODUCT_JSON_TYPES, 'Product', fieldNodes);

registerCompiledRootField('product', (scope, fieldNodes, args) => {
  const selection = productSelection(scope, fieldNodes);
  if (!selection) return null;
  return async (ctx, options) => answerJson(await productJson(ctx.db, args.id as number, selection), options);
});

// As the fields' resolvers (product-fields.ts) create and update.
registerCompiledMutationField('createProduct', (scope, fieldNodes, args) => {
  const selection = productSelection(scope, fieldNodes);
  if (!selection) return null;
  return async (ctx, options) => answerJson(await products.createProductJson(ctx.db, args.input as ProductInput, selection), options);
});

registerCompiledMutationField('updateProduct', (scope, fieldNodes, args) => {
  const selection = productSelection(scope, fieldNodes);
  if (!selection) return null;
  return async (ctx, options) => answerJson(await products.updateProductJson(ctx.db, args.id as number, args.input as ProductInput, selection), options);
});
