// Shipments of a sales order as documents: created as drafts from a fulfillment order (what was picked, from
// the picked locations and lots) or from lines (quantities in the order line's unit, a location and lot
// optional); read; voided before shipping. Shipping lives in shipment-ship.ts. A shipment line is one product
// leaving one location (and lot): a kit line ships its components.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { comparisonFilter, dateTimeFilter, type FilterSpec } from '../shared/filters/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { type Page } from '../shared/pagination.js';
import { kitComponents, claimOrder } from '../sales/index.js';
import { recordEvent } from '../events/index.js';
import { shipmentEvent } from './shipment-events.js';
import { listPage } from '../shared/list-page.js';

export const SHIPMENT_STATUSES = ['draft', 'shipped', 'void'] as const;
/** Shipments that count against what an order line may still ship. */
export const LIVE_SHIPMENT_STATUSES = ['draft', 'shipped'];

export interface ShipmentLineInput {
  salesOrderLineId?: number | null;
  quantity?: Decimal | null;
  locationId?: number | null;
  lotNumber?: string | null;
}

export interface ShipmentInput {
  fulfillmentOrderId?: number | null;
  lines?: ShipmentLineInput[] | null;
  carrier?: string | null;
  service?: string | null;
  shipDate?: string | null;
}

interface LineRow {
  salesOrderLineId: number;
  productId: number;
  quantity: Decimal;
  locationId: number;
  lotId: number | null;
}

/**
 * The filters of GET /shipments: `status=shipped`, `sales_order_id=12`, `fulfillment_order_id=4`, `warehouse_id=3`
 * (a line leaves the warehouse or one of its locations), `shipped_at[gte]=2026-11-01T00:00:00Z`, `created_at`.
 */
