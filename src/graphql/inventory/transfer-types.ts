// GraphQL types of transfer orders. The lots a line actually moved in, and the cost it carried, come from
// the ledger movements the transitions posted (src/domain/inventory/transfers, transfer-transfers.ts: the rules in
// JavaScript and as SQL).
import DataLoader from 'dataloader';
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { TRANSFER_STATUSES, transferOrders as transfers } from '../../domain/inventory/index.js';
import type { RequestContext } from '../context.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

export const TransferOrderStatusEnum = builder.enumType('TransferOrderStatus', {
  values: Object.fromEntries(TRANSFER_STATUSES.map((s) => [s.toUpperCase(), { value: s }])) as Record<string, { value: string }>,
});

const TransferLineLotRef = builder.objectRef<transfers.LineLot>('TransferOrderLineLot').implement({
  description: 'Part of a line shipped in one lot (lot null for a product without lots), and how much of it arrived.',
  fields: (t) => ({
    lotId: t.exposeInt('lotId', { nullable: true }),
    lotNumber: t.exposeString('lotNumber', { nullable: true }),
    shippedQuantity: t.expose('shippedQuantity', { type: 'Decimal' }),
    receivedQuantity: t.expose('receivedQuantity', { type: 'Decimal' }),
  }),
});

type LineMovement = transfers.LineMovement & { sourceLineId: number | null };

// One query for the movements of every transfer order on the page (batched per tick, not cached, so a
// mutation followed by a read in one request never sees stale rows). Uncached, a batch holds an order's id
// once per line asking: it reads each order once and groups its movements by line once.
type MovementsByLine = Map<number, LineMovement[]>;
const loaders = new WeakMap<RequestContext, DataLoader<number, MovementsByLine>>();

function movementLoader(ctx: RequestContext): DataLoader<number, MovementsByLine> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      async (orderIds: readonly number[]) => {
        const rows = await ctx.db.stockMovement.findMany({
          where: { sourceId: { in: [...new Set(orderIds)] }, sourceType: { in: transfers.LINE_MOVEMENT_TYPES } },
          select: { sourceId: true, sourceLineId: true, lotId: true, quantity: true, unitCost: true, sourceType: true, lot: { select: { lotNumber: true } } },
          orderBy: { id: 'asc' },
        });
        const byOrder = new Map<number, MovementsByLine>();
        for (const row of rows) {
          const byLine = byOrder.get(row.sourceId!) ?? byOrder.set(row.sourceId!, new Map()).get(row.sourceId!)!;
          (byLine.get(row.sourceLineId!) ?? byLine.set(row.sourceLineId!, []).get(row.sourceLineId!)!).push(row);
        }
        return orderIds.map((id) => byOrder.get(id) ?? new Map());
      },
      { cache: false },
    );
    loaders.set(ctx, loader);
  }
  return loader;
}

async function lineMovements(ctx: RequestContext, line: { transferOrderId: number; id: number }): Promise<LineMovement[]> {
  return (await movementLoader(ctx).load(line.transferOrderId)).get(line.id) ?? [];
}

export const TransferOrderLineRef = builder.prismaObject('TransferOrderLine', {
  description: 'A product to move, in its base unit.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    sku: t.string({ select: { product: { select: { sku: true } } }, resolve: (line) => line.product.sku, extensions: jsonSql({ value: transfers.lineSkuSql }) }),
    lotId: t.exposeInt('lotId', { nullable: true, description: 'The lot asked for; null lets the deduction strategy pick at shipping (see lots).' }),
    lotNumber: t.string({
      nullable: true,
      select: { lot: { select: { lotNumber: true } } },
      resolve: (line) => line.lot?.lotNumber ?? null,
      extensions: jsonSql({ value: transfers.lineLotNumberSql }),
    }),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    shippedQuantity: t.expose('shippedQuantity', { type: 'Decimal' }),
    receivedQuantity: t.expose('receivedQuantity', { type: 'Decimal' }),
    outstandingQuantity: t.field({
      type: 'Decimal',
      description: 'Shipped and not yet received: in transit.',
      resolve: (line) => transfers.outstandingQuantity(line),
      extensions: jsonSql({ value: (line) => decimalSql(transfers.outstandingQuantitySql(line)) }),
    }),
    lots: t.field({
      type: [TransferLineLotRef],
      description: 'The lots the line was shipped in (chosen at shipping when the line names none); receipts land in the same lots.',
      select: { transferOrderId: true },
      resolve: async (line, _args, ctx) => transfers.lineLots(await lineMovements(ctx, line)),
      extensions: jsonSql({ type: 'TransferOrderLineLot', many: transfers.lineLotsSql }),
    }),
    unitCost: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'The FIFO unit cost the line carried to the destination (its receipts\' unit cost); null until something is received.',
      select: { transferOrderId: true },
      resolve: async (line, _args, ctx) => transfers.carriedUnitCost(await lineMovements(ctx, line)),
      extensions: jsonSql({ value: (line) => decimalSql(transfers.carriedUnitCostSql(line)) }),
    }),
  }),
});

export const TransferOrderRef = builder.prismaObject('TransferOrder', {
  description: 'Stock moving between two locations or warehouses: draft → shipped → partially_received → received, or cancelled.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status', { description: 'draft, shipped, partially_received, received or cancelled.' }),
    sourceLocationId: t.exposeInt('sourceLocationId'),
    destinationLocationId: t.exposeInt('destinationLocationId'),
    sourceLocation: t.relation('sourceLocation'),
    destinationLocation: t.relation('destinationLocation'),
    notes: t.exposeString('notes', { nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { id: 'asc' } } }),
    shippedAt: t.expose('shippedAt', { type: 'DateTime', nullable: true }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const TransferOrderPageRef = pageOf('TransferOrderPage', TransferOrderRef);

const TransferOrderLineInput = builder.inputType('TransferOrderLineInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0, in the product\'s base unit.' }),
    lotId: t.int({ required: false, description: 'For lot-tracked products; omit (with lotNumber) to let the deduction strategy pick at shipping.' }),
    lotNumber: t.string({ required: false, description: 'An existing lot of the product, instead of lotId.' }),
  }),
});

export const TransferOrderCreateInput = builder.inputType('TransferOrderCreateInput', {
  fields: (t) => ({
    sourceLocationId: t.int({ required: true }),
    destinationLocationId: t.int({ required: true, description: 'Must differ from the source.' }),
    notes: t.string({ required: false }),
    lines: t.field({ type: [TransferOrderLineInput], required: true }),
  }),
});

export const TransferOrderUpdateInput = builder.inputType('TransferOrderUpdateInput', {
  description: 'Draft orders only. Every field is optional; lines, when given, replace all lines.',
  fields: (t) => ({
    sourceLocationId: t.int({ required: false }),
    destinationLocationId: t.int({ required: false }),
    notes: t.string({ required: false }),
    lines: t.field({ type: [TransferOrderLineInput], required: false }),
  }),
});

const TransferReceiveLineInput = builder.inputType('TransferReceiveLineInput', {
  fields: (t) => ({
    lineId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0 and at most what is outstanding on the line.' }),
  }),
});

export const TransferReceiveInput = builder.inputType('TransferReceiveInput', {
  fields: (t) => ({
    lines: t.field({ type: [TransferReceiveLineInput], required: false, description: 'Omit to receive everything outstanding.' }),
  }),
});
