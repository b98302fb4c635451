// Conversion rules: "1 converted unit = conversionFactor base units". A SYSTEM rule (no product) holds a
// unit's factor to the base unit of its class; a PRODUCT rule overrides it for one product, optionally
// naming alternate SKUs of that product it applies to. Every rule is expressed relative to the class's
// base unit, so factors never chain and the base can be changed by re-expressing them (rebase.ts).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { lockUnitClasses } from './class-lock.js';
import { checkGivenFactor } from './factors.js';
import { describeUsage, measuresQuantities, unitUsage } from './usage.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export type ConversionRuleType = 'SYSTEM' | 'PRODUCT';

export interface ConversionRuleCreateInput {
  baseUnitOfMeasureId: number;
  convertedUnitOfMeasureId: number;
  conversionFactor: Decimal;
  productId?: number | null;
  productAlternateSkuIds?: number[] | null;
}

export interface ConversionRuleUpdateInput {
  conversionFactor?: Decimal | null;
  productAlternateSkuIds?: number[] | null;
}

export interface ConversionRuleListArgs extends PageArgs {
  sort?: string | null;
  productId?: number | null;
  /** Rules converting a unit of this class. */
  unitClassId?: number | null;
  type?: ConversionRuleType | null;
}

export type ConversionRuleQuery = PassThroughQuery;

