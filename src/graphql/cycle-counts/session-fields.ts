// Cycle count sessions, their lines, counts and count sheets in GraphQL (camelCase on REST too). Rules in
// src/domain/cycle-counts/.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import {
  cycleCountSessions as sessions,
  cycleCountTransitions as transitions,
  recordCounts,
  countSheet,
  countSheetCsv,
  importCountSheet,
  type CountSheet,
  type CountSheetRow,
} from '../../domain/cycle-counts/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';
import { plainColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

const SessionStatusEnum = builder.enumType('CycleCountSessionStatus', { values: sessions.SESSION_STATUSES });

export const CycleCountSessionRef = builder.prismaObject('CycleCountSession', {
  description: 'The count of one warehouse of a batch: draft → in_progress → pending_review → posted, or cancelled.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    batchId: t.exposeInt('batchId'),
    warehouseId: t.exposeInt('warehouseId'),
    status: t.field({ type: SessionStatusEnum, resolve: (s) => s.status as sessions.SessionStatus, extensions: jsonSql(plainColumn('status')) }),
    skuCount: t.exposeInt('skuCount', { description: 'Distinct SKUs in the snapshot taken at start.' }),
    countedSkuCount: t.exposeInt('countedSkuCount', { description: 'Distinct SKUs with at least one count.' }),
    theoreticalValue: t.expose('theoreticalValue', { type: 'Decimal', nullable: true, description: 'Book value of the stock in scope at posting, at FIFO unit cost.' }),
    totalVarianceQty: t.expose('totalVarianceQty', { type: 'Decimal', nullable: true, description: 'Sum of counted − expected over the counted lines; set at submit-review.' }),
    totalVarianceValue: t.expose('totalVarianceValue', { type: 'Decimal', nullable: true, description: 'The variances at FIFO unit cost.' }),
    accuracyPercentage: t.expose('accuracyPercentage', { type: 'Decimal', nullable: true, description: 'Share of counted lines without variance, 0–100.' }),
    adjustmentId: t.exposeInt('adjustmentId', { nullable: true, description: 'The inventory adjustment posting made (null when every count matched the books).' }),
    startedBy: t.exposeInt('startedBy', { nullable: true, description: 'The API token.' }),
    postedBy: t.exposeInt('postedBy', { nullable: true }),
    cancelledBy: t.exposeInt('cancelledBy', { nullable: true }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    postedAt: t.expose('postedAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const LINE_FACTS = { session: { select: { status: true, batch: { select: { blind: true } } } } } as const;
const hidden = (line: { session: { status: string; batch: { blind: boolean } } }) => sessions.booksHidden(line.session);

const CycleCountLineRef = builder.prismaObject('CycleCountLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    sku: t.string({ select: { product: { select: { sku: true } } }, resolve: (l) => l.product.sku, extensions: jsonSql({ value: sessions.lineSkuSql }) }),
    locationId: t.exposeInt('locationId'),
    lotNumber: t.string({ nullable: true, resolve: (l) => l.lotNumber || null, extensions: jsonSql({ value: sessions.lineLotNumberSql }) }),
    expectedQuantity: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'The book quantity when counted (the snapshot until then); null while a blind session is counting.',
      select: { ...LINE_FACTS, expectedQuantity: true, snapshotQuantity: true },
      resolve: (l) => (hidden(l) ? null : (l.expectedQuantity ?? l.snapshotQuantity)),
      extensions: jsonSql({ value: (line) => decimalSql(sessions.lineExpectedQuantitySql(line)) }),
    }),
    countedQuantity: t.expose('countedQuantity', { type: 'Decimal', nullable: true }),
    varianceQuantity: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'counted − expected; hidden like expected.',
      select: { ...LINE_FACTS, varianceQuantity: true },
      resolve: (l) => (hidden(l) ? null : l.varianceQuantity),
      extensions: jsonSql({ value: (line) => decimalSql(sessions.lineVarianceQuantitySql(line)) }),
    }),
    varianceValue: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'The variance at FIFO unit cost; hidden like expected.',
      select: { ...LINE_FACTS, varianceValue: true },
      resolve: (l) => (hidden(l) ? null : l.varianceValue),
      extensions: jsonSql({ value: (line) => decimalSql(sessions.lineVarianceValueSql(line)) }),
    }),
    countedBy: t.exposeInt('countedBy', { nullable: true, description: 'The API token.' }),
    countedAt: t.expose('countedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SessionPageRef = pageOf('CycleCountSessionPage', CycleCountSessionRef);
const LinePageRef = pageOf('CycleCountLinePage', CycleCountLineRef);

const CountSheetRowRef = builder.objectRef<CountSheetRow>('CycleCountSheetRow').implement({
  fields: (t) => ({
    sku: t.exposeString('sku'),
    name: t.exposeString('name'),
    location: t.exposeString('location'),
    lot: t.exposeString('lot', { description: 'Empty for a product without lots.' }),
    expected: t.expose('expected', { type: 'Decimal', nullable: true, description: 'Null on a blind session’s sheet.' }),
    counted: t.expose('counted', { type: 'Decimal', nullable: true }),
  }),
});

const CountSheetRef = builder.objectRef<CountSheet>('CycleCountSheet').implement({
  fields: (t) => ({
    sessionId: t.exposeInt('sessionId'),
    blind: t.exposeBoolean('blind'),
    rows: t.field({ type: [CountSheetRowRef], resolve: (sheet) => sheet.rows }),
    csv: t.string({ description: 'The sheet as CSV: sku, name, location, lot, expected (not on a blind session), counted.', resolve: (sheet) => countSheetCsv(sheet) }),
  }),
});

const CountInput = builder.inputType('CycleCountInput', {
  fields: (t) => ({
    productId: t.int({ required: false, description: 'The product, or give sku.' }),
    sku: t.string({ required: false }),
    locationId: t.int({ required: true, description: 'The warehouse or one of its locations in the session’s scope.' }),
    lotNumber: t.string({ required: false, description: 'Required for a lot-tracked product; a lot not on the books is found stock.' }),
    countedQuantity: t.field({ type: 'Decimal', required: true, description: "0 or more, in the product's base unit." }),
  }),
});

const CountsInput = builder.inputType('CycleCountsInput', {
  fields: (t) => ({ counts: t.field({ type: [CountInput], required: true }) }),
});

const CountResultRef = builder.objectRef<{ sessionId: number; counted: number }>('CycleCountResult').implement({
  fields: (t) => ({
    counted: t.exposeInt('counted', { description: 'How many counts were taken.' }),
    session: t.prismaField({ type: 'CycleCountSession', resolve: (query, result, _a, ctx) => sessions.getCycleCountSession(ctx.db, result.sessionId, query) }),
  }),
});

compiledList('cycleCountSessions', 'CycleCountSession', (ctx, args, query) => sessions.listCycleCountSessions(ctx.db, withFilterParams(args), query));
compiledRecord('cycleCountSession', 'CycleCountSession', (ctx, args, query) => sessions.getCycleCountSession(ctx.db, args.id, query));
compiledList('cycleCountLines', 'CycleCountLine', (ctx, args, query) => sessions.listCycleCountLines(ctx.db, args.sessionId, args, query));

builder.queryFields((t) => ({
  cycleCountSessions: t.field({
    type: SessionPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: batchId, warehouseId, status.') },
    resolve: (_root, args, ctx, info) =>
      sessions.listCycleCountSessions(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'CycleCountSession', path: ['items'] })),
  }),
  cycleCountSession: t.prismaField({
    type: 'CycleCountSession',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => sessions.getCycleCountSession(ctx.db, args.id, query),
  }),
  cycleCountLines: t.field({
    type: LinePageRef,
    args: { sessionId: t.arg.int({ required: true }), ...pageArgs(t.arg) },
    resolve: (_root, args, ctx, info) => sessions.listCycleCountLines(ctx.db, args.sessionId, args, queryFromInfo({ context: ctx, info, typeName: 'CycleCountLine', path: ['items'] })),
  }),
  cycleCountSheet: t.field({
    type: CountSheetRef,
    args: { sessionId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => countSheet(ctx.db, args.sessionId),
  }),
}));

