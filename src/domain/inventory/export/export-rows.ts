// Shapes one page of the stock export: product fields, its quantities, and per location the warehouse and
// location objects and the lot stocks. Locations and lots of the whole page load in two queries.
//
// location_stocks: one entry per location where the product has a balance (had movements up to the
// cutoff, even when they net to zero) or has stock incoming; ordered by location id. Its `id` is the
// location's id. `location` is the location itself and `warehouse` its warehouse (the location's parent;
// for stock held directly at a warehouse, the warehouse itself). Each carries its `parent` (null for a
// warehouse).
import type { TenantDb } from '../../../db/tenant-client.js';
import type { Decimal } from '../../shared/decimal.js';
import { ProductIdSet, type ProductQuantities } from '../quantities.js';
import { formatDateOnly } from '../../shared/dates.js';

export interface ExportLocation {
  id: number;
  status: string;
  name: string;
  parentId: number | null;
  isPickLocation: boolean;
  createdAt: Date;
  updatedAt: Date;
  parent: ExportLocation | null;
}

export interface ExportLotStock {
  lotId: number;
  locationId: number;
  lotNumber: string;
  productionDate: string | null;
  expiryDate: string | null;
  qtyOnhand: Decimal;
}

export interface ExportLocationStock {
  id: number;
  warehouse: ExportLocation;
  location: ExportLocation;
  qtyOnhand: Decimal;
  qtyIncoming: Decimal;
  qtyPending: Decimal;
  qtyAvailable: Decimal;
  qtyAvailableViaAssembly: Decimal;
  qtyRecoverableViaDisassembly: Decimal;
  currentLandedUnitCost: Decimal | null;
  lotStocks: ExportLotStock[];
}

export interface StockExportRow extends Omit<ProductQuantities, 'productId' | 'locations'> {
  id: number;
  sku: string;
  name: string;
  type: string;
  categoryId: number | null;
  categoryName: string | null;
  subCategoryId: number | null;
  subCategoryName: string | null;
  updatedAt: Date;
  locationStocks: ExportLocationStock[];
}

export interface ExportProduct {
  id: number;
  sku: string;
  name: string;
  type: string;
  categoryId: number | null;
  subcategoryId: number | null;
  updatedAt: Date;
  category: { name: string } | null;
  subcategory: { name: string } | null;
}

const LOCATION_SELECT = { id: true, status: true, name: true, parentId: true, isPickLocation: true, createdAt: true, updatedAt: true } as const;

export async function buildExportRows(
  db: TenantDb,
  products: ExportProduct[],
  quantities: Map<number, ProductQuantities>,
): Promise<StockExportRow[]> {
  const locationIds = new Set<number>();
  const lotIds = new Set<number>();
  for (const q of quantities.values()) {
    for (const loc of q.locations) {
      locationIds.add(loc.locationId);
      for (const lot of loc.lots) lotIds.add(lot.lotId);
    }
  }
  const [locationRows, lotRows] = await Promise.all([
    locationIds.size === 0
      ? []
      : db.location.findMany({ where: { id: { in: [...locationIds] } }, select: { ...LOCATION_SELECT, parent: { select: LOCATION_SELECT } } }),
    lotIds.size === 0
      ? []
      : // By the page's products (a range for a keyset page, see ProductIdSet) rather than a long id list.
        db.lot.findMany({
          where: { productId: new ProductIdSet(products.map((p) => p.id)).filter },
          select: { id: true, lotNumber: true, productionDate: true, expiryDate: true },
        }),
  ]);
  const locations = new Map(
    locationRows.map((l) => {
      const parent = l.parent ? { ...l.parent, parent: null } : null;
      return [l.id, { location: { ...l, parent } as ExportLocation, warehouse: parent ?? ({ ...l, parent: null } as ExportLocation) }];
    }),
  );
  const lots = new Map(lotRows.filter((l) => lotIds.has(l.id)).map((l) => [l.id, l]));

  return products.map((product) => {
    const { productId: _productId, locations: perLocation, ...totals } = quantities.get(product.id)!;
    return {
      id: product.id,
      sku: product.sku,
      name: product.name,
      type: product.type,
      categoryId: product.categoryId,
      categoryName: product.category?.name ?? null,
      subCategoryId: product.subcategoryId,
      subCategoryName: product.subcategory?.name ?? null,
      ...totals,
      updatedAt: product.updatedAt,
      locationStocks: perLocation.map(({ locationId, lots: lotQuantities, ...q }) => {
        const place = locations.get(locationId)!;
        return {
          id: locationId,
          warehouse: place.warehouse,
          location: place.location,
          ...q,
          lotStocks: lotQuantities.map(({ lotId, qtyOnhand }) => {
            const lot = lots.get(lotId)!;
            return { lotId, locationId, lotNumber: lot.lotNumber, productionDate: formatDateOnly(lot.productionDate), expiryDate: formatDateOnly(lot.expiryDate), qtyOnhand };
          }),
        };
      }),
    };
  });
}

