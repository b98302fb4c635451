// Purgatory: channel orders that could not be posted (order-intake.ts), kept as received with every reason,
// until a person resolves them (SKU mappings saved for the channel, a corrected address, and a new attempt)
// or discards them. A resolved entry names the order it became; replaying the original payload afterwards
// answers that order.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ACTIVE } from '../products/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkRequiredText, checkMaxLength } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import type { AddressInput } from './address.js';
import { unlockedChannel } from './channel-lock.js';
import { channelIntegration, postIntake, readIntake, type PurgatoryReason } from './order-intake.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export const PURGATORY_STATUSES = ['pending', 'resolved', 'discarded'] as const;
export const REASON_CODES = ['unknown_sku', 'inactive_product', 'missing_address', 'invalid_address', 'duplicate_conflict'] as const;

/** The filters of GET /purgatory: `channel_id=2`, `status=pending`, `reason_code=unknown_sku`, `created_at[gte]=…`. */
export const PURGATORY_FILTERS: FilterSpec<Prisma.PurgatoryEntryWhereInput> = {
  channel_id: { kind: 'integer', where: (op, value) => ({ channelId: comparisonFilter(op, value as number) }) },
  status: { kind: 'enum', enumValues: PURGATORY_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  reason_code: { kind: 'enum', operators: ['eq'], enumValues: REASON_CODES, description: 'Entries with at least one reason of that code.', where: (_op, value) => ({ reasons: { array_contains: [{ code: value as string }] } }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', created_at: 'createdAt', resolved_at: 'resolvedAt' };

export async function listPurgatory(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, PURGATORY_FILTERS, SORTABLE);
  return listPage(db, 'purgatoryEntry', query, { where, orderBy, window });
}

export async function getPurgatoryEntry(db: TenantDb, id: number, query: PassThroughQuery = {}) {
  const entry = await db.purgatoryEntry.findUnique({ ...query, where: byId(id) });
  if (!entry) throw new NotFoundError('Purgatory entry', id);
  return entry;
}

export interface ResolveInput {
  skuMappings?: Array<{ externalSku?: string | null; productId?: number | null }> | null;
  shipTo?: AddressInput | null;
}

/**
 * Saves the SKU mappings for the entry's channel and posts the order again (with the corrected address, if
 * given). Answers the sales order, read in the transaction; when it still cannot be posted, the mappings stay
 * saved, the entry keeps the remaining reasons, and the answer is a 422 naming them.
 */
export async function resolvePurgatoryEntry(db: TenantDb, id: number, input: ResolveInput, query: AnswerQuery = {}) {
  const outcome = await db.$transaction(async (tx) => {
    const entry = await tx.purgatoryEntry.findUnique({ where: byId(id) });
    if (!entry) throw new NotFoundError('Purgatory entry', id);
    await unlockedChannel(tx, entry.channelId);
    const claimed = await tx.purgatoryEntry.updateMany({ where: { id, status: 'pending' }, data: { updatedAt: new Date() } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a pending entry can be resolved; entry ${id} is ${entry.status}.`] });

    await saveMappings(tx, entry.channelId, input.skuMappings ?? []);
    const intake = readIntake(entry.payload);
    if (input.shipTo !== undefined) intake.shipTo = input.shipTo;
    const reasons: PurgatoryReason[] = [];
    const existing = await tx.salesOrder.findFirst({ where: { channelId: entry.channelId, externalOrderId: entry.externalOrderId }, select: { id: true } });
    if (existing) reasons.push({ code: 'duplicate_conflict', message: `Sales order ${existing.id} was posted for external order ${entry.externalOrderId} with other content; discard this entry.`, line: null });
    const orderId = existing ? null : await postIntake(tx, entry.channelId, intake, entry.payload as Prisma.InputJsonObject, reasons);
    if (orderId === null) {
      await tx.purgatoryEntry.update({ where: byId(id), data: { reasons: reasons as unknown as Prisma.InputJsonArray } });
      return { reasons };
    }
    await tx.purgatoryEntry.update({ where: byId(id), data: { status: 'resolved', salesOrderId: orderId, resolvedAt: new Date(), reasons: [] } });
    return { order: await readAnswer(tx, orderId, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(orderId) })) };
  });
  if ('order' in outcome) return outcome.order!;
  const errors: Record<string, string[]> = {};
  for (const reason of outcome.reasons) {
    const field = reason.line !== null ? `lines.${reason.line}.external_sku` : reason.code === 'duplicate_conflict' ? 'external_order_id' : 'ship_to';
    (errors[field] ??= []).push(`${reason.code}: ${reason.message}`);
  }
  throw new ValidationError(errors);
}

export async function discardPurgatoryEntry(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const entry = await tx.purgatoryEntry.findUnique({ where: byId(id) });
    if (!entry) throw new NotFoundError('Purgatory entry', id);
    await unlockedChannel(tx, entry.channelId);
    const claimed = await tx.purgatoryEntry.updateMany({ where: { id, status: 'pending' }, data: { status: 'discarded', resolvedAt: new Date() } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a pending entry can be discarded; entry ${id} is ${entry.status}.`] });
    return readAnswer(tx, id, query, (q) => tx.purgatoryEntry.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/**
 * The channel's external SKU → product mappings, replacing any earlier mapping of the same SKU or product on
 * the channel (one external SKU per product and channel).
 */
async function saveMappings(tx: TenantTx, channelId: number, mappings: NonNullable<ResolveInput['skuMappings']>): Promise<void> {
  if (mappings.length === 0) return;
  const errors = new FieldErrorCollector();
  const productIds = [...new Set(mappings.map((m) => m.productId).filter((id): id is number => id != null))];
  const products = productIds.length ? await tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true, sku: true, status: true } }) : [];
  const seen = new Set<string>();
  const mapped = new Set<number>();
  mappings.forEach((mapping, index) => {
    const at = (field: string) => `skuMappings.${index}.${field}`;
    checkRequiredText(errors, at('externalSku'), mapping.externalSku, true);
    checkMaxLength(errors, at('externalSku'), mapping.externalSku?.trim(), 255);
    const sku = mapping.externalSku?.trim();
    if (sku && seen.has(sku)) errors.add(at('externalSku'), `The external SKU "${sku}" is mapped twice.`);
    if (sku) seen.add(sku);
    const product = products.find((p) => p.id === mapping.productId);
    if (mapping.productId == null) errors.add(at('productId'), 'The product id field is required.');
    else if (!product) errors.add(at('productId'), `Product ${mapping.productId} does not exist.`);
    else if (product.status !== ACTIVE) errors.add(at('productId'), `Product ${product.sku} is inactive.`);
    else if (mapped.has(product.id)) errors.add(at('productId'), `Product ${product.sku} is mapped twice; a product has one external SKU per channel.`);
    if (product) mapped.add(product.id);
  });
  errors.throwIfAny();
  const integration = channelIntegration(channelId);
  const rows = mappings.map((m) => ({ externalId: m.externalSku!.trim(), internalId: m.productId! }));
  await tx.integrationMapping.deleteMany({
    where: { integration, entityType: 'product', OR: [{ externalId: { in: rows.map((r) => r.externalId) } }, { internalId: { in: rows.map((r) => r.internalId) } }] },
  });
  await tx.integrationMapping.createMany({ data: rows.map((row) => ({ integration, entityType: 'product', ...row })) as Prisma.IntegrationMappingCreateManyInput[] });
}
