// Locations and warehouses. A warehouse is a top-level location (no parent); a location sits directly
// under a warehouse; locations never nest under locations. Every command runs in one transaction.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { checkMaxLength } from '../shared/field-checks.js';
import { listPage } from '../shared/list-page.js';

export const LOCATION_STRING_FIELDS = [
  'name',
  'address',
  'streetAddress1',
  'streetAddress2',
  'city',
  'state',
  'zip',
  'country',
] as const;
export const MAX_STRING_LENGTH = 255;

export type LocationInput = Partial<Record<(typeof LOCATION_STRING_FIELDS)[number], string | null>> & {
  parentId?: number | null;
  isPickLocation?: boolean | null;
};

export type LocationKind = 'warehouse' | 'location';

export interface LocationListArgs extends PageArgs {
  sort?: string | null;
  parentId?: number | null;
  kind?: LocationKind | null;
  /** Case-insensitive part of the name. */
  q?: string | null;
}

/** Prisma `include`/`select` chosen by the caller (the GraphQL layer asks for exactly what it will show). */
export type LocationQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listLocations(db: TenantDb, args: LocationListArgs, query: LocationQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.LocationWhereInput = {};
  if (args.parentId !== undefined && args.parentId !== null) where.parentId = args.parentId;
  if (args.kind === 'warehouse') where.parentId = null;
  if (args.kind === 'location') where.parentId = args.parentId ?? { not: null };
  if (args.q) where.name = { contains: args.q, mode: 'insensitive' };
  return listPage(db, 'location', query, { where, orderBy, window });
}

export async function getLocation(db: TenantDb | TenantTx, id: number, query: LocationQuery = {}) {
  const location = await db.location.findUnique({ ...query, where: byId(id) });
  if (!location) throw new NotFoundError('Location', id);
  return location;
}

export async function createLocation(db: TenantDb, input: LocationInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.name === undefined || input.name === null || input.name.trim() === '') {
      errors.add('name', 'The name field is required.');
    }
    await checkLocationInput(tx, null, input, errors);
    errors.throwIfAny();
    const created = await tx.location.create({ data: locationData(input) as Prisma.LocationUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.location.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateLocation(db: TenantDb, id: number, input: LocationInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getLocation(tx, id);
    const errors = new FieldErrorCollector();
    if (input.name !== undefined && (input.name === null || input.name.trim() === '')) {
      errors.add('name', 'The name may not be empty.');
    }
    await checkLocationInput(tx, id, input, errors);
    errors.throwIfAny();
    await tx.location.update({ where: byId(id), data: locationData(input) });
    return readAnswer(tx, id, query, (q) => tx.location.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteLocation(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getLocation(tx, id);
    const children = await tx.location.count({ where: { parentId: id } });
    if (children > 0) {
      throw new ValidationError(
        { id: [`The warehouse still contains ${children} location${children > 1 ? 's' : ''}; move or delete them first.`] },
        `Warehouse ${id} cannot be deleted while it contains locations.`,
      );
    }
    // Stock and its history point at the location: it stays while it holds stock or appears in the ledger.
    const [movements, stocked, documents, orders, returns, channels] = await Promise.all([
      tx.stockMovement.count({ where: { locationId: id } }),
      tx.stockBalance.count({ where: { locationId: id, quantity: { not: 0 } } }),
      tx.transferOrder.count({ where: { OR: [{ sourceLocationId: id }, { destinationLocationId: id }] } }),
      tx.purchaseOrder.count({ where: { warehouseId: id } }),
      tx.vendorReturn.count({ where: { locationId: id } }),
      tx.salesChannel.count({ where: { dropshipPoDeliveryWarehouseId: id } }),
    ]);
    if (movements + stocked + documents + orders + returns + channels > 0) {
      throw new ValidationError(
        { id: ['The location holds stock or has stock movements, transfers, purchase orders or vendor returns, or is the dropship delivery warehouse of a channel, so it cannot be deleted.'] },
        `Location ${id} cannot be deleted while it holds stock, has stock history or is used by a channel.`,
      );
    }
    // The answer is the location as it was, before it leaves the priority lists.
    const location = await readAnswer(tx, id, query, (q) => tx.location.findUniqueOrThrow({ ...q, where: byId(id) }));
    // A warehouse simply leaves the fulfillment priority lists that name it.
    await tx.priorityListWarehouse.deleteMany({ where: { warehouseId: id } });
    await tx.location.delete({ where: byId(id) });
    return location;
  });
}

async function checkLocationInput(
  tx: TenantTx,
  id: number | null,
  input: LocationInput,
  errors: FieldErrorCollector,
): Promise<void> {
  for (const field of LOCATION_STRING_FIELDS) checkMaxLength(errors, field, input[field], MAX_STRING_LENGTH);
  // A location is a pick location or not: null would silently keep the old value, so it is refused.
  if (input.isPickLocation === null) errors.add('isPickLocation', 'Must be true or false.');
  const parentId = input.parentId;
  if (parentId === undefined || parentId === null) return;
  if (id !== null && parentId === id) {
    errors.add('parentId', 'A location cannot be its own parent.');
    return;
  }
  const parent = await tx.location.findUnique({ where: byId(parentId), select: { parentId: true } });
  if (!parent) {
    errors.add('parentId', `The selected parent ${parentId} does not exist; parent_id must reference a warehouse.`);
  } else if (parent.parentId !== null) {
    errors.add('parentId', `Location ${parentId} is not a warehouse; locations cannot be nested under locations.`);
  } else if (id !== null && (await tx.location.count({ where: { parentId: id } })) > 0) {
    errors.add('parentId', 'This warehouse contains locations, so it cannot be moved under another warehouse.');
  }
}

function locationData(input: LocationInput): Prisma.LocationUncheckedUpdateInput {
  const data: Prisma.LocationUncheckedUpdateInput = {};
  for (const field of LOCATION_STRING_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    // name is never null here: the callers refuse an empty name before writing.
    (data as Record<string, unknown>)[field] = field === 'name' ? (value as string).trim() : value;
  }
  if (input.parentId !== undefined) data.parentId = input.parentId;
  if (input.isPickLocation != null) data.isPickLocation = input.isPickLocation;
  return data;
}
