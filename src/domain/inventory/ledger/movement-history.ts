// The ledger read back: the movements of a product (by id or SKU), a location or a lot, newest first, a page
// at a time. Support staff ask "what happened to this SKU?"; GraphiQL offers it as a saved example.
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantDb } from '../../../db/tenant-client.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { namedBySku } from '../../products/index.js';
import type { PassThroughQuery } from '../../shared/pass-through-query.js';
import { pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseSort } from '../../shared/sorting.js';
import { listPage } from '../../shared/list-page.js';

export interface MovementQueryArgs extends PageArgs {
  /** id, occurred_at or quantity, `-` for descending; default -id, newest first. */
  sort?: string | null;
  productId?: number | null;
  /** The product's SKU (or one of its alternate SKUs): the same as its productId. */
  sku?: string | null;
  locationId?: number | null;
  lotId?: number | null;
  sourceType?: string | null;
  /** Movements that occurred at or after this moment. */
  occurredFrom?: Date | null;
  /** Movements that occurred before this moment. */
  occurredTo?: Date | null;
}

const MOVEMENT_SORTS = { id: 'id', occurred_at: 'occurredAt', quantity: 'quantity' };

/** The number of a row's lot (a movement's, an adjustment line's; null without one), for a statement whose $1 is the company. */
export const lotNumberSql = (row: string) =>
  `(SELECT l."lotNumber" FROM "Lot" l WHERE l."companyId" = $1::int AND l.id = ${row}."lotId")`;

export async function listMovements(db: TenantDb, args: MovementQueryArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  if (args.occurredFrom && args.occurredTo && args.occurredFrom >= args.occurredTo) errors.add('occurredTo', 'The end must be after the start (occurredFrom).');
  const orderBy = parseSort(args.sort, MOVEMENT_SORTS, '-id', errors);
  const where: Prisma.StockMovementWhereInput = {
    ...(args.productId ? { productId: args.productId } : {}),
    ...(args.sku ? { product: namedBySku(args.sku) } : {}),
    ...(args.locationId ? { locationId: args.locationId } : {}),
    ...(args.lotId ? { lotId: args.lotId } : {}),
    ...(args.sourceType ? { sourceType: args.sourceType } : {}),
    ...(args.occurredFrom || args.occurredTo
      ? { occurredAt: { ...(args.occurredFrom ? { gte: args.occurredFrom } : {}), ...(args.occurredTo ? { lt: args.occurredTo } : {}) } }
      : {}),
  };
  return listPage(db, 'stockMovement', query, { where, orderBy, window });
}
