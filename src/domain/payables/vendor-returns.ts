// Vendor returns: the document (header and lines; list/get; edit and delete while draft). Shipping it and
// the credit that follows live in vendor-return-transitions.ts. Quantities are in the product's base unit;
// unit costs, when given, are in the return's currency: the order's, else the supplier's, else the base
// currency. Every command runs in one transaction.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { currentCompany } from '../tenancy/index.js';
import { nextDocumentNumber } from '../purchasing/index.js';
import { listPage } from '../shared/list-page.js';

export const VENDOR_RETURN_STATUSES = ['draft', 'shipped', 'credited'] as const;
export type VendorReturnStatus = (typeof VENDOR_RETURN_STATUSES)[number];

/** A line's total as the return shows it: null while its unit cost is not known yet (a draft line without one). */
export const shownLineTotal = (line: { unitCost: Decimal | null; lineTotal: Decimal }): Decimal | null => (line.unitCost === null ? null : line.lineTotal);

/** shownLineTotal as SQL over a line row (`line`), for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts). */
export const shownLineTotalSql = (line: string) => `CASE WHEN ${line}."unitCost" IS NOT NULL THEN ${line}."lineTotal" END`;

export interface VendorReturnLineInput {
  productId?: number | null;
  quantity?: Decimal | null;
  lotNumber?: string | null;
  unitCost?: Decimal | null;
}

export interface VendorReturnInput {
  supplierId?: number | null;
  purchaseOrderId?: number | null;
  locationId?: number | null;
  reason?: string | null;
  lines?: VendorReturnLineInput[] | null;
}

export interface VendorReturnListArgs extends PageArgs {
  sort?: string | null;
  status?: string | null;
  supplierId?: number | null;
}

const SORTABLE = { id: 'id', return_number: 'returnNumber', total: 'total', created_at: 'createdAt', updated_at: 'updatedAt', shipped_at: 'shippedAt' };

export async function listVendorReturns(db: TenantDb, args: VendorReturnListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  if (args.status && !(VENDOR_RETURN_STATUSES as readonly string[]).includes(args.status)) {
    errors.add('status', `The status must be one of ${VENDOR_RETURN_STATUSES.join(', ')}.`);
  }
  errors.throwIfAny();
  const where: Prisma.VendorReturnWhereInput = {
    ...(args.status ? { status: args.status } : {}),
    ...(args.supplierId != null ? { supplierId: args.supplierId } : {}),
  };
  return listPage(db, 'vendorReturn', query, { where, orderBy, window });
}

export async function getVendorReturn(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.vendorReturn.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Vendor return', id);
  return found;
}

export async function createVendorReturn(db: TenantDb, input: VendorReturnInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.supplierId == null) errors.add('supplierId', 'The supplier id field is required.');
    if (input.locationId == null) errors.add('locationId', 'The location id field is required.');
    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    const written = await prepareReturn(tx, input, null, errors);
    errors.throwIfAny();
    const returnNumber = await nextDocumentNumber(tx, 'vendor_return', 'VR');
    const created = await tx.vendorReturn.create({ data: { ...written!.header, returnNumber } as Prisma.VendorReturnUncheckedCreateInput });
    await writeLines(tx, created.id, written!.lines!);
    return readAnswer(tx, created.id, query, (q) => tx.vendorReturn.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateVendorReturn(db: TenantDb, id: number, input: VendorReturnInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const stored = await lockDraft(tx, id, 'edited');
    const errors = new FieldErrorCollector();
    if (input.supplierId === null) errors.add('supplierId', 'The supplier id may not be empty.');
    if (input.locationId === null) errors.add('locationId', 'The location id may not be empty.');
    if (input.lines !== undefined && (input.lines === null || input.lines.length === 0)) errors.add('lines', 'A vendor return needs at least one line.');
    const written = await prepareReturn(tx, input, stored, errors);
    errors.throwIfAny();
    await tx.vendorReturn.update({ where: byId(id), data: written!.header });
    if (written!.lines) await writeLines(tx, id, written!.lines);
    return readAnswer(tx, id, query, (q) => tx.vendorReturn.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteVendorReturn(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await lockDraft(tx, id, 'deleted');
    const found = await readAnswer(tx, id, query, (q) => tx.vendorReturn.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.vendorReturn.delete({ where: byId(id) });
    return found;
  });
}

/**
 * Claims a draft for a change: the conditional update takes the row lock, so a concurrent ship waits and
 * then sees the change (or this one sees the shipment and refuses, naming the state).
 */
async function lockDraft(tx: TenantTx, id: number, verb: string) {
  const claimed = await tx.vendorReturn.updateMany({ where: { id, status: 'draft' }, data: { updatedAt: new Date() } });
  const found = await tx.vendorReturn.findUnique({ where: byId(id), include: { lines: { orderBy: { position: 'asc' } } } });
  if (!found) throw new NotFoundError('Vendor return', id);
  if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft vendor return can be ${verb}; ${found.returnNumber} is ${found.status}.`] });
  return found;
}

type StoredReturn = Awaited<ReturnType<typeof lockDraft>>;

interface LineRow {
  position: number;
  productId: number;
  quantity: Decimal;
  lotNumber: string | null;
  unitCost: Decimal | null;
  lineTotal: Decimal;
}

interface WrittenReturn {
  header: { supplierId: number; purchaseOrderId: number | null; locationId: number; reason?: string | null; currency: string; total: Decimal };
  /** null on an update that keeps the stored lines. */
  lines: LineRow[] | null;
}

/** Checks the header and the lines (the given ones, else the stored ones) and works out the currency. */
async function prepareReturn(tx: TenantTx, input: VendorReturnInput, stored: StoredReturn | null, errors: FieldErrorCollector): Promise<WrittenReturn | null> {
  const supplierId = input.supplierId !== undefined ? input.supplierId : stored?.supplierId ?? null;
  const purchaseOrderId = input.purchaseOrderId !== undefined ? input.purchaseOrderId : stored?.purchaseOrderId ?? null;
  const locationId = input.locationId !== undefined ? input.locationId : stored?.locationId ?? null;
  checkMaxLength(errors, 'reason', input.reason, 255);

  const supplier = supplierId == null ? null : await tx.supplier.findUnique({ where: byId(supplierId), select: { id: true, currency: true } });
  if (supplierId != null && !supplier) errors.add('supplierId', `Supplier ${supplierId} does not exist.`);
  const order = purchaseOrderId == null ? null : await tx.purchaseOrder.findUnique({ where: byId(purchaseOrderId), select: { poNumber: true, supplierId: true, status: true, currency: true } });
  if (purchaseOrderId != null) {
    if (!order) errors.add('purchaseOrderId', `Purchase order ${purchaseOrderId} does not exist.`);
    else if (supplier && order.supplierId !== supplier.id) errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is not an order of supplier ${supplier.id}.`);
    else if (order.status === 'draft' || order.status === 'cancelled') errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is ${order.status}; nothing was delivered on it.`);
  }
  if (locationId != null && !(await tx.location.findUnique({ where: byId(locationId), select: { id: true } }))) {
    errors.add('locationId', `Location ${locationId} does not exist.`);
  }
  const currency = order?.currency ?? supplier?.currency ?? (await currentCompany(tx)).baseCurrency;
  if (stored && !input.lines && currency !== stored.currency && stored.lines.some((line) => line.unitCost !== null)) {
    errors.add('lines', `The return's currency changes from ${stored.currency} to ${currency}; give the lines again with unit costs in ${currency}.`);
  }
  const lines = input.lines ? await checkLines(tx, input.lines, currency, errors) : null;
  if (!errors.empty) return null;
  const totalOf = (rows: { lineTotal: Decimal }[]) => rows.reduce((sum, line) => sum.plus(line.lineTotal), ZERO);
  return {
    header: {
      supplierId: supplierId!,
      purchaseOrderId,
      locationId: locationId!,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
      currency,
      // While draft, the value of the lines whose unit cost is known; shipping sets the rest.
      total: totalOf(lines ?? stored!.lines),
    },
    lines,
  };
}

