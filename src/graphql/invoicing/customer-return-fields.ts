// Customer returns: types, queries and mutations. Rules in src/domain/invoicing/customer-returns.ts and
// customer-return-transitions.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams } from '../shared/filters.js';
import { ProductRef } from '../products/product-types.js';
import { customerReturns as returns, customerReturnTransitions as transitions } from '../../domain/invoicing/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { plainColumn } from '../../domain/shared/selection-json-sql.js';

const CustomerReturnStatusEnum = builder.enumType('CustomerReturnStatus', { values: returns.CUSTOMER_RETURN_STATUSES });
const ReturnDispositionEnum = builder.enumType('ReturnDisposition', { values: returns.RETURN_DISPOSITIONS });

builder.prismaObject('CustomerReturnLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    salesOrderLineId: t.exposeInt('salesOrderLineId'),
    product: t.field({
      type: ProductRef,
      description: "The order line's product.",
      select: { salesOrderLine: { select: { product: true } } },
      resolve: (line) => line.salesOrderLine.product,
      // The product of the line's order line, through that line (the same company's rows).
      extensions: jsonSql({
        type: 'Product',
        one: (line, product) => ({
          from: `"SalesOrderLine" ${product}_line JOIN "Product" ${product} ON ${product}."companyId" = ${product}_line."companyId" AND ${product}.id = ${product}_line."productId"`,
          where: `${product}_line."companyId" = $1::int AND ${product}_line.id = ${line}."salesOrderLineId"`,
        }),
      }),
    }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the sales order line's unit." }),
    disposition: t.field({
      type: ReturnDispositionEnum,
      resolve: (l) => l.disposition as (typeof returns.RETURN_DISPOSITIONS)[number],
      extensions: jsonSql(plainColumn('disposition')),
    }),
    location: t.relation('location', { nullable: true, description: 'Restock: where the goods go back (default where they shipped from); scrap: null.' }),
    lotNumber: t.exposeString('lotNumber', { nullable: true, description: 'Restock: the lot they go back to (default the lot that shipped).' }),
  }),
});

const CustomerReturnRef = builder.prismaObject('CustomerReturn', {
  description: 'Goods a customer sends back (RMA-000001): received (restocked at their cost, or scrapped), then credited once.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    returnNumber: t.exposeString('returnNumber'),
    salesOrderId: t.exposeInt('salesOrderId'),
    reason: t.exposeString('reason', { nullable: true }),
    status: t.field({ type: CustomerReturnStatusEnum, resolve: (r) => r.status as (typeof returns.CUSTOMER_RETURN_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    creditNoteId: t.field({
      type: 'Int',
      nullable: true,
      description: 'The credit note issued for the return (null until credited).',
      select: { creditNotes: { select: { id: true }, take: 1 } },
      resolve: (found) => found.creditNotes[0]?.id ?? null,
      // Prisma takes the first by id (its default order for `take`).
      extensions: jsonSql({
        value: (found) => `(SELECT ${found}_note.id FROM "Invoice" ${found}_note WHERE ${found}_note."companyId" = $1::int AND ${found}_note."customerReturnId" = ${found}.id ORDER BY ${found}_note.id LIMIT 1)`,
      }),
    }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime', nullable: true }),
    creditedAt: t.expose('creditedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CustomerReturnPageRef = pageOf('CustomerReturnPage', CustomerReturnRef);

const CustomerReturnLineInput = builder.inputType('CustomerReturnLineInput', {
  fields: (t) => ({
    salesOrderLineId: t.int({ required: true, description: 'A product line of the order (kit lines are refused).' }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the order line's unit; at most what shipped minus what was returned." }),
    disposition: t.string({ required: true, description: 'restock or scrap' }),
    locationId: t.int({ required: false, description: 'Restock: default the location the goods shipped from.' }),
    lotNumber: t.string({ required: false, description: 'Restock, lot-tracked: default the lot that shipped.' }),
  }),
});

const CustomerReturnCreateInput = builder.inputType('CustomerReturnCreateInput', {
  fields: (t) => ({
    salesOrderId: t.int({ required: true }),
    reason: t.string({ required: false, description: 'At most 255 characters.' }),
    lines: t.field({ type: [CustomerReturnLineInput], required: true, description: 'At least one line.' }),
  }),
});

compiledList('customerReturns', 'CustomerReturn', (ctx, args, query) => returns.listCustomerReturns(ctx.db, { ...args, filters: filterParams(args.filters) }, query));
compiledRecord('customerReturn', 'CustomerReturn', (ctx, args, query) => returns.getCustomerReturn(ctx.db, args.id, query));

builder.queryFields((t) => ({
  customerReturns: t.field({
    type: CustomerReturnPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, sales_order_id.') },
    resolve: (_root, args, ctx, info) =>
      returns.listCustomerReturns(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'CustomerReturn', path: ['items'] })),
  }),
  customerReturn: t.prismaField({
    type: 'CustomerReturn',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => returns.getCustomerReturn(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createCustomerReturn: t.prismaField({
    type: 'CustomerReturn',
    args: { input: t.arg({ type: CustomerReturnCreateInput, required: true }) },
    resolve: compiledMutation('createCustomerReturn', 'CustomerReturn', (ctx, args, query) => returns.createCustomerReturn(ctx.db, args.input, query)),
  }),
  receiveCustomerReturn: t.prismaField({
    type: 'CustomerReturn',
    description: 'draft → received: restocked lines come back through the ledger at the cost they left with; scrapped lines move nothing.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('receiveCustomerReturn', 'CustomerReturn', (ctx, args, query) =>
      transitions.receiveCustomerReturn(ctx.db, args.id, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
  creditCustomerReturn: t.prismaField({
    type: 'Invoice',
    description: 'received → credited: a credit note (CN-000001) against the invoice that billed the lines, once per return.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('creditCustomerReturn', 'Invoice', (ctx, args, query) => transitions.creditCustomerReturn(ctx.db, args.id, query)),
  }),
}));