const actor = (ctx: { caller: { tokenId: number | null } }) => ({ tokenId: ctx.caller.tokenId });

builder.mutationFields((t) => ({
  startCycleCount: t.prismaField({
    type: 'CycleCountSession',
    description: 'draft → in_progress: snapshots the book quantity of every product, location and lot in scope.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('startCycleCount', 'CycleCountSession', (ctx, args, query) => transitions.startSession(ctx.db, args.id, actor(ctx), query)),
  }),
  submitCycleCountForReview: t.prismaField({
    type: 'CycleCountSession',
    description: 'in_progress → pending_review: variance totals and accuracy over the counted lines.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('submitCycleCountForReview', 'CycleCountSession', (ctx, args, query) => transitions.submitSessionForReview(ctx.db, args.id, query)),
  }),
  reopenCycleCount: t.prismaField({
    type: 'CycleCountSession',
    description: 'pending_review → in_progress; clears the variance totals.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('reopenCycleCount', 'CycleCountSession', (ctx, args, query) => transitions.reopenSession(ctx.db, args.id, query)),
  }),
  postCycleCount: t.prismaField({
    type: 'CycleCountSession',
    description: 'pending_review → posted: one inventory adjustment of the counted variances.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('postCycleCount', 'CycleCountSession', (ctx, args, query) => transitions.postSession(ctx.db, args.id, actor(ctx), query)),
  }),
  cancelCycleCount: t.prismaField({
    type: 'CycleCountSession',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelCycleCount', 'CycleCountSession', (ctx, args, query) => transitions.cancelSession(ctx.db, args.id, actor(ctx), query)),
  }),
  resetCycleCountCounts: t.prismaField({
    type: 'CycleCountSession',
    description: 'in_progress stays in_progress with every count cleared.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('resetCycleCountCounts', 'CycleCountSession', (ctx, args, query) => transitions.resetSessionCounts(ctx.db, args.id, query)),
  }),
  recordCycleCounts: t.field({
    type: CountResultRef,
    description: 'Counts replace earlier counts of the same product, location and lot.',
    args: { sessionId: t.arg.int({ required: true }), input: t.arg({ type: CountsInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      await recordCounts(ctx.db, args.sessionId, args.input.counts, actor(ctx));
      return { sessionId: args.sessionId, counted: args.input.counts.length };
    },
  }),
  importCycleCountSheet: t.field({
    type: CountResultRef,
    description: 'A count sheet (CSV) with the counted column filled in; all rows or none.',
    args: { sessionId: t.arg.int({ required: true }), csv: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => ({ sessionId: args.sessionId, counted: await importCountSheet(ctx.db, args.sessionId, args.csv, actor(ctx)) }),
  }),
}));
