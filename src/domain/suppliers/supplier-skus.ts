// Supplier SKUs: what one supplier calls one of our products, and on what terms it sells it (cost,
// currency, minimum order quantity, order multiple, lead time). Purchasing reads them. The supplier's
// code is unique per supplier.
import { Prisma } from '../../generated/prisma/client.js';
import { ACTIVE } from '../products/index.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDecimal, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface SupplierSkuInput {
  supplierId?: number | null;
  productId?: number | null;
  supplierSku?: string | null;
  cost?: Decimal | null;
  currency?: string | null;
  minOrderQuantity?: Decimal | null;
  orderMultiple?: Decimal | null;
  leadTimeDays?: number | null;
}

export interface SupplierSkuListArgs extends PageArgs {
  sort?: string | null;
  supplierId?: number | null;
  productId?: number | null;
}

export type SupplierSkuQuery = PassThroughQuery;

const SORTABLE = {
  id: 'id',
  supplier_sku: 'supplierSku',
  cost: 'cost',
  lead_time_days: 'leadTimeDays',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

export async function listSupplierSkus(db: TenantDb, args: SupplierSkuListArgs, query: SupplierSkuQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.SupplierSkuWhereInput = {};
  if (args.supplierId !== undefined && args.supplierId !== null) where.supplierId = args.supplierId;
  if (args.productId !== undefined && args.productId !== null) where.productId = args.productId;
  return listPage(db, 'supplierSku', query, { where, orderBy, window });
}

export async function getSupplierSku(db: TenantDb | TenantTx, id: number, query: SupplierSkuQuery = {}) {
  const row = await db.supplierSku.findUnique({ ...query, where: byId(id) });
  if (!row) throw new NotFoundError('Supplier SKU', id);
  return row;
}

export async function createSupplierSku(db: TenantDb, input: SupplierSkuInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.supplierId === undefined || input.supplierId === null) errors.add('supplierId', 'The supplier id field is required.');
    if (input.productId === undefined || input.productId === null) errors.add('productId', 'The product id field is required.');
    const supplier = await checkSupplierSkuInput(tx, null, input, errors, true);
    errors.throwIfAny();
    // Without a currency of its own, the SKU is priced in the supplier's currency.
    const currency = input.currency === undefined ? supplier?.currency ?? null : input.currency;
    const created = await writeUnique(() =>
      tx.supplierSku.create({ data: { ...supplierSkuData(input), currency } as Prisma.SupplierSkuUncheckedCreateInput }),
    );
    return readAnswer(tx, created.id, query, (q) => tx.supplierSku.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateSupplierSku(db: TenantDb, id: number, input: SupplierSkuInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const current = await getSupplierSku(tx, id);
    const errors = new FieldErrorCollector();
    if (input.supplierId === null) errors.add('supplierId', 'The supplier id may not be null.');
    if (input.productId === null) errors.add('productId', 'The product id may not be null.');
    await checkSupplierSkuInput(tx, current, input, errors, false);
    errors.throwIfAny();
    await writeUnique(() => tx.supplierSku.update({ where: byId(id), data: supplierSkuData(input) }));
    return readAnswer(tx, id, query, (q) => tx.supplierSku.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteSupplierSku(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getSupplierSku(tx, id, { select: { id: true } });
    const row = await readAnswer(tx, id, query, (q) => tx.supplierSku.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.supplierSku.delete({ where: byId(id) });
    return row;
  });
}

/** Checks every given field; returns the supplier the SKU will belong to (null when it does not exist). */
async function checkSupplierSkuInput(
  tx: TenantTx,
  current: { id: number; supplierId: number; supplierSku: string } | null,
  input: SupplierSkuInput,
  errors: FieldErrorCollector,
  creating: boolean,
): Promise<{ id: number; currency: string | null } | null> {
  checkRequiredText(errors, 'supplierSku', input.supplierSku, creating);
  checkMaxLength(errors, 'supplierSku', input.supplierSku, 255);
  checkCurrencyCode(errors, 'currency', input.currency);
  checkDecimal(errors, 'cost', input.cost, { min: 0 });
  checkDecimal(errors, 'minOrderQuantity', input.minOrderQuantity, { min: 0 });
  checkDecimal(errors, 'orderMultiple', input.orderMultiple, { min: 0, minExclusive: true });
  if (typeof input.leadTimeDays === 'number' && (!Number.isInteger(input.leadTimeDays) || input.leadTimeDays < 0)) {
    errors.add('leadTimeDays', 'The lead time days must be a whole number of at least 0.');
  }

  let supplier: { id: number; currency: string | null } | null = null;
  const supplierId = input.supplierId ?? current?.supplierId;
  if (typeof input.supplierId === 'number') {
    supplier = await tx.supplier.findUnique({ where: byId(input.supplierId), select: { id: true, currency: true } });
    if (!supplier) errors.add('supplierId', `The selected supplier ${input.supplierId} does not exist.`);
  }
  if (typeof input.productId === 'number') {
    // A deactivated product is gone from the API: it cannot be given a new supplier SKU.
    const product = await tx.product.findFirst({ where: { id: input.productId, status: ACTIVE }, select: { id: true } });
    if (!product) errors.add('productId', `The selected product ${input.productId} does not exist.`);
  }

  // The code must stay unique within the supplier the row ends up under.
  const code = typeof input.supplierSku === 'string' ? input.supplierSku.trim() : current?.supplierSku;
  const codeOrSupplierChanged = input.supplierSku !== undefined || input.supplierId !== undefined;
  if (code && supplierId && codeOrSupplierChanged && !errors.errors.supplierId) {
    const clash = await tx.supplierSku.findFirst({
      where: { supplierId, supplierSku: code, ...(current ? { NOT: { id: current.id } } : {}) },
      select: { id: true },
    });
    if (clash) errors.add('supplierSku', `The supplier already has a supplier SKU "${code}" (id ${clash.id}).`);
  }
  return supplier;
}

function supplierSkuData(input: SupplierSkuInput): Prisma.SupplierSkuUncheckedUpdateInput {
  const data: Prisma.SupplierSkuUncheckedUpdateInput = {};
  if (typeof input.supplierId === 'number') data.supplierId = input.supplierId;
  if (typeof input.productId === 'number') data.productId = input.productId;
  if (typeof input.supplierSku === 'string') data.supplierSku = input.supplierSku.trim();
  if (input.cost !== undefined) data.cost = input.cost;
  if (input.currency !== undefined) data.currency = input.currency;
  if (input.minOrderQuantity !== undefined) data.minOrderQuantity = input.minOrderQuantity;
  if (input.orderMultiple !== undefined) data.orderMultiple = input.orderMultiple;
  if (input.leadTimeDays !== undefined) data.leadTimeDays = input.leadTimeDays;
  return data;
}

/** Two concurrent writes can pass the clash check together; the unique index then decides, with a 422. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ supplierSku: ['The supplier already has a supplier SKU with this code.'] });
    }
    throw error;
  }
}