export const SHIPMENT_FILTERS: FilterSpec<Prisma.ShipmentWhereInput> = {
  status: { kind: 'enum', enumValues: SHIPMENT_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  sales_order_id: { kind: 'integer', where: (op, value) => ({ salesOrderId: comparisonFilter(op, value as number) }) },
  fulfillment_order_id: { kind: 'integer', where: (op, value) => ({ fulfillmentOrderId: comparisonFilter(op, value as number) }) },
  warehouse_id: {
    kind: 'integer',
    // One warehouse: "a line at a location with a greater id or parent" would mean nothing.
    operators: ['eq'],
    where: (op, value) => {
      const warehouse = comparisonFilter(op, value as number);
      return { lines: { some: { location: { OR: [{ id: warehouse }, { parentId: warehouse }] } } } };
    },
  },
  shipped_at: { kind: 'datetime', where: (op, value) => ({ shippedAt: dateTimeFilter(op, value) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', status: 'status', ship_date: 'shipDate', shipped_at: 'shippedAt', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listShipments(db: TenantDb, args: ListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, SHIPMENT_FILTERS, SORTABLE);
  return listPage(db, 'shipment', query, { where, orderBy, window });
}

export async function listOrderShipments(db: TenantDb, salesOrderId: number, query: PassThroughQuery = {}) {
  if (!(await db.salesOrder.findUnique({ where: byId(salesOrderId), select: { id: true } }))) throw new NotFoundError('Sales order', salesOrderId);
  return db.shipment.findMany({ ...query, where: { salesOrderId }, orderBy: { id: 'asc' } });
}

export async function getShipment(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const shipment = await db.shipment.findUnique({ ...query, where: byId(id) });
  if (!shipment) throw new NotFoundError('Shipment', id);
  return shipment;
}

export async function createShipment(db: TenantDb, salesOrderId: number, input: ShipmentInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await claimOrder(tx, salesOrderId, ['confirmed', 'partially_shipped'], 'shipped');
    const errors = new FieldErrorCollector();
    checkMaxLength(errors, 'carrier', input.carrier, 64);
    checkMaxLength(errors, 'service', input.service, 64);
    const shipDate = input.shipDate != null ? checkDateOnly(errors, 'shipDate', input.shipDate) : null;
    const fromOrder = input.fulfillmentOrderId != null;
    if (fromOrder === (input.lines != null)) errors.add(fromOrder ? 'lines' : 'fulfillmentOrderId', 'Give either fulfillment_order_id or lines, not both.');
    else if (!fromOrder && input.lines!.length === 0) errors.add('lines', 'The lines field must hold at least one line.');
    errors.throwIfAny();
    const rows = fromOrder ? await pickedRows(tx, salesOrderId, input.fulfillmentOrderId!) : await lineRows(tx, order, input.lines!);
    await checkOpenQuantities(tx, order, rows);
    const shipment = await tx.shipment.create({
      data: { salesOrderId, fulfillmentOrderId: input.fulfillmentOrderId ?? null, carrier: input.carrier ?? null, service: input.service ?? null, shipDate } as Prisma.ShipmentUncheckedCreateInput,
    });
    await tx.shipmentLine.createMany({ data: rows.map((row, position) => ({ ...row, shipmentId: shipment.id, position })) as Prisma.ShipmentLineCreateManyInput[] });
    await recordEvent(tx, shipmentEvent('shipment.created', shipment));
    return readAnswer(tx, shipment.id, query, (q) => tx.shipment.findUniqueOrThrow({ ...q, where: byId(shipment.id) }));
  });
}

export async function voidShipment(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const found = await getShipment(tx, id);
    await claimOrder(tx, found.salesOrderId, ['confirmed', 'partially_shipped', 'shipped'], 'changed');
    const claimed = await tx.shipment.updateMany({ where: { id, status: 'draft' }, data: { status: 'void', voidedAt: new Date() } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft shipment can be voided; shipment ${id} is ${found.status}.`] });
    await recordEvent(tx, shipmentEvent('shipment.voided', { ...found, status: 'void' }));
    return readAnswer(tx, id, query, (q) => tx.shipment.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** What the fulfillment order picked and no live shipment of it took yet, by line, product, location and lot. */
async function pickedRows(tx: TenantTx, salesOrderId: number, fulfillmentOrderId: number): Promise<LineRow[]> {
  const field = 'fulfillmentOrderId';
  const fo = await tx.fulfillmentOrder.findUnique({ where: byId(fulfillmentOrderId), include: { lines: { include: { picks: true } } } });
  if (!fo || fo.salesOrderId !== salesOrderId) throw new ValidationError({ [field]: [`Fulfillment order ${fulfillmentOrderId} is not a fulfillment order of sales order ${salesOrderId}.`] });
  if (fo.status === 'cancelled' || fo.status === 'shipped') throw new ValidationError({ [field]: [`Fulfillment order ${fulfillmentOrderId} is ${fo.status}.`] });
  const taken = await tx.shipmentLine.findMany({ where: { shipment: { fulfillmentOrderId, status: { in: LIVE_SHIPMENT_STATUSES } } } });
  const key = (r: { salesOrderLineId: number; productId: number; locationId: number; lotId: number | null }) => `${r.salesOrderLineId}:${r.productId}:${r.locationId}:${r.lotId ?? 0}`;
  const left = new Map<string, LineRow>();
  for (const line of fo.lines) {
    for (const pick of line.picks) {
      const row = { salesOrderLineId: line.salesOrderLineId, productId: line.productId, locationId: pick.locationId, lotId: pick.lotId, quantity: pick.quantity };
      const sum = left.get(key(row));
      left.set(key(row), sum ? { ...sum, quantity: sum.quantity.plus(row.quantity) } : row);
    }
  }
  for (const line of taken) {
    const sum = left.get(key(line));
    if (sum) sum.quantity = sum.quantity.minus(line.quantity);
  }
  const rows = [...left.values()].filter((row) => row.quantity.gt(0));
  if (rows.length === 0) throw new ValidationError({ [field]: [`Fulfillment order ${fulfillmentOrderId} has nothing picked that is not shipped yet.`] });
  return rows;
}

/**
 * The lines given, in the order line's unit, turned into product rows in base units: a kit line becomes its
 * components. Without a location a row takes the location of the line's warehouse (the one holding its
 * reservation, else the first of the channel's group) with the most stock of the product.
 */
async function lineRows(tx: TenantTx, order: Awaited<ReturnType<typeof claimOrder>>, lines: ShipmentLineInput[]): Promise<LineRow[]> {
  const errors = new FieldErrorCollector();
  const lineById = new Map(order.lines.map((line) => [line.id, line]));
  const locationIds = [...new Set(lines.map((l) => l.locationId).filter((id): id is number => id != null))];
  const [kits, locations, lots, allocations] = await Promise.all([
    kitComponents(tx, order.lines.map((l) => l.productId)),
    locationIds.length ? tx.location.findMany({ where: { id: { in: locationIds } }, select: { id: true } }) : [],
    tx.lot.findMany({ where: { productId: { in: order.lines.map((l) => l.productId) }, lotNumber: { in: lines.map((l) => l.lotNumber?.trim()).filter((n): n is string => !!n) } } }),
    tx.salesOrderAllocation.findMany({ where: { salesOrderId: order.id }, orderBy: [{ quantity: 'desc' }, { warehouseId: 'asc' }] }),
  ]);
  const wanted: Array<LineRow & { index: number; needsLocation: boolean }> = [];
  lines.forEach((input, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const line = input.salesOrderLineId == null ? undefined : lineById.get(input.salesOrderLineId);
    if (input.salesOrderLineId == null) errors.add(at('salesOrderLineId'), 'The sales order line id field is required.');
    else if (!line) errors.add(at('salesOrderLineId'), `Line ${input.salesOrderLineId} is not a line of sales order ${order.orderNumber}.`);
    if (input.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at('quantity'), input.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    if (input.locationId != null && !locations.some((l) => l.id === input.locationId)) errors.add(at('locationId'), `Location ${input.locationId} does not exist.`);
    const lotNumber = input.lotNumber?.trim() || null;
    const components = line ? kits.get(line.productId) : undefined;
    if (lotNumber && components) errors.add(at('lotNumber'), 'A kit line ships its components; their lots are picked by the deduction strategy.');
    const lot = lotNumber && line ? lots.find((l) => l.productId === line.productId && l.lotNumber === lotNumber) : null;
    if (lotNumber && line && !components && !lot) errors.add(at('lotNumber'), `Lot "${lotNumber}" does not exist for the line's product.`);
    if (!line || input.quantity == null || !errors.empty) return;
    const base = input.quantity.mul(line.baseQuantity).div(line.quantity);
    for (const part of components ?? [{ productId: line.productId, perUnit: new Decimal(1) }]) {
      wanted.push({ index, salesOrderLineId: line.id, productId: part.productId, quantity: base.mul(part.perUnit).toDecimalPlaces(10), locationId: input.locationId ?? 0, lotId: lot?.id ?? null, needsLocation: input.locationId == null });
    }
  });
  errors.throwIfAny();
  const needing = wanted.filter((w) => w.needsLocation);
  if (needing.length > 0) {
    const channel = await tx.salesChannel.findUniqueOrThrow({ where: byId(order.channelId), select: { warehouseGroupId: true } });
    const warehouses = await tx.location.findMany({ where: { warehouseGroupId: channel.warehouseGroupId, parentId: null }, select: { id: true }, orderBy: { id: 'asc' } });
    const productIds = [...new Set(needing.map((w) => w.productId))];
    const balances = await tx.stockBalance.findMany({
      where: { productId: { in: productIds }, quantity: { gt: 0 }, location: { OR: [{ id: { in: warehouses.map((w) => w.id) } }, { parentId: { in: warehouses.map((w) => w.id) } }] } },
      select: { productId: true, locationId: true, quantity: true, location: { select: { parentId: true } } },
      orderBy: [{ quantity: 'desc' }, { locationId: 'asc' }],
    });
    for (const row of needing) {
      const reserved = allocations.find((a) => a.salesOrderLineId === row.salesOrderLineId && a.productId === row.productId);
      const warehouseId = reserved?.warehouseId ?? warehouses[0]?.id;
      const best = balances.find((b) => b.productId === row.productId && (b.location.parentId ?? b.locationId) === warehouseId);
      if (warehouseId === undefined) errors.add(`lines.${row.index}.locationId`, "The channel's warehouse group has no warehouse; give location_id.");
      row.locationId = best?.locationId ?? warehouseId ?? 0;
    }
    errors.throwIfAny();
  }
  return wanted.map(({ salesOrderLineId, productId, quantity, locationId, lotId }) => ({ salesOrderLineId, productId, quantity, locationId, lotId }));
}

/** Per line and product: what live shipments (with this one) take may not exceed what the line still ships. */
async function checkOpenQuantities(tx: TenantTx, order: Awaited<ReturnType<typeof claimOrder>>, rows: LineRow[]): Promise<void> {
  const kits = await kitComponents(tx, order.lines.map((l) => l.productId));
  const live = await tx.shipmentLine.groupBy({
    by: ['salesOrderLineId', 'productId'],
    where: { salesOrderLineId: { in: rows.map((r) => r.salesOrderLineId) }, shipment: { status: { in: LIVE_SHIPMENT_STATUSES } } },
    _sum: { quantity: true },
  });
  const errors = new FieldErrorCollector();
  const asked = new Map<string, { lineId: number; productId: number; quantity: Decimal; index: number }>();
  rows.forEach((row, index) => {
    const key = `${row.salesOrderLineId}:${row.productId}`;
    const sum = asked.get(key);
    asked.set(key, { lineId: row.salesOrderLineId, productId: row.productId, quantity: (sum?.quantity ?? ZERO).plus(row.quantity), index: sum?.index ?? index });
  });
  for (const want of asked.values()) {
    const line = order.lines.find((l) => l.id === want.lineId)!;
    const perUnit = kits.get(line.productId)?.find((c) => c.productId === want.productId)?.perUnit ?? new Decimal(1);
    const ordered = line.baseQuantity.mul(perUnit);
    const taken = new Decimal(live.find((l) => l.salesOrderLineId === want.lineId && l.productId === want.productId)?._sum.quantity ?? 0);
    const open = Decimal.max(ordered.minus(taken), ZERO);
    if (want.quantity.gt(open)) {
      errors.add(`lines.${want.index}.quantity`, `Line ${line.id} has ${open.toString()} (base units of product ${want.productId}) left to ship; ${want.quantity.toString()} asked.`);
    }
  }
  errors.throwIfAny();
}
