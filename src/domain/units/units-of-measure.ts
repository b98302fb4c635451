// Units of measure. The first unit of a class becomes its base; any other unit may be given its factor to
// the base (`conversionFactor`), which is kept as the unit's SYSTEM conversion rule. Making a unit the base
// re-expresses every factor of the class (rebase.ts).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { lockUnitClasses } from './class-lock.js';
import { checkGivenFactor } from './factors.js';
import { checkName } from './names.js';
import { makeBaseUnit } from './rebase.js';
import { describeUsage, isInUse, unitUsage } from './usage.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface UnitOfMeasureInput {
  unitClassId?: number | null;
  name?: string | null;
  description?: string | null;
  baseUnit?: boolean | null;
  /** 1 unit = conversionFactor base units of its class. */
  conversionFactor?: Decimal | null;
}

export interface UnitOfMeasureListArgs extends PageArgs {
  sort?: string | null;
  unitClassId?: number | null;
  /** Case-insensitive part of the name. */
  q?: string | null;
}

export type UnitOfMeasureQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', unit_class_id: 'unitClassId', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listUnitsOfMeasure(db: TenantDb, args: UnitOfMeasureListArgs, query: UnitOfMeasureQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.UnitOfMeasureWhereInput = {};
  if (args.unitClassId !== undefined && args.unitClassId !== null) where.unitClassId = args.unitClassId;
  if (args.q) where.name = { contains: args.q, mode: 'insensitive' };
  return listPage(db, 'unitOfMeasure', query, { where, orderBy, window });
}

export async function getUnitOfMeasure(db: TenantDb | TenantTx, id: number, query: UnitOfMeasureQuery = {}) {
  const unit = await db.unitOfMeasure.findUnique({ ...query, where: byId(id) });
  if (!unit) throw new NotFoundError('Unit of measure', id);
  return unit;
}

