// `products` answered in one go when every field asked of a product is in PRODUCT_JSON_TYPES: one statement
// picks the page (filters, sort, window), counts the total and writes those products as the selection asks
// (src/domain/products/product-page-json.ts). `product`, `createProduct` and `updateProduct` likewise write the
// one product's JSON in one statement (src/domain/products/product-json.ts), the mutations in their transaction.
// Other selections are executed field by field.
import type { FieldNode } from 'graphql';
import type { ProductInput } from '../../domain/products/index.js';
import {
  productJson,
  products,
  canWriteProducts,
  productPageJson,
  PRODUCT_JSON_TYPES,
} from '../../domain/products/index.js';
import { isObjectType } from 'graphql';
import { filterParams } from '../shared/filters.js';
import { answerJson, registerCompiledMutationField, registerCompiledRootField, type PlanScope } from '../shared/compiled-execution.js';
import { jsonSelectionOf, writableSelectionOf } from '../shared/json-selection.js';
import { planPage } from '../shared/compiled-records.js';

/** The domain's list arguments from the field's (filters as {name, value} pairs). */
export const productListArgs = (args: Record<string, unknown>): products.ProductListArgs => ({
  ...(args as products.ProductListArgs),
  filters: filterParams(args.filters as Array<{ name: string; value: string }> | null | undefined),
});

registerCompiledRootField('products', (scope, fieldNodes, args) => {
  const pageType = scope.schema.getType('ProductPage');
  const productType = scope.schema.getType('Product');
  if (!isObjectType(pageType) || !isObjectType(productType)) return null;
  const plan = planPage(scope, pageType, fieldNodes, (nodes) => {
    const items = jsonSelectionOf(scope, PRODUCT_JSON_TYPES, productType, nodes);
    return items && canWriteProducts(items) ? items : null;
  });
  if (!plan) return null;
  return async (ctx, options) => {
    const page = await productPageJson(ctx.sql, ctx.company.id, productListArgs(args), plan.selections);
    return plan.answer(page.meta, page.items, options);
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
