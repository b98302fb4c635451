// `products` answered in one go when SQL can write every field asked of a product (derived from the GraphQL types,
// derived-json-types.ts): one statement picks the page (filters, sort, window), counts the total and writes those
// products as the selection asks (src/domain/products/product-page-json.ts). Other selections are executed field by
// field. The record, `createProduct` and `updateProduct` are registered beside their resolvers (product-fields.ts).
import { isObjectType } from 'graphql';
import { products, productPageJson } from '../../domain/products/index.js';
import { filterParams } from '../shared/filters.js';
import { registerCompiledRootField } from '../shared/compiled-execution.js';
import { writableSelectionOf } from '../shared/json-selection.js';
import { COMPILED_ROOT_TYPES, planPage } from '../shared/compiled-records.js';
import { derivedJsonTypes } from '../shared/derived-json-types.js';

/** The domain's list arguments from the field's (filters as {name, value} pairs). */
export const productListArgs = (args: Record<string, unknown>): products.ProductListArgs => ({
  ...(args as products.ProductListArgs),
  filters: filterParams(args.filters as Array<{ name: string; value: string }> | null | undefined),
});

COMPILED_ROOT_TYPES.set('products', 'Product');
registerCompiledRootField('products', (scope, fieldNodes, args) => {
  const pageType = scope.schema.getType('ProductPage');
  if (!isObjectType(pageType)) return null;
  const { types } = derivedJsonTypes(scope.schema);
  const plan = planPage(scope, pageType, fieldNodes, (nodes) => writableSelectionOf(scope, types, 'Product', nodes));
  if (!plan) return null;
  return async (ctx, options) => {
    const page = await productPageJson(ctx.sql, ctx.company.id, productListArgs(args), types, plan.selections);
    return plan.answer(page.meta, page.items, options);
  };
});
