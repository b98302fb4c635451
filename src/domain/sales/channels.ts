// Sales, fulfillment and end-to-end channels: where orders come from and which warehouse group serves them.
// A channel whose apiLocked is true refuses every change through the API (channel-lock.ts is the one place
// of that rule); only an administrator unlocks it (unlockChannel, from the CLI). Each command runs in one
// transaction and records the API token that made the change.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { channelData, checkChannelInput, CHANNEL_TYPES, type ChannelInput } from './channel-input.js';
import { unlockedChannel } from './channel-lock.js';
import { checkChannelEdi } from '../edi/index.js';
import { listPage } from '../shared/list-page.js';

export type { ChannelInput } from './channel-input.js';

/** Who changes a channel: the API token of the request (null from the CLI). */
export interface ChannelActor {
  tokenId: number | null;
}

export interface ChannelListArgs extends PageArgs {
  sort?: string | null;
  channelType?: string | null;
  enabled?: boolean | null;
}

/** The fields of the legacy POST /channels/sales: a sales channel, so no channelType is needed. */
export type LegacySalesChannelInput = Pick<
  ChannelInput,
  | 'channelType'
  | 'label'
  | 'warehouseGroupId'
  | 'description'
  | 'isCustomerSpecific'
  | 'pullOrdersFromOms'
  | 'pullOrderAppIntegrationAccountId'
  | 'pullOrderOmsStoreId'
  | 'tagIds'
>;

const SORTABLE = {
  id: 'id',
  label: 'label',
  channelType: 'channelType',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  channel_type: 'channelType',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

export async function listChannels(db: TenantDb, args: ChannelListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  if (args.channelType != null && !(CHANNEL_TYPES as readonly string[]).includes(args.channelType)) {
    errors.add('channelType', `The channel type must be one of: ${CHANNEL_TYPES.join(', ')}.`);
  }
  errors.throwIfAny();
  const where: Prisma.SalesChannelWhereInput = {
    ...(args.channelType != null ? { channelType: args.channelType } : {}),
    ...(args.enabled != null ? { enabled: args.enabled } : {}),
  };
  return listPage(db, 'salesChannel', query, { where, orderBy, window });
}

export async function getChannel(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const channel = await db.salesChannel.findUnique({ ...query, where: byId(id) });
  if (!channel) throw new NotFoundError('Channel', id);
  return channel;
}

/** A new channel (it may be created locked: apiLocked true). */
export async function createChannel(db: TenantDb, input: ChannelInput, actor: ChannelActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await checkChannelInput(tx, input, true);
    await checkChannelEdi(tx, null, input);
    const created = await tx.salesChannel.create({
      data: { ...channelData(input), uuid: randomUUID(), createdBy: actor.tokenId, updatedBy: actor.tokenId } as Prisma.SalesChannelUncheckedCreateInput,
    });
    await replaceTags(tx, created.id, input.tagIds);
    return readAnswer(tx, created.id, query, (q) => tx.salesChannel.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/** The legacy flow: the same as createChannel with channelType sales_channel (any other type is a 422). */
export async function createSalesChannel(db: TenantDb, input: LegacySalesChannelInput, actor: ChannelActor, query: AnswerQuery = {}) {
  if (input.channelType != null && input.channelType !== 'sales_channel') {
    throw new ValidationError({ channelType: ['This route creates sales channels: the channel type, when given, must be sales_channel.'] });
  }
  return createChannel(db, { ...input, channelType: 'sales_channel' }, actor, query);
}

/** Only the fields given change; tagIds replaces the tags. A locked channel answers 403 (even to unlock it). */
export async function updateChannel(db: TenantDb, id: number, input: ChannelInput, actor: ChannelActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await unlockedChannel(tx, id);
    await checkChannelInput(tx, input, false);
    await checkChannelEdi(tx, id, input);
    await tx.salesChannel.update({ where: byId(id), data: { ...channelData(input), updatedBy: actor.tokenId } });
    await replaceTags(tx, id, input.tagIds);
    return readAnswer(tx, id, query, (q) => tx.salesChannel.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Refused while sales orders or EDI documents name the channel (422) or while it is locked (403). Answers with what was deleted. */
export async function deleteChannel(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await unlockedChannel(tx, id);
    const orders = await tx.salesOrder.count({ where: { channelId: id } });
    if (orders > 0) {
      throw new ValidationError(
        { id: [`The channel has ${orders} sales order${orders > 1 ? 's' : ''}, so it cannot be deleted; disable it instead (enabled false).`] },
        `Channel ${id} cannot be deleted while it has sales orders.`,
      );
    }
    const documents = await tx.ediDocument.count({ where: { channelId: id } });
    if (documents > 0) {
      throw new ValidationError(
        { id: [`The channel has ${documents} EDI document${documents > 1 ? 's' : ''} in its log, so it cannot be deleted; disable it instead (enabled false).`] },
        `Channel ${id} cannot be deleted while its EDI log names it.`,
      );
    }
    // unlockedChannel found it (a missing channel is its 404).
    const channel = await readAnswer(tx, id, query, (q) => tx.salesChannel.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.salesChannel.delete({ where: byId(id) });
    return channel;
  });
}

/** The administrator's unlock (not reachable with an API token): apiLocked false. Unlocking twice is harmless. */
export async function unlockChannel(db: TenantDb, id: number) {
  return db.$transaction(async (tx) => {
    const channel = await getChannel(tx, id);
    if (!channel.apiLocked) return channel;
    return tx.salesChannel.update({ where: byId(id), data: { apiLocked: false } });
  });
}

async function replaceTags(tx: TenantTx, channelId: number, tagIds: number[] | null | undefined): Promise<void> {
  if (tagIds === undefined) return;
  await tx.salesChannelTag.deleteMany({ where: { channelId } });
  if (tagIds?.length) {
    await tx.salesChannelTag.createMany({ data: tagIds.map((tagId) => ({ channelId, tagId })) as Prisma.SalesChannelTagCreateManyInput[] });
  }
}