const SORTABLE = { id: 'id', conversion_factor: 'conversionFactor', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listConversionRules(db: TenantDb, args: ConversionRuleListArgs, query: ConversionRuleQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.UnitConversionRuleWhereInput = {};
  if (args.productId !== undefined && args.productId !== null) where.productId = args.productId;
  if (args.unitClassId !== undefined && args.unitClassId !== null) where.convertedUnitOfMeasure = { unitClassId: args.unitClassId };
  if (args.type) where.type = args.type;
  return listPage(db, 'unitConversionRule', query, { where, orderBy, window });
}

export async function getConversionRule(db: TenantDb | TenantTx, id: number, query: ConversionRuleQuery = {}) {
  const rule = await db.unitConversionRule.findUnique({ ...query, where: byId(id) });
  if (!rule) throw new NotFoundError('Unit conversion rule', id);
  return rule;
}

export async function createConversionRule(db: TenantDb, input: ConversionRuleCreateInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const factor = checkGivenFactor(input.conversionFactor, 'conversionFactor', errors);
    const base = await findUnit(tx, input.baseUnitOfMeasureId, 'baseUnitOfMeasureId', errors);
    const converted = await findUnit(tx, input.convertedUnitOfMeasureId, 'convertedUnitOfMeasureId', errors);
    if (converted) await lockUnitClasses(tx, converted.unitClassId);
    const productId = input.productId ?? null;
    if (productId !== null && !(await tx.product.findUnique({ where: byId(productId), select: { id: true } }))) {
      errors.add('productId', `The selected product ${productId} does not exist.`);
    }
    if (base && converted) await checkUnitPair(tx, base, converted, productId, errors);
    const skuIds = await checkAlternateSkus(tx, input.productAlternateSkuIds, productId, errors);
    errors.throwIfAny();

    const created = await tx.unitConversionRule.create({
      data: {
        type: productId === null ? 'SYSTEM' : 'PRODUCT',
        productId,
        baseUnitOfMeasureId: base!.id,
        convertedUnitOfMeasureId: converted!.id,
        conversionFactor: factor!,
        alternateSkuLinks: { create: skuIds.map((alternateSkuId) => ({ alternateSkuId })) },
      } as Prisma.UnitConversionRuleUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.unitConversionRule.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateConversionRule(db: TenantDb, id: number, input: ConversionRuleUpdateInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const rule = await getConversionRule(tx, id);
    const errors = new FieldErrorCollector();
    const factor = input.conversionFactor != null ? checkGivenFactor(input.conversionFactor, 'conversionFactor', errors) : null;
    const skuIds = await checkAlternateSkus(tx, input.productAlternateSkuIds, rule.productId, errors);
    errors.throwIfAny();
    const data: Prisma.UnitConversionRuleUncheckedUpdateInput = {};
    if (factor) data.conversionFactor = factor;
    if (input.productAlternateSkuIds != null) {
      data.alternateSkuLinks = { deleteMany: {}, create: skuIds.map((alternateSkuId) => ({ alternateSkuId })) };
    }
    await tx.unitConversionRule.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.unitConversionRule.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** A unit that products, kits or BOMs measure in keeps its system factor: those quantities need it. */
export async function deleteConversionRule(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getConversionRule(tx, id);
    const rule = await tx.unitConversionRule.findUniqueOrThrow({
      where: byId(id),
      select: { type: true, convertedUnitOfMeasureId: true, convertedUnitOfMeasure: { select: { name: true } } },
    });
    if (rule.type === 'SYSTEM') {
      const usage = await unitUsage(tx, rule.convertedUnitOfMeasureId);
      if (measuresQuantities(usage)) {
        throw new ValidationError({
          id: [
            `The unit of measure "${rule.convertedUnitOfMeasure.name}" is in use (${describeUsage(usage, ['products', 'kitItems', 'bomItems', 'orderLines'])}); its conversion to the base unit cannot be deleted.`,
          ],
        });
      }
    }
    const shown = await readAnswer(tx, id, query, (q) => tx.unitConversionRule.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.unitConversionRule.delete({ where: byId(id) });
    return shown;
  });
}

interface UnitRow {
  id: number;
  name: string;
  unitClassId: number;
  baseUnit: boolean;
}

async function findUnit(tx: TenantTx, id: number, field: string, errors: FieldErrorCollector): Promise<UnitRow | null> {
  const unit = await tx.unitOfMeasure.findUnique({ where: byId(id), select: { id: true, name: true, unitClassId: true, baseUnit: true } });
  if (!unit) errors.add(field, `The selected unit of measure ${id} does not exist.`);
  return unit;
}

async function checkUnitPair(tx: TenantTx, base: UnitRow, converted: UnitRow, productId: number | null, errors: FieldErrorCollector): Promise<void> {
  if (base.unitClassId !== converted.unitClassId) {
    errors.add('convertedUnitOfMeasureId', `The units "${base.name}" and "${converted.name}" belong to different unit classes.`);
    return;
  }
  if (!base.baseUnit) {
    errors.add('baseUnitOfMeasureId', `The base unit of measure must be the base unit of the class; "${base.name}" is not.`);
  }
  if (converted.baseUnit) {
    errors.add('convertedUnitOfMeasureId', `"${converted.name}" is the base unit of its class: its factor is always 1 and takes no rule.`);
    return;
  }
  const existing = await tx.unitConversionRule.findFirst({
    where: { convertedUnitOfMeasureId: converted.id, status: 'active', ...(productId === null ? { type: 'SYSTEM' } : { type: 'PRODUCT', productId }) },
    select: { id: true },
  });
  if (existing) {
    errors.add(
      'convertedUnitOfMeasureId',
      productId === null
        ? `The unit "${converted.name}" already has a system conversion rule (${existing.id}); update or delete it instead.`
        : `The product already has a conversion rule for "${converted.name}" (${existing.id}); update or delete it instead.`,
    );
  }
}

/** The alternate SKU ids to link, each checked to be an alternate SKU of the rule's product. */
async function checkAlternateSkus(
  tx: TenantTx,
  ids: number[] | null | undefined,
  productId: number | null,
  errors: FieldErrorCollector,
): Promise<number[]> {
  if (!ids || ids.length === 0) return [];
  if (productId === null) {
    errors.add('productAlternateSkuIds', 'Alternate SKUs can be linked only to a product conversion rule (give a product id).');
    return [];
  }
  const found = await tx.productAlternateSku.findMany({ where: { id: { in: ids } }, select: { id: true, productId: true } });
  ids.forEach((id, index) => {
    const sku = found.find((s) => s.id === id);
    if (!sku) errors.add(`productAlternateSkuIds.${index}`, `The selected alternate SKU ${id} does not exist.`);
    else if (sku.productId !== productId) errors.add(`productAlternateSkuIds.${index}`, `The alternate SKU ${id} belongs to another product.`);
  });
  return [...new Set(ids)];
}
