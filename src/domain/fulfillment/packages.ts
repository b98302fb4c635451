// Packages of a shipment: nested (a pallet of cartons of inner packs), each with an SSCC, dimensions, weight
// and tracking, holding items of the order's lines with their lot, serial and expiration data. The request's
// tree is flattened and written level by level in one transaction, the order claimed like every change of a
// shipment (a locked channel refuses it).
//
// Rules:
// - SSCC: 18 digits with a valid GS1 check digit, unique in the company (within the request too). Absent: the
//   service assigns extension digit 0 + the company's gs1_company_prefix + the next serial of the company's
//   'sscc' sequence + the check digit; without a prefix the package's sscc is refused.
// - Items: order_item_id is a line of the order; quantity is in the order line's unit. Per line, what all the
//   packages of the shipment hold (stored ones too) may not exceed what the shipment carries of the line: its
//   shipment lines (base units of the product) in the line's unit (× line.quantity / line.baseQuantity). A kit
//   line's shipment lines are its components: the shipment carries as many kits as its scarcest component
//   makes (min over components of shipped ÷ per-kit quantity).
// - Depth: packages nest at most MAX_PACKAGE_DEPTH levels (the REST response selects that deep).
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { readAnswers, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { kitComponents, claimOrder } from '../sales/index.js';
import { recordEvent } from '../events/index.js';
import { snakeCase } from '../shared/field-names.js';
import { shipmentEvent } from './shipment-events.js';
import { currentCompany } from '../tenancy/index.js';
import { buildSscc, maxSsccSerial, ssccProblem, ssccText } from './sscc.js';

/** Levels of packages in one tree: a top-level package and up to seven levels of children. */
export const MAX_PACKAGE_DEPTH = 8;
export const SSCC_SEQUENCE_KIND = 'sscc';
/** Orders whose shipments may be packed. */
const PACKABLE_ORDER_STATUSES = ['confirmed', 'partially_shipped', 'shipped'];
/** NUMERIC(12, 4): dimensions and weights. */
const MEASURE = { scale: 4, precision: 12, min: 0 } as const;

export interface PackageItemInput {
  orderItemId?: number | null;
  lineItemKey?: string | null;
  sku?: string | null;
  internalSku?: string | null;
  upc?: string | null;
  quantity?: Decimal | null;
  description?: string | null;
  lotNumber?: string | null;
  serialNumber?: string | null;
  expirationDate?: string | null;
  weightLb?: Decimal | null;
}

export interface PackageInput {
  /** A digit string, or a JSON number (see ssccText); any JSON value reaches here and is checked. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  sscc?: {} | null;
  tracking?: string | null;
  packageQuantity?: number | null;
  packageType?: string | null;
  packingType?: string | null;
  lengthIn?: Decimal | null;
  widthIn?: Decimal | null;
  heightIn?: Decimal | null;
  weightLb?: Decimal | null;
  containedItems?: PackageItemInput[] | null;
  childPackages?: PackageInput[] | null;
}

export interface ShipmentPackagesInput {
  packages?: PackageInput[] | null;
  billOfLadingNumber?: string | null;
  proNumber?: string | null;
  partnerReferenceNumber?: string | null;
  trailerNumber?: string | null;
  carrierAlphaCode?: string | null;
}

const SHIPMENT_FIELDS = [
  ['billOfLadingNumber', 64],
  ['proNumber', 64],
  ['partnerReferenceNumber', 64],
  ['trailerNumber', 64],
  ['carrierAlphaCode', 10],
] as const;

/** One package of the request, flattened: its path, level and parent (an index into the flat list). */
interface FlatPackage {
  input: PackageInput;
  path: string;
  depth: number;
  parent: number | null;
  position: number;
  sscc: string | null;
}

/** Depth-first, in request order: packages.0, packages.0.childPackages.0, …, packages.1. */
export function flattenPackages(packages: PackageInput[]): FlatPackage[] {
  const flat: FlatPackage[] = [];
  const walk = (list: PackageInput[], prefix: string, depth: number, parent: number | null) => {
    list.forEach((input, position) => {
      const index = flat.length;
      flat.push({ input, path: `${prefix}.${position}`, depth, parent, position, sscc: null });
      if (input.childPackages?.length) walk(input.childPackages, `${prefix}.${position}.childPackages`, depth + 1, index);
    });
  };
  walk(packages, 'packages', 0, null);
  return flat;
}

/** The order packages are read in, at every level: as they were packed (position within their parent), then by id. */
export const PACKING_ORDER = [{ position: 'asc' }, { id: 'asc' }] as const satisfies Prisma.ShipmentPackageOrderByWithRelationInput[];

export async function getShipmentPackages(db: TenantDb, shipmentId: number, query: PassThroughQuery = {}) {
  if (!(await db.shipment.findUnique({ where: byId(shipmentId), select: { id: true } }))) throw new NotFoundError('Shipment', shipmentId);
  return db.shipmentPackage.findMany({ ...query, where: { shipmentId, parentPackageId: null }, orderBy: [...PACKING_ORDER] });
}

export async function createShipmentPackages(db: TenantDb, salesOrderId: number, shipmentId: number, input: ShipmentPackagesInput, query: AnswerQuery = {}) {
  const flat = flattenPackages(input.packages ?? []);
  try {
    return await db.$transaction((tx) => writePackages(tx, salesOrderId, shipmentId, input, flat, query));
  } catch (error) {
    // A concurrent request stored one of these SSCCs between the check and the insert.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const ssccs = flat.map((p) => p.sscc).filter((s): s is string => s != null);
      const taken = await db.shipmentPackage.findMany({ where: { sscc: { in: ssccs } }, select: { sscc: true } });
      const errors = new FieldErrorCollector();
      for (const p of flat) if (p.sscc && taken.some((t) => t.sscc === p.sscc)) errors.add(`${p.path}.sscc`, `SSCC ${p.sscc} is already used by another package.`);
      if (errors.empty) errors.add('packages', 'An SSCC of these packages was taken meanwhile; send the request again.');
      throw new ValidationError(errors.errors);
    }
    throw error;
  }
}

async function writePackages(tx: TenantTx, salesOrderId: number, shipmentId: number, input: ShipmentPackagesInput, flat: FlatPackage[], query: AnswerQuery) {
  const shipment = await tx.shipment.findUnique({ where: byId(shipmentId), include: { lines: true } });
  if (!shipment || shipment.salesOrderId !== salesOrderId) throw new NotFoundError('Shipment', shipmentId);
  const order = await claimOrder(tx, salesOrderId, PACKABLE_ORDER_STATUSES, 'packed');
  if (shipment.status === 'void') throw new ValidationError({ status: [`Shipment ${shipmentId} is void; a void shipment takes no packages.`] });

  const errors = new FieldErrorCollector();
  if (!input.packages || input.packages.length === 0) errors.add('packages', 'The packages field must hold at least one package.');
  for (const [field, max] of SHIPMENT_FIELDS) checkMaxLength(errors, field, input[field], max);

  // Packages: fields, depth and the SSCCs given.
  const given = new Map<string, string>();
  for (const p of flat) {
    const at = (field: string) => `${p.path}.${field}`;
    const pkg = p.input;
    if (p.depth >= MAX_PACKAGE_DEPTH) errors.add(p.path, `Packages nest at most ${MAX_PACKAGE_DEPTH} levels deep.`);
    checkMaxLength(errors, at('tracking'), pkg.tracking, 255);
    checkMaxLength(errors, at('packageType'), pkg.packageType, 64);
    checkMaxLength(errors, at('packingType'), pkg.packingType, 64);
    if (pkg.packageQuantity != null && pkg.packageQuantity < 1) errors.add(at('packageQuantity'), 'The package quantity must be at least 1.');
    for (const field of ['lengthIn', 'widthIn', 'heightIn', 'weightLb'] as const) checkDecimal(errors, at(field), pkg[field], MEASURE);
    if (pkg.sscc == null) continue;
    const sscc = ssccText(pkg.sscc);
    const problem = ssccProblem(sscc);
    if (problem) {
      errors.add(at('sscc'), problem);
      continue;
    }
    const first = given.get(sscc);
    if (first) errors.add(at('sscc'), `SSCC ${sscc} is given twice in this request (also at ${first}).`);
    else given.set(sscc, at('sscc'));
    p.sscc = sscc;
  }
  const stored = given.size ? await tx.shipmentPackage.findMany({ where: { sscc: { in: [...given.keys()] } }, select: { sscc: true, shipmentId: true } }) : [];
  for (const row of stored) errors.add(given.get(row.sscc)!, `SSCC ${row.sscc} is already used by a package of shipment ${row.shipmentId}.`);

  // Items: lines of the order, and no more per line than the shipment carries of it.
  const lineById = new Map(order.lines.map((line) => [line.id, line]));
  const items: Array<{ flatIndex: number; path: string; input: PackageItemInput; line: (typeof order.lines)[number] }> = [];
  flat.forEach((p, flatIndex) => {
    (p.input.containedItems ?? []).forEach((item, k) => {
      const path = `${p.path}.containedItems.${k}`;
      const at = (field: string) => `${path}.${field}`;
      const line = item.orderItemId == null ? undefined : lineById.get(item.orderItemId);
      if (item.orderItemId == null) errors.add(at('orderItemId'), 'The order item id field is required.');
      else if (!line) errors.add(at('orderItemId'), `Line ${item.orderItemId} is not a line of sales order ${order.orderNumber}.`);
      if (item.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
      else checkDecimal(errors, at('quantity'), item.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
      for (const field of ['lineItemKey', 'sku', 'internalSku', 'description', 'lotNumber', 'serialNumber'] as const) checkMaxLength(errors, at(field), item[field], 255);
      checkMaxLength(errors, at('upc'), item.upc, 64);
      if (item.expirationDate != null) checkDateOnly(errors, at('expirationDate'), item.expirationDate);
      checkDecimal(errors, at('weightLb'), item.weightLb, MEASURE);
      if (line) items.push({ flatIndex, path, input: item, line });
    });
  });
  if (items.length > 0) await checkPackedQuantities(tx, shipment, items, errors);
  errors.throwIfAny();

  // SSCCs to assign: the company prefix and the next serials of the 'sscc' sequence.
  const missing = flat.filter((p) => p.sscc == null);
  if (missing.length > 0) {
    const company = await currentCompany(tx);
    const prefix = company.gs1CompanyPrefix;
    if (!prefix) {
      for (const p of missing) errors.add(`${p.path}.sscc`, 'Give an SSCC, or set the company’s gs1_company_prefix (PATCH /company) so the service assigns one.');
      errors.throwIfAny();
    }
    const last = await reserveSerials(tx, missing.length);
    const first = last - missing.length + 1;
    if (last > maxSsccSerial(prefix!)) {
      for (const p of missing) errors.add(`${p.path}.sscc`, `The SSCC serials of company prefix ${prefix} are used up (at most ${maxSsccSerial(prefix!)}); give SSCCs.`);
      errors.throwIfAny();
    }
    missing.forEach((p, i) => (p.sscc = buildSscc(prefix!, first + i)));
    const clash = await tx.shipmentPackage.findMany({ where: { sscc: { in: missing.map((p) => p.sscc!) } }, select: { sscc: true } });
    for (const p of missing) if (clash.some((c) => c.sscc === p.sscc)) errors.add(`${p.path}.sscc`, `The next SSCC, ${p.sscc}, is already used by a package; give SSCCs.`);
    errors.throwIfAny();
  }

  const shipmentData: Record<string, string | null> = {};
  for (const [field] of SHIPMENT_FIELDS) if (input[field] !== undefined) shipmentData[field] = input[field]?.trim() || null;
  if (Object.keys(shipmentData).length > 0) await tx.shipment.update({ where: byId(shipmentId), data: shipmentData });

  // Level by level: a level's parents exist before it.
  const positionBase = await tx.shipmentPackage.count({ where: { shipmentId, parentPackageId: null } });
  const ids = new Array<number>(flat.length);
  const depth = Math.max(...flat.map((p) => p.depth));
  for (let level = 0; level <= depth; level++) {
    const rows = flat.map((p, index) => ({ p, index })).filter(({ p }) => p.depth === level);
    const created = await tx.shipmentPackage.createManyAndReturn({
      data: rows.map(({ p }) => ({
        shipmentId,
        parentPackageId: p.parent == null ? null : ids[p.parent],
        sscc: p.sscc!,
        tracking: p.input.tracking ?? null,
        packageQuantity: p.input.packageQuantity ?? 1,
        packageType: p.input.packageType ?? null,
        packingType: p.input.packingType ?? null,
        lengthIn: p.input.lengthIn ?? null,
        widthIn: p.input.widthIn ?? null,
        heightIn: p.input.heightIn ?? null,
        weightLb: p.input.weightLb ?? null,
        position: p.parent == null ? positionBase + p.position : p.position,
      })) as Prisma.ShipmentPackageCreateManyInput[],
      select: { id: true, sscc: true },
    });
    const idBySscc = new Map(created.map((row) => [row.sscc, row.id]));
    for (const { p, index } of rows) ids[index] = idBySscc.get(p.sscc!)!;
  }

  if (items.length > 0) {
    const products = await tx.product.findMany({ where: { id: { in: [...new Set(items.map((i) => i.line.productId))] } }, select: { id: true, sku: true, upc: true, name: true } });
    await tx.packageItem.createMany({
      data: items.map(({ flatIndex, input: item, line }) => {
        const product = products.find((p) => p.id === line.productId);
        return {
          packageId: ids[flatIndex],
          salesOrderLineId: line.id,
          lineItemKey: item.lineItemKey ?? null,
          sku: item.sku ?? product?.sku ?? null,
          internalSku: item.internalSku ?? product?.sku ?? null,
          upc: item.upc ?? product?.upc ?? null,
          quantity: item.quantity!,
          description: item.description ?? product?.name.slice(0, 255) ?? null,
          lotNumber: item.lotNumber ?? null,
          serialNumber: item.serialNumber ?? null,
          expirationDate: item.expirationDate ? new Date(`${item.expirationDate}T00:00:00.000Z`) : null,
          weightLb: item.weightLb ?? null,
        };
      }) as Prisma.PackageItemCreateManyInput[],
    });
  }

  await recordEvent(tx, shipmentEvent('shipment.updated', shipment, { changed: ['packages', ...Object.keys(shipmentData).map(snakeCase)] }));
  // The top-level packages created, in packing order (their positions follow the request's order).
  const topIds = flat.flatMap((p, index) => (p.parent == null ? [ids[index]!] : []));
  return readAnswers(tx, topIds, query, (q) => tx.shipmentPackage.findMany({ ...q, where: { id: { in: topIds } }, orderBy: [...PACKING_ORDER] }));
}

/** Bumps the company's 'sscc' sequence by `count` and answers the last serial reserved. */
async function reserveSerials(tx: TenantTx, count: number): Promise<number> {
  let bumped = await tx.documentSequence.updateManyAndReturn({ where: { kind: SSCC_SEQUENCE_KIND }, data: { lastValue: { increment: count } } });
  if (bumped.length === 0) {
    await tx.documentSequence.createMany({ data: [{ kind: SSCC_SEQUENCE_KIND, lastValue: 0 } as any], skipDuplicates: true });
    bumped = await tx.documentSequence.updateManyAndReturn({ where: { kind: SSCC_SEQUENCE_KIND }, data: { lastValue: { increment: count } } });
  }
  return bumped[0]!.lastValue;
}

type ShipmentWithLines = Prisma.ShipmentGetPayload<{ include: { lines: true } }>;

/**
 * Per order line: the stored items of the shipment's packages plus the new ones may not exceed what the
 * shipment carries of the line, in the line's unit. The error names the item whose quantity goes over.
 */
async function checkPackedQuantities(
  tx: TenantTx,
  shipment: ShipmentWithLines,
  items: Array<{ path: string; input: PackageItemInput; line: { id: number; productId: number; quantity: Decimal; baseQuantity: Decimal } }>,
  errors: FieldErrorCollector,
): Promise<void> {
  const lines = [...new Map(items.map((i) => [i.line.id, i.line])).values()];
  const [kits, packed] = await Promise.all([
    kitComponents(tx, lines.map((l) => l.productId)),
    tx.packageItem.groupBy({ by: ['salesOrderLineId'], where: { package: { shipmentId: shipment.id }, salesOrderLineId: { in: lines.map((l) => l.id) } }, _sum: { quantity: true } }),
  ]);
  const capacity = new Map<number, Decimal>();
  for (const line of lines) {
    const shipped = (productId: number) => shipment.lines.filter((s) => s.salesOrderLineId === line.id && s.productId === productId).reduce((sum, s) => sum.plus(s.quantity), ZERO);
    const components = kits.get(line.productId);
    const base = components?.length
      ? Decimal.min(...components.map((c) => shipped(c.productId).div(c.perUnit)))
      : shipped(line.productId);
    capacity.set(line.id, line.baseQuantity.isZero() ? ZERO : base.mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(LEDGER_DECIMAL.scale));
  }
  const running = new Map<number, Decimal>(lines.map((l) => [l.id, new Decimal(packed.find((p) => p.salesOrderLineId === l.id)?._sum.quantity ?? 0)]));
  for (const item of items) {
    if (item.input.quantity == null) continue;
    const before = running.get(item.line.id)!;
    const after = before.plus(item.input.quantity);
    running.set(item.line.id, after);
    const carried = capacity.get(item.line.id)!;
    if (after.gt(carried)) {
      errors.add(
        `${item.path}.quantity`,
        `The shipment carries ${carried.toString()} of line ${item.line.id} (in the line's unit); its packages would hold ${after.toString()}.`,
      );
    }
  }
}