/** The lines checked against the products and lots they name: two queries whatever the number of lines. */
async function checkLines(tx: TenantTx, lines: VendorReturnLineInput[], currency: string, errors: FieldErrorCollector): Promise<LineRow[]> {
  const productIds = [...new Set(lines.map((line) => line.productId).filter((id): id is number => id != null))];
  const products = productIds.length
    ? await tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true, sku: true, type: true, lotTracking: true } })
    : [];
  const lotNumbers = [...new Set(lines.map((line) => line.lotNumber?.trim()).filter((lot): lot is string => !!lot))];
  const lots = lotNumbers.length
    ? await tx.lot.findMany({ where: { productId: { in: productIds }, lotNumber: { in: lotNumbers } }, select: { productId: true, lotNumber: true } })
    : [];

  return lines.flatMap((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    if (line.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at('quantity'), line.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    checkDecimal(errors, at('unitCost'), line.unitCost, { ...LEDGER_DECIMAL, min: 0 });
    const lotNumber = line.lotNumber?.trim() || null;
    checkMaxLength(errors, at('lotNumber'), lotNumber, 255);
    const product = products.find((p) => p.id === line.productId);
    if (line.productId == null) errors.add(at('productId'), 'The product id field is required.');
    else if (!product) errors.add(at('productId'), `Product ${line.productId} does not exist.`);
    else if (product.type !== 'PRODUCT') errors.add(at('productId'), `Product ${product.sku} is a kit; kits hold no stock of their own.`);
    else if (lotNumber && !product.lotTracking) errors.add(at('lotNumber'), `Product ${product.sku} is not lot-tracked; its stock moves without a lot.`);
    else if (lotNumber && !lots.some((lot) => lot.productId === product.id && lot.lotNumber === lotNumber)) {
      errors.add(at('lotNumber'), `Lot "${lotNumber}" does not exist for product ${product.sku}.`);
    }
    if (!product || line.quantity == null) return [];
    const unitCost = line.unitCost ?? null;
    const lineTotal = unitCost ? roundToCurrency(line.quantity.mul(unitCost), currency) : ZERO;
    return [{ position: index + 1, productId: product.id, quantity: line.quantity, lotNumber, unitCost, lineTotal }];
  });
}

async function writeLines(tx: TenantTx, returnId: number, lines: LineRow[]): Promise<void> {
  // createMany: the tenant client stamps the company on top-level writes, not on nested creates.
  await tx.vendorReturnLine.deleteMany({ where: { vendorReturnId: returnId } });
  await tx.vendorReturnLine.createMany({ data: lines.map((line) => ({ ...line, vendorReturnId: returnId })) as Prisma.VendorReturnLineCreateManyInput[] });
}
