// Transfer orders: the document (draft lines, notes, list/get, edit and delete while draft). The stock
// transitions (ship, receive, cancel) live in transfer-transitions.ts; both keep every command in one
// transaction. Quantities are in the product's base unit.
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { toDecimal, type DecimalInput } from '../../shared/decimal.js';
import { checkDecimal, LEDGER_DECIMAL } from '../../shared/field-checks.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseSort } from '../../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../../shared/pass-through-query.js';
import { listPage } from '../../shared/list-page.js';
// What a line shows beyond its columns (in transit, its lots, its carried cost), part of the document's namespace.
export * from './transfer-lines.js';

export const TRANSFER_STATUSES = ['draft', 'shipped', 'partially_received', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface TransferLineInput {
  productId?: number | null;
  quantity?: DecimalInput | null;
  lotId?: number | null;
  lotNumber?: string | null;
}

export interface TransferOrderInput {
  sourceLocationId?: number | null;
  destinationLocationId?: number | null;
  notes?: string | null;
  lines?: TransferLineInput[] | null;
}

export interface TransferListArgs extends PageArgs {
  sort?: string | null;
  status?: string | null;
  sourceLocationId?: number | null;
  destinationLocationId?: number | null;
}

export type TransferQuery = PassThroughQuery;

const SORTABLE = { id: 'id', created_at: 'createdAt', updated_at: 'updatedAt', shipped_at: 'shippedAt', received_at: 'receivedAt' };

export async function listTransferOrders(db: TenantDb, args: TransferListArgs, query: TransferQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  if (args.status && !(TRANSFER_STATUSES as readonly string[]).includes(args.status)) {
    errors.add('status', `The status must be one of ${TRANSFER_STATUSES.join(', ')}.`);
  }
  errors.throwIfAny();
  const where: Prisma.TransferOrderWhereInput = {};
  if (args.status) where.status = args.status;
  if (args.sourceLocationId != null) where.sourceLocationId = args.sourceLocationId;
  if (args.destinationLocationId != null) where.destinationLocationId = args.destinationLocationId;
  return listPage(db, 'transferOrder', query, { where, orderBy, window });
}

export async function getTransferOrder(db: TenantDb | TenantTx, id: number, query: TransferQuery = {}) {
  const order = await db.transferOrder.findUnique({ ...query, where: byId(id) });
  if (!order) throw new NotFoundError('Transfer order', id);
  return order;
}

export async function createTransferOrder(db: TenantDb, input: TransferOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.sourceLocationId == null) errors.add('sourceLocationId', 'The source location id field is required.');
    if (input.destinationLocationId == null) errors.add('destinationLocationId', 'The destination location id field is required.');
    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    await checkLocations(tx, input.sourceLocationId ?? null, input.destinationLocationId ?? null, errors);
    const lines = await checkLines(tx, input.lines ?? [], errors);
    errors.throwIfAny();
    const created = await tx.transferOrder.create({
      data: {
        sourceLocationId: input.sourceLocationId!,
        destinationLocationId: input.destinationLocationId!,
        notes: input.notes ?? null,
      } as any,
    });
    // Lines through createMany (the tenant client stamps top-level writes only, not nested creates).
    await tx.transferOrderLine.createMany({ data: lines.map((line) => ({ ...line, transferOrderId: created.id })) as any });
    return readAnswer(tx, created.id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateTransferOrder(db: TenantDb, id: number, input: TransferOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await lockDraft(tx, id, 'edited');
    const errors = new FieldErrorCollector();
    const source = input.sourceLocationId !== undefined ? input.sourceLocationId : order.sourceLocationId;
    const destination = input.destinationLocationId !== undefined ? input.destinationLocationId : order.destinationLocationId;
    if (source === null) errors.add('sourceLocationId', 'The source location id may not be empty.');
    if (destination === null) errors.add('destinationLocationId', 'The destination location id may not be empty.');
    if (input.lines !== undefined && (input.lines === null || input.lines.length === 0)) {
      errors.add('lines', 'A transfer order needs at least one line.');
    }
    await checkLocations(tx, source, destination, errors);
    const lines = input.lines ? await checkLines(tx, input.lines, errors) : null;
    errors.throwIfAny();
    await tx.transferOrder.update({
      where: byId(id),
      data: {
        sourceLocationId: source!,
        destinationLocationId: destination!,
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      },
    });
    if (lines) {
      await tx.transferOrderLine.deleteMany({ where: { transferOrderId: id } });
      await tx.transferOrderLine.createMany({ data: lines.map((line) => ({ ...line, transferOrderId: id })) as any });
    }
    return readAnswer(tx, id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteTransferOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await lockDraft(tx, id, 'deleted');
    const order = await readAnswer(tx, id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.transferOrder.delete({ where: byId(id) });
    return order;
  });
}

/**
 * Claims the order for a change that needs it in draft: the conditional update takes the row lock, so a
 * concurrent ship waits and then sees the change (or this one sees the ship and refuses).
 */
async function lockDraft(tx: TenantTx, id: number, verb: string) {
  const claimed = await tx.transferOrder.updateMany({ where: { id, status: 'draft' }, data: { updatedAt: new Date() } });
  const order = await getTransferOrder(tx, id);
  if (claimed.count === 0) {
    throw new ValidationError({ status: [`Only a draft transfer order can be ${verb}; this one is ${order.status}.`] });
  }
  return order;
}

async function checkLocations(tx: TenantTx, source: number | null, destination: number | null, errors: FieldErrorCollector): Promise<void> {
  for (const [field, id] of [['sourceLocationId', source], ['destinationLocationId', destination]] as const) {
    if (id === null) continue;
    if (!(await tx.location.findUnique({ where: byId(id), select: { id: true } }))) {
      errors.add(field, `Location ${id} does not exist.`);
    }
  }
  if (source !== null && source === destination) {
    errors.add('destinationLocationId', 'The destination must differ from the source location.');
  }
}

interface LineData {
  productId: number;
  lotId: number | null;
  quantity: Prisma.Decimal;
}

async function checkLines(tx: TenantTx, lines: TransferLineInput[], errors: FieldErrorCollector): Promise<LineData[]> {
  const data: LineData[] = [];
  for (const [index, line] of lines.entries()) {
    const field = `lines.${index}.`;
    let quantity: Prisma.Decimal | null = null;
    if (line.quantity === undefined || line.quantity === null) {
      errors.add(`${field}quantity`, 'The quantity field is required.');
    } else {
      quantity = toDecimal(line.quantity);
      if (!quantity.gt(0)) errors.add(`${field}quantity`, 'The quantity must be greater than 0.');
      else checkDecimal(errors, `${field}quantity`, quantity, LEDGER_DECIMAL);
    }
    if (line.productId === undefined || line.productId === null) {
      errors.add(`${field}productId`, 'The product id field is required.');
      continue;
    }
    const product = await tx.product.findUnique({ where: byId(line.productId), select: { id: true, sku: true, type: true, lotTracking: true } });
    if (!product) {
      errors.add(`${field}productId`, `Product ${line.productId} does not exist.`);
      continue;
    }
    if (product.type !== 'PRODUCT') errors.add(`${field}productId`, `Product ${product.sku} is a kit; kits hold no stock of their own.`);
    const lotNumber = (line.lotNumber ?? '').trim();
    const namesLot = line.lotId != null || lotNumber !== '';
    let lotId: number | null = null;
    if (namesLot && !product.lotTracking) {
      errors.add(`${field}lotNumber`, `Product ${product.sku} is not lot-tracked; its stock moves without a lot.`);
    } else if (line.lotId != null) {
      const lot = await tx.lot.findUnique({ where: byId(line.lotId), select: { id: true, productId: true } });
      if (!lot || lot.productId !== product.id) errors.add(`${field}lotId`, `Lot ${line.lotId} does not exist for product ${product.sku}.`);
      else lotId = lot.id;
    } else if (lotNumber !== '') {
      const lot = await tx.lot.findFirst({ where: { productId: product.id, lotNumber }, select: { id: true } });
      if (!lot) errors.add(`${field}lotNumber`, `Lot "${lotNumber}" does not exist for product ${product.sku}.`);
      else lotId = lot.id;
    }
    if (quantity) data.push({ productId: product.id, lotId, quantity });
  }
  return data;
}
