// Queries and mutations of products and kits: argument plumbing only; the rules live in src/domain/products.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg } from '../shared/filters.js';
import { products } from '../../domain/products/index.js';
import type { ProductInput } from '../../domain/products/index.js';
import { ProductCreateInput, ProductUpdateInput } from './product-inputs.js';
import { ProductPageRef } from './product-types.js';
import { productListArgs } from './compiled-products.js';
import { compiledMutation, compiledRecord } from '../shared/compiled-records.js';

// A product written by one statement (compiled-records.ts); the page is compiled-products.ts.
compiledRecord('product', 'Product', (ctx, args, query) => products.getProduct(ctx.db, args.id, query));

builder.queryFields((t) => ({
  products: t.field({
    type: ProductPageRef,
    description: 'Active products and kits, one page at a time.',
    args: {
      ...pageArgs(t.arg),
      filters: filterArg(t.arg, 'Conditions combined with AND, as in GET /products: name `retail_price[gt]`, value `10`.'),
    },
    resolve: (_root, args, ctx, info) =>
      products.listProducts(ctx.db, productListArgs(args), queryFromInfo({ context: ctx, info, typeName: 'Product', path: ['items'] })),
  }),
  product: t.prismaField({
    type: 'Product',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => products.getProduct(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.prismaField({
    type: 'Product',
    args: { input: t.arg({ type: ProductCreateInput, required: true }) },
    resolve: compiledMutation('createProduct', 'Product', (ctx, args, query) => products.createProduct(ctx.db, args.input as ProductInput, query)),
  }),
  updateProduct: t.prismaField({
    type: 'Product',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ProductUpdateInput, required: true }) },
    resolve: compiledMutation('updateProduct', 'Product', (ctx, args, query) => products.updateProduct(ctx.db, args.id, args.input as ProductInput, query)),
  }),
  deleteProduct: t.prismaField({
    type: 'Product',
    description: 'Deletes a product, or deactivates it when it has history (kit, BOM or supplier SKU uses). Returns it as it was.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteProduct', 'Product', (ctx, args, query) => products.deleteProduct(ctx.db, args.id, query)),
  }),
}));
