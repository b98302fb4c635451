// Queries and mutations of bills, their payments and allocations: argument plumbing only; the rules live in
// src/domain/payables.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import {
  bills,
  approveBill,
  voidBill,
  recordBillPayment,
  createBillAllocation,
  deleteBillAllocation,
  listBillAllocations,
} from '../../domain/payables/index.js';
import { BillAllocationInput, BillApproveInput, BillCreateInput, BillPageRef, BillPaymentInput, BillUpdateInput } from './bill-types.js';
import { compiledArray, compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';

compiledList('bills', 'Bill', (ctx, args, query) => bills.listBills(ctx.db, withFilterParams(args), query));
compiledRecord('bill', 'Bill', (ctx, args, query) => bills.getBill(ctx.db, args.id, query));
compiledArray('billAllocations', 'BillAllocation', (ctx, args, query) => listBillAllocations(ctx.db, args.billId, query));

builder.queryFields((t) => ({
  bills: t.field({
    type: BillPageRef,
    args: {
      ...pageArgs(t.arg),
      filters: filterArg(t.arg, 'Conditions combined with AND: status, supplier_id, purchase_order_id, bill_number, currency, match_status, bill_date, due_date, overdue.'),
    },
    resolve: (_root, args, ctx, info) =>
      bills.listBills(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'Bill', path: ['items'] })),
  }),
  bill: t.prismaField({
    type: 'Bill',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => bills.getBill(ctx.db, args.id, query),
  }),
  billAllocations: t.prismaField({
    type: ['BillAllocation'],
    args: { billId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => listBillAllocations(ctx.db, args.billId, query),
  }),
}));

builder.mutationFields((t) => ({
  createBill: t.prismaField({
    type: 'Bill',
    args: { input: t.arg({ type: BillCreateInput, required: true }) },
    resolve: compiledMutation('createBill', 'Bill', (ctx, args, query) => bills.createBill(ctx.db, args.input, query)),
  }),
  updateBill: t.prismaField({
    type: 'Bill',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BillUpdateInput, required: true }) },
    resolve: compiledMutation('updateBill', 'Bill', (ctx, args, query) => bills.updateBill(ctx.db, args.id, args.input, query)),
  }),
  deleteBill: t.prismaField({
    type: 'Bill',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteBill', 'Bill', (ctx, args, query) => bills.deleteBill(ctx.db, args.id, query)),
  }),
  approveBill: t.prismaField({
    type: 'Bill',
    description: 'draft → open, after matching the bill against its order again; a mismatch needs acceptVariance.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BillApproveInput, required: false }) },
    resolve: compiledMutation('approveBill', 'Bill', (ctx, args, query) => approveBill(ctx.db, args.id, { acceptVariance: args.input?.acceptVariance }, query)),
  }),
  voidBill: t.prismaField({
    type: 'Bill',
    description: 'Voids a bill nothing paid, credited or was allocated from.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('voidBill', 'Bill', (ctx, args, query) => voidBill(ctx.db, args.id, query)),
  }),
  recordBillPayment: t.prismaField({
    type: 'BillPayment',
    args: { billId: t.arg.int({ required: true }), input: t.arg({ type: BillPaymentInput, required: true }) },
    resolve: compiledMutation('recordBillPayment', 'BillPayment', (ctx, args, query) => recordBillPayment(ctx.db, args.billId, args.input, query)),
  }),
  createBillAllocation: t.prismaField({
    type: 'BillAllocation',
    args: { billId: t.arg.int({ required: true }), input: t.arg({ type: BillAllocationInput, required: true }) },
    resolve: compiledMutation('createBillAllocation', 'BillAllocation', (ctx, args, query) => createBillAllocation(ctx.db, args.billId, args.input, query)),
  }),
  deleteBillAllocation: t.prismaField({
    type: 'BillAllocation',
    description: 'Books back exactly what the allocation added to the receipt and deletes it.',
    args: { billId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteBillAllocation', 'BillAllocation', (ctx, args, query) => deleteBillAllocation(ctx.db, args.billId, args.id, query)),
  }),
}));
