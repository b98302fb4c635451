// What a posting needs to know about its products and locations, read once for all its lines (two
// statements), and the per-line checks that need nothing else. Errors name the caller's field of the first
// line at fault, as every posting answers them.
import type { WarehouseGroup } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
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
  group: WarehouseGroup | null;
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
  const [products, locations] = await Promise.all([
    tx.product.findMany({
      where: { id: { in: [...new Set(movements.map((m) => m.productId))] } },
      select: { id: true, companyId: true, sku: true, type: true, lotTracking: true, lotDeductionStrategy: true, unitCost: true, landedCost: true },
    }),
    tx.location.findMany({
      where: { id: { in: [...new Set(movements.map((m) => m.locationId))] } },
      select: { id: true, name: true, warehouseGroup: true, parent: { select: { warehouseGroup: true } } },
    }),
  ]);
  const productById = new Map(products.map((product) => [product.id, product]));
  // A location's settings are those of its warehouse's group.
  const locationById = new Map(
    locations.map((location) => [location.id, { id: location.id, name: location.name, group: location.parent ? location.parent.warehouseGroup : location.warehouseGroup }]),
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
