// Unit classes: groups of units that convert into each other (length, weight, count...). Each class with
// units has exactly one base unit, the one every factor of the class is relative to.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { lockUnitClasses } from './class-lock.js';
import { makeBaseUnit } from './rebase.js';
import { checkName } from './names.js';
import { listPage } from '../shared/list-page.js';

export interface UnitClassInput {
  name?: string | null;
  baseClass?: boolean | null;
}

export interface UnitClassListArgs extends PageArgs {
  sort?: string | null;
  /** Case-insensitive part of the name. */
  q?: string | null;
}

export type UnitClassQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

/**
 * A class's base unit in SQL (alias `unit`; the company as $1), as its resolver picks it: the first of its units by
 * id that is marked base, none while it has none.
 */
export const baseUnitSql = (unitClass: string, unit: string) => ({
  from: `(SELECT * FROM "UnitOfMeasure" u WHERE u."companyId" = $1::int AND u."unitClassId" = ${unitClass}.id AND u."baseUnit" ORDER BY u.id LIMIT 1) ${unit}`,
  where: 'true',
});

export async function listUnitClasses(db: TenantDb, args: UnitClassListArgs, query: UnitClassQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.UnitClassWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'unitClass', query, { where, orderBy, window });
}

export async function getUnitClass(db: TenantDb | TenantTx, id: number, query: UnitClassQuery = {}) {
  const unitClass = await db.unitClass.findUnique({ ...query, where: byId(id) });
  if (!unitClass) throw new NotFoundError('Unit class', id);
  return unitClass;
}

export async function createUnitClass(db: TenantDb, input: UnitClassInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const name = checkName(input.name, true, errors);
    if (name !== undefined) await checkClassNameFree(tx, null, name, errors);
    errors.throwIfAny();
    const created = await tx.unitClass.create({
      data: { name: name!, baseClass: input.baseClass ?? false } as Prisma.UnitClassUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.unitClass.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateUnitClass(db: TenantDb, id: number, input: UnitClassInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getUnitClass(tx, id);
    const errors = new FieldErrorCollector();
    const name = checkName(input.name, false, errors);
    if (name !== undefined) await checkClassNameFree(tx, id, name, errors);
    errors.throwIfAny();
    const data: Prisma.UnitClassUpdateInput = {};
    if (name !== undefined) data.name = name;
    if (input.baseClass !== undefined && input.baseClass !== null) data.baseClass = input.baseClass;
    await tx.unitClass.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.unitClass.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Only an empty class can be deleted: its units are deleted one by one first, each with its own checks. */
export async function deleteUnitClass(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getUnitClass(tx, id);
    // The answer is the class as it was, before the lock stamps it.
    const unitClass = await readAnswer(tx, id, query, (q) => tx.unitClass.findUniqueOrThrow({ ...q, where: byId(id) }));
    await lockUnitClasses(tx, id);
    const units = await tx.unitOfMeasure.count({ where: { unitClassId: id } });
    if (units > 0) {
      throw new ValidationError(
        { id: [`The unit class still has ${units} unit${units > 1 ? 's' : ''} of measure; delete them first.`] },
        `Unit class ${id} cannot be deleted while it has units of measure.`,
      );
    }
    await tx.unitClass.delete({ where: byId(id) });
    return unitClass;
  });
}

/**
 * Makes a unit the base (default) unit of its class; every factor of the class is re-expressed relative to
 * it, so conversions between any two units give the same result as before.
 */
export async function setDefaultUnitOfMeasure(db: TenantDb, unitClassId: number, uomId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getUnitClass(tx, unitClassId);
    const unit = await tx.unitOfMeasure.findUnique({ where: byId(uomId), select: { unitClassId: true, name: true } });
    if (!unit) throw new NotFoundError('Unit of measure', uomId);
    if (unit.unitClassId !== unitClassId) {
      throw new ValidationError({
        unitOfMeasureId: [`The unit of measure "${unit.name}" belongs to unit class ${unit.unitClassId}, not to unit class ${unitClassId}.`],
      });
    }
    await makeBaseUnit(tx, uomId, 'unitOfMeasureId');
    return readAnswer(tx, unitClassId, query, (q) => tx.unitClass.findUniqueOrThrow({ ...q, where: byId(unitClassId) }));
  });
}

async function checkClassNameFree(tx: TenantTx, id: number | null, name: string, errors: FieldErrorCollector): Promise<void> {
  const taken = await tx.unitClass.findFirst({ where: { name, ...(id !== null ? { NOT: { id } } : {}) }, select: { id: true } });
  if (taken) errors.add('name', 'The name has already been taken.');
}