export async function createUnitOfMeasure(db: TenantDb, input: UnitOfMeasureInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const name = checkName(input.name, true, errors);
    const classId = await checkClass(tx, input.unitClassId, true, errors);
    if (classId !== undefined && !(await lockUnitClasses(tx, classId))) {
      throw new ValidationError({ unitClassId: [`The selected unit class ${classId} does not exist.`] }); // deleted meanwhile
    }
    const factor = given(input.conversionFactor) ? checkGivenFactor(input.conversionFactor, 'conversionFactor', errors) : null;
    if (name !== undefined && classId !== undefined) await checkNameFree(tx, null, classId, name, errors);
    const classHasUnits = classId !== undefined && (await tx.unitOfMeasure.count({ where: { unitClassId: classId } })) > 0;
    if (classId !== undefined && !classHasUnits && given(input.conversionFactor)) {
      errors.add('conversionFactor', 'The first unit of a class is its base unit and takes no conversion factor.');
    }
    if (classHasUnits && input.baseUnit === true && !given(input.conversionFactor)) {
      errors.add('conversionFactor', 'A new unit can become the base of a class that has units only with its conversion factor to the current base.');
    }
    errors.throwIfAny();

    const created = await tx.unitOfMeasure.create({
      data: { unitClassId: classId!, name: name!, description: input.description ?? null, baseUnit: !classHasUnits } as Prisma.UnitOfMeasureUncheckedCreateInput,
    });
    if (factor) await setSystemFactor(tx, created.id, classId!, factor);
    if (input.baseUnit === true && classHasUnits) await makeBaseUnit(tx, created.id, 'baseUnit');
    return readAnswer(tx, created.id, query, (q) => tx.unitOfMeasure.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateUnitOfMeasure(db: TenantDb, id: number, input: UnitOfMeasureInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const before = await getUnitOfMeasure(tx, id);
    const errors = new FieldErrorCollector();
    const name = checkName(input.name, false, errors);
    const requested = await checkClass(tx, input.unitClassId, false, errors);
    await lockUnitClasses(tx, before.unitClassId, requested ?? before.unitClassId);
    const unit = await getUnitOfMeasure(tx, id); // as it is once no other command changes its class
    const classId = requested ?? unit.unitClassId;
    const moves = classId !== unit.unitClassId;
    const factor = given(input.conversionFactor) ? checkGivenFactor(input.conversionFactor, 'conversionFactor', errors) : null;
    if (name !== undefined || moves) await checkNameFree(tx, id, classId, name ?? unit.name, errors);
    if (input.baseUnit === false && unit.baseUnit && !moves) {
      errors.add('baseUnit', 'A class always has a base unit: make another unit the base instead.');
    }
    const targetHasUnits = (await tx.unitOfMeasure.count({ where: { unitClassId: classId, NOT: { id } } })) > 0;
    if (given(input.conversionFactor) && (moves ? !targetHasUnits : unit.baseUnit)) {
      errors.add('conversionFactor', 'The base unit of a class takes no conversion factor: its factor is always 1.');
    }
    if (moves) await checkMovable(tx, unit, errors);
    errors.throwIfAny();

    const data: Prisma.UnitOfMeasureUncheckedUpdateInput = {};
    if (name !== undefined) data.name = name;
    if (input.description !== undefined) data.description = input.description;
    if (moves) {
      // Its factor was relative to the old class's base: it means nothing in the new class.
      await tx.unitConversionRule.deleteMany({ where: { convertedUnitOfMeasureId: id, type: 'SYSTEM' } });
      data.unitClassId = classId;
      data.baseUnit = !targetHasUnits;
    }
    await tx.unitOfMeasure.update({ where: byId(id), data });
    if (factor) await setSystemFactor(tx, id, classId, factor);
    if (input.baseUnit === true) await makeBaseUnit(tx, id, 'baseUnit');
    return readAnswer(tx, id, query, (q) => tx.unitOfMeasure.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteUnitOfMeasure(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const current = await getUnitOfMeasure(tx, id);
    // The answer is the unit as it was, before the lock stamps its class and its system conversion goes.
    const unit = await readAnswer(tx, id, query, (q) => tx.unitOfMeasure.findUniqueOrThrow({ ...q, where: byId(id) }));
    await lockUnitClasses(tx, current.unitClassId);
    const errors = new FieldErrorCollector();
    await checkMovable(tx, current, errors, 'deleted');
    errors.throwIfAny();
    await tx.unitConversionRule.deleteMany({ where: { convertedUnitOfMeasureId: id, type: 'SYSTEM' } });
    await tx.unitOfMeasure.delete({ where: byId(id) });
    return unit;
  });
}

/**
 * A unit may leave its class (deleted, or moved to another class) only when nothing relies on its place in
 * it: it is not the base of other units, and no quantity or other rule is expressed in it.
 */
async function checkMovable(
  tx: TenantTx,
  unit: { id: number; name: string; unitClassId: number; baseUnit: boolean },
  errors: FieldErrorCollector,
  verb: 'deleted' | 'moved to another class' = 'moved to another class',
): Promise<void> {
  const field = verb === 'deleted' ? 'id' : 'unitClassId';
  if (unit.baseUnit) {
    const others = await tx.unitOfMeasure.count({ where: { unitClassId: unit.unitClassId, NOT: { id: unit.id } } });
    if (others > 0) {
      errors.add(field, `The unit of measure "${unit.name}" is the base unit of its class, which has ${others} other unit${others > 1 ? 's' : ''}; make another unit the base first.`);
      return;
    }
  }
  const usage = await unitUsage(tx, unit.id);
  if (isInUse(usage)) {
    errors.add(field, `The unit of measure "${unit.name}" is in use (${describeUsage(usage)}) and cannot be ${verb}.`);
  }
}

/** Sets the unit's factor to the base of its class: its one SYSTEM rule, created or updated. */
async function setSystemFactor(tx: TenantTx, uomId: number, classId: number, factor: Decimal): Promise<void> {
  const base = await tx.unitOfMeasure.findFirstOrThrow({ where: { unitClassId: classId, baseUnit: true }, select: { id: true } });
  const rule = await tx.unitConversionRule.findFirst({ where: { convertedUnitOfMeasureId: uomId, type: 'SYSTEM', status: 'active' }, select: { id: true } });
  if (rule) {
    await tx.unitConversionRule.update({ where: byId(rule.id), data: { baseUnitOfMeasureId: base.id, conversionFactor: factor } });
  } else {
    await tx.unitConversionRule.create({
      data: { type: 'SYSTEM', baseUnitOfMeasureId: base.id, convertedUnitOfMeasureId: uomId, conversionFactor: factor } as Prisma.UnitConversionRuleUncheckedCreateInput,
    });
  }
}

/** The class id to use, or undefined when none was given or it names no class of the company. */
async function checkClass(tx: TenantTx, value: number | null | undefined, required: boolean, errors: FieldErrorCollector): Promise<number | undefined> {
  if (value === undefined && !required) return undefined;
  if (value === undefined || value === null) {
    errors.add('unitClassId', 'The unit class id field is required.');
    return undefined;
  }
  if (!(await tx.unitClass.findUnique({ where: byId(value), select: { id: true } }))) {
    errors.add('unitClassId', `The selected unit class ${value} does not exist.`);
    return undefined;
  }
  return value;
}

async function checkNameFree(tx: TenantTx, id: number | null, classId: number, name: string, errors: FieldErrorCollector): Promise<void> {
  const taken = await tx.unitOfMeasure.findFirst({
    where: { unitClassId: classId, name, ...(id !== null ? { NOT: { id } } : {}) },
    select: { id: true },
  });
  if (taken) errors.add('name', 'The name has already been taken by another unit of this class.');
}

function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}
