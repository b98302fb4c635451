// What a posting needs to know about its products and locations, read once for all its lines (two
// statements), and the per-line checks that need nothing else. Errors name the caller's field of the first
// line at fault, as every posting answers them. Raw SQL with the ids as one array parameter: a query built
// by Prisma compiles every id of a long list on each call, several times the cost of the statement itself.
import { companyIdOf, type TenantTx } from '../../../db/tenant-client.js';
import { Decimal, toDecimal } from '../../shared/decimal.js';
import { ValidationError } from '../../shared/errors.js';
import type { LayerProduct } from './cost-layers.js';
import type { MovementInput } from './post-movements.js';

export interface ProductFacts extends LayerProduct {
  sku: string;
  lotTracking: boolean;
  lotDeductionStrategy: string | null;
}

export interface LocationFacts {
  id: number;
  name: string;
  /** The settings of the location's warehouse's group (none when the warehouse is in no group). */
  group: { allowNegativeStock: boolean; lotDeductionStrategy: string | null } | null;
}

/** One movement input with its facts, checked. */
export interface CheckedLine {
  index: number;
  input: MovementInput;
  field: string;
  product: ProductFacts;
  location: LocationFacts;
  quantity: Decimal;
  /** The input names a lot (by id or number). */
  namesLot: boolean;
  allowNegative: boolean;
}

export async function checkPostingLines(tx: TenantTx, movements: MovementInput[]): Promise<CheckedLine[]> {
  const companyId = companyIdOf(tx);
  const productIds = [...new Set(movements.map((m) => m.productId))];
  const locationIds = [...new Set(movements.map((m) => m.locationId))];
  const [products, locations] = await Promise.all([
    tx.$queryRaw<Array<ProductFacts & { type: string; unitCost: unknown; landedCost: unknown }>>`
      SELECT "id", "companyId", "sku", "type", "lotTracking", "lotDeductionStrategy", "unitCost", "landedCost"
      FROM "Product" WHERE "companyId" = ${companyId} AND "id" = ANY(${productIds}::int[])`,
    // A location's settings are those of its warehouse's group.
    tx.$queryRaw<Array<{ id: number; name: string; groupId: number | null; allowNegativeStock: boolean | null; lotDeductionStrategy: string | null }>>`
      SELECT l."id", l."name", g."id" AS "groupId", g."allowNegativeStock", g."lotDeductionStrategy"
      FROM "Location" l
      LEFT JOIN "Location" w ON w."companyId" = l."companyId" AND w."id" = l."parentId"
      LEFT JOIN "WarehouseGroup" g ON g."companyId" = l."companyId" AND g."id" = coalesce(w."warehouseGroupId", CASE WHEN l."parentId" IS NULL THEN l."warehouseGroupId" END)
      WHERE l."companyId" = ${companyId} AND l."id" = ANY(${locationIds}::int[])`,
  ]);
  const decimalOrNull = (value: unknown) => (value === null ? null : new Decimal(String(value)));
  const productById = new Map(
    products.map((row) => [Number(row.id), { ...row, id: Number(row.id), companyId: Number(row.companyId), unitCost: decimalOrNull(row.unitCost), landedCost: decimalOrNull(row.landedCost) }]),
  );
  const locationById = new Map<number, LocationFacts>(
    locations.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        name: row.name,
        group: row.groupId === null ? null : { allowNegativeStock: Boolean(row.allowNegativeStock), lotDeductionStrategy: row.lotDeductionStrategy },
      },
    ]),
  );
  return movements.map((input, index) => {
    const field = input.field ?? '';
    const product = productById.get(input.productId);
    if (!product) throw new ValidationError({ [`${field}productId`]: [`Product ${input.productId} does not exist.`] });
    if (product.type !== 'PRODUCT') {
      throw new ValidationError({ [`${field}productId`]: [`Product ${input.productId} is a kit; kits hold no stock of their own.`] });
    }
    const location = locationById.get(input.locationId);
    if (!location) throw new ValidationError({ [`${field}locationId`]: [`Location ${input.locationId} does not exist.`] });
    const quantity = toDecimal(input.quantity);
    if (quantity.isZero()) throw new ValidationError({ [`${field}quantity`]: ['The quantity may not be 0.'] });
    const namesLot = (input.lotId ?? null) !== null || (input.lotNumber ?? '').trim() !== '';
    if (!product.lotTracking && namesLot) {
      throw new ValidationError({ [`${field}lotNumber`]: [`Product ${product.sku} is not lot-tracked; its stock moves without a lot.`] });
    }
    return { index, input, field, product, location, quantity, namesLot, allowNegative: location.group?.allowNegativeStock ?? false };
  });
}
