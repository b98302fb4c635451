// On-hand stock per product, location and lot as of a past moment, paged in PostgreSQL: the sum of the
// ledger's movements that occurred at or before it (exact, since the ledger is never rewritten), rows with a
// non-zero sum, in stock order (product, location, then lot with no lot first). The stock query
// (ledger/stock-queries.ts, `GET /inventory/stock?as_of=`) merges a page of these with the incoming and
// reserved rows; each call here reads one slice, a count or a few keys, never every group.
//
// Raw SQL bypasses the tenant client, so every statement filters on the client's company (companyIdOf).
import { companyIdOf, type TenantDb } from '../../../db/tenant-client.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { Decimal } from '../../shared/decimal.js';
import { sqlMoment } from './fifo-as-of.js';

export interface OnhandAsOfFilter {
  productId?: number;
  locationId?: number;
  lotId?: number;
}

export interface OnhandAsOfRow {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: Decimal;
}

/** The shape ledger/stock-queries.ts pages through (its OnhandSource). */
export interface OnhandAsOfSource {
  count(): Promise<number>;
  slice(offset: number, limit: number): Promise<OnhandAsOfRow[]>;
  /** The rows without a lot at the given product/locations (to merge incoming into). */
  lotless(keys: ReadonlyArray<{ productId: number; locationId: number }>): Promise<OnhandAsOfRow[]>;
}

const STOCK_ORDER = Prisma.sql`ORDER BY g."productId", g."locationId", COALESCE(g."lotId", 0)`;

export function onhandAsOfSql(db: TenantDb, filter: OnhandAsOfFilter, asOf: Date): OnhandAsOfSource {
  const groups = groupsSql(companyIdOf(db), filter, asOf);
  const read = async (query: Prisma.Sql) =>
    (await db.$queryRaw<Array<{ productId: number; locationId: number; lotId: number | null; quantity: unknown }>>(query)).map(
      (row): OnhandAsOfRow => ({
        productId: Number(row.productId),
        locationId: Number(row.locationId),
        lotId: row.lotId === null ? null : Number(row.lotId),
        quantity: new Decimal(String(row.quantity)),
      }),
    );
  return {
    count: async () => (await db.$queryRaw<Array<{ total: number }>>`SELECT COUNT(*)::int AS "total" FROM (${groups}) g`)[0]?.total ?? 0,
    slice: (offset, limit) => read(Prisma.sql`SELECT g.* FROM (${groups}) g ${STOCK_ORDER} LIMIT ${limit} OFFSET ${offset}`),
    lotless: (keys) =>
      keys.length === 0
        ? Promise.resolve([])
        : read(Prisma.sql`
            SELECT g.* FROM (${groups}) g
            JOIN unnest(${keys.map((k) => k.productId)}::int[], ${keys.map((k) => k.locationId)}::int[]) AS k("productId", "locationId")
              ON k."productId" = g."productId" AND k."locationId" = g."locationId"
            WHERE g."lotId" IS NULL
            ${STOCK_ORDER}`),
  };
}

/** The (product, location, lot) groups of the filter with a non-zero sum at `asOf` (a subquery). */
function groupsSql(companyId: number, filter: OnhandAsOfFilter, asOf: Date): Prisma.Sql {
  const conditions = [Prisma.sql`m."companyId" = ${companyId}`, Prisma.sql`m."occurredAt" <= ${sqlMoment(asOf)}`];
  if (filter.productId) conditions.push(Prisma.sql`m."productId" = ${filter.productId}`);
  if (filter.locationId) conditions.push(Prisma.sql`m."locationId" = ${filter.locationId}`);
  if (filter.lotId) conditions.push(Prisma.sql`m."lotId" = ${filter.lotId}`);
  return Prisma.sql`
    SELECT m."productId", m."locationId", m."lotId", SUM(m."quantity") AS "quantity"
    FROM "StockMovement" m
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY m."productId", m."locationId", m."lotId"
    HAVING SUM(m."quantity") <> 0`;
}
