// Cost rules: create, read, update, soft delete. Every route needs the company's cost_rules feature (403
// without it). A rule's name is unique per vendor among rules not deleted, checked under a transaction-
// scoped advisory lock so that two creates at once cannot both take it. Tiers (with their effects), scopes
// and conditions replace the stored ones when given. A deleted rule keeps its row (deletedAt), frees its
// name, never applies and answers 404.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { requireFeature } from '../tenancy/index.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { comparisonFilter, escapeLike, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { checkCostRule, type CheckedCostRule, type CostRuleInput } from './cost-rule-input.js';
import { COST_RULE_STATUSES, DOCUMENT_TYPES } from './cost-rule-enums.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

/** The filters of GET /cost-rules: `vendor_id=3`, `document_type=WORK_ORDER`, `status=ACTIVE`, `is_active=true`. */
export const COST_RULE_FILTERS: FilterSpec<Prisma.CostRuleWhereInput> = {
  vendor_id: { kind: 'integer', where: (op, value) => ({ vendorId: comparisonFilter(op, value as number) }) },
  document_type: { kind: 'enum', enumValues: DOCUMENT_TYPES, description: 'Rules whose document_types include it.', where: (_op, value) => ({ documentTypes: { has: value as string } }) },
  status: { kind: 'enum', enumValues: COST_RULE_STATUSES, where: (_op, value) => ({ status: value as string }) },
  is_active: { kind: 'boolean', where: (_op, value) => ({ isActive: value as boolean }) },
};

const SORTABLE = { id: 'id', name: 'name', priority: 'priority', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listCostRules(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  await requireFeature(db, 'cost_rules');
  const { window, orderBy, where: filters } = readListArgs(args, COST_RULE_FILTERS, SORTABLE);
  const where: Prisma.CostRuleWhereInput = { AND: [{ deletedAt: null }, filters] };
  return listPage(db, 'costRule', query, { where, orderBy, window });
}

export async function getCostRule(db: TenantDb, id: number, query: PassThroughQuery = {}) {
  await requireFeature(db, 'cost_rules');
  return findLiveRule(db, id, query);
}

export async function createCostRule(db: TenantDb, input: CostRuleInput, query: AnswerQuery = {}) {
  await requireFeature(db, 'cost_rules');
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const checked = await checkCostRule(tx, input, null, errors);
    await refuseTakenName(tx, checked, null, errors);
    errors.throwIfAny();
    const { id } = await tx.costRule.create({ data: checked.fields as unknown as Prisma.CostRuleUncheckedCreateInput, select: { id: true } });
    await writeChildren(tx, id, checked, false);
    return readAnswer(tx, id, query, (q) => tx.costRule.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Only the fields given change; tiers, scopes and conditions, when given, replace the stored ones. */
export async function updateCostRule(db: TenantDb, id: number, input: CostRuleInput, query: AnswerQuery = {}) {
  await requireFeature(db, 'cost_rules');
  return db.$transaction(async (tx) => {
    const stored = await findLiveRule(tx, id);
    const errors = new FieldErrorCollector();
    const checked = await checkCostRule(tx, input, stored, errors);
    await refuseTakenName(tx, checked, id, errors);
    errors.throwIfAny();
    await tx.costRule.update({ where: byId(id), data: checked.fields as Prisma.CostRuleUncheckedUpdateInput });
    await writeChildren(tx, id, checked, true);
    return readAnswer(tx, id, query, (q) => tx.costRule.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Soft delete: answers with the rule as it was; its name is free from now on. */
export async function deleteCostRule(db: TenantDb, id: number, query: AnswerQuery = {}) {
  await requireFeature(db, 'cost_rules');
  return db.$transaction(async (tx) => {
    await findLiveRule(tx, id, { select: { id: true } });
    const rule = await readAnswer(tx, id, query, (q) => tx.costRule.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.costRule.update({ where: byId(id), data: { deletedAt: new Date() } });
    return rule;
  });
}

async function findLiveRule(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const rule = await db.costRule.findUnique({ ...query, where: { ...byId(id), deletedAt: null } });
  if (!rule) throw new NotFoundError('Cost rule', id);
  return rule;
}

/**
 * Takes the lock of the vendor's name (held until the transaction ends), then looks for another live rule
 * of the vendor with that name, without regard to case.
 */
async function refuseTakenName(tx: TenantTx, checked: CheckedCostRule, ownId: number | null, errors: FieldErrorCollector): Promise<void> {
  const { name, vendorId } = checked.fields;
  if (name === '' || errors.errors.name) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`cost-rule-name:${vendorId ?? 0}:${name.toLowerCase()}`}))`;
  const clash = await tx.costRule.findFirst({
    where: { deletedAt: null, vendorId, name: { equals: escapeLike(name), mode: 'insensitive' }, ...(ownId !== null ? { NOT: { id: ownId } } : {}) },
    select: { id: true },
  });
  if (clash) errors.add('name', `A cost rule named "${name}" already exists for this vendor (id ${clash.id}).`);
}

/** Writes the children given: a fixed number of statements whatever their number. */
async function writeChildren(tx: TenantTx, costRuleId: number, checked: CheckedCostRule, replacing: boolean): Promise<void> {
  if (checked.tiers) {
    // Deleting a tier deletes its effects (the foreign key cascades).
    if (replacing) await tx.costRuleTier.deleteMany({ where: { costRuleId } });
    if (checked.tiers.length) {
      const tiers = await tx.costRuleTier.createManyAndReturn({
        data: checked.tiers.map(({ effects: _effects, ...tier }) => ({ ...tier, costRuleId })) as Prisma.CostRuleTierCreateManyInput[],
        select: { id: true, position: true },
      });
      const tierId = new Map(tiers.map((tier) => [tier.position, tier.id]));
      const effects = checked.tiers.flatMap((tier) => tier.effects.map((effect) => ({ ...effect, costRuleId, costRuleTierId: tierId.get(tier.position)! })));
      if (effects.length) await tx.costRuleEffect.createMany({ data: effects as Prisma.CostRuleEffectCreateManyInput[] });
    }
  }
  if (checked.scopes) {
    if (replacing) await tx.costRuleScope.deleteMany({ where: { costRuleId } });
    if (checked.scopes.length) await tx.costRuleScope.createMany({ data: checked.scopes.map((scope) => ({ ...scope, costRuleId })) as Prisma.CostRuleScopeCreateManyInput[] });
  }
  if (checked.conditions) {
    if (replacing) await tx.costRuleCondition.deleteMany({ where: { costRuleId } });
    if (checked.conditions.length) await tx.costRuleCondition.createMany({ data: checked.conditions.map((condition) => ({ ...condition, costRuleId })) as Prisma.CostRuleConditionCreateManyInput[] });
  }
}
