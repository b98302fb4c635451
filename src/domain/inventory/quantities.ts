// The one definition of every stock quantity. Whatever shows a quantity (the stock export, stock queries,
// reports) computes it here, so the numbers agree everywhere. All quantities are in the product's base unit.
// qty_incoming and qty_pending also have a set-based SQL twin for whole-company work (quantities-sql.ts, used by
// the forecast table): a change to INCOMING_SOURCES or PENDING_SOURCES belongs there too.
//
// | Quantity                          | Definition                                                                                  |
// |-----------------------------------|---------------------------------------------------------------------------------------------|
// | qty_onhand                        | Sum of the stock balances (per product / location / lot). "As of" a ledger cutoff: the sum  |
// |                                   | of the stock movements with id ≤ the cutoff movement id (the ledger makes this exact).      |
// | qty_incoming                      | Units on their way in: open transfer lines into the location (status shipped or            |
// |                                   | partially_received: shippedQuantity − receivedQuantity), plus open purchase order lines    |
// |                                   | (submitted or partially_received: baseQuantity − baseQuantityReceived) at the order's      |
// |                                   | delivery warehouse (INCOMING_SOURCES).                                                       |
// | qty_pending                       | Units allocated to open sales orders, at the warehouse holding them (PENDING_SOURCES).      |
// | qty_available                     | max(qty_onhand − qty_pending, 0).                                                            |
// | qty_backordered                   | Open sales order demand that could not be allocated (BACKORDERED_SOURCES).                  |
// | qty_available_via_assembly        | How many more units could be built from available components: over the product's BOMs      |
// |                                   | (ProductBom → BomItem.baseQuantity), the max over BOMs of the min over the BOM's components |
// |                                   | of floor(qty_available(component) / baseQuantity); 0 without BOMs. Per location: with the  |
// |                                   | components available at that location.                                                       |
// | qty_recoverable_via_disassembly   | Units of this product recoverable by taking apart available parents: the sum over kits      |
// |                                   | containing it of qty_available(kit) × KitItem.baseUomQuantity, plus the sum over products   |
// |                                   | whose BOMs contain it of qty_available(parent) × its baseQuantity in the parent's first    |
// |                                   | (lowest id) BOM that contains it. Per location: with the parents available there.           |
// | qty_outstanding                   | Ordered from suppliers and not yet billed: lines of submitted, partially received and       |
// |                                   | received orders (not closed or cancelled), baseQuantity less what approved bills (open,     |
// |                                   | partially paid, paid) billed on them, in base units; at least 0 (OUTSTANDING_SOURCES).      |
// | current_landed_unit_cost          | landedUnitCost of the product's oldest open FIFO layer (receivedAt, then id; remaining > 0);|
// |                                   | null when no layer is open. FIFO runs per product across locations, so a location shows the |
// |                                   | product's value. "As of" a cutoff: a layer opened by a movement ≤ the cutoff and not used   |
// |                                   | up by consumptions ≤ the cutoff.                                                             |
//
// "As of" a cutoff, on-hand, cost and in-transit transfers all follow the ledger cutoff exactly; open
// purchase orders follow it by the time of the cutoff (submitted, closed, cancelled) and by the
// receipt movements up to it; sales orders are read as they stand when the page is computed.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { demandKey, kitComponents, lineDemands, OPEN_ORDER_STATUSES } from '../sales/index.js';

type Db = TenantDb | TenantTx;

export interface LotQuantities {
  lotId: number;
  qtyOnhand: Decimal;
}

export interface LocationQuantities {
  locationId: number;
  qtyOnhand: Decimal;
  qtyIncoming: Decimal;
  qtyPending: Decimal;
  qtyAvailable: Decimal;
  qtyAvailableViaAssembly: Decimal;
  qtyRecoverableViaDisassembly: Decimal;
  currentLandedUnitCost: Decimal | null;
  lots: LotQuantities[];
}

export interface ProductQuantities {
  productId: number;
  qtyOnhand: Decimal;
  qtyIncoming: Decimal;
  qtyPending: Decimal;
  qtyAvailable: Decimal;
  qtyBackordered: Decimal;
  qtyAvailableViaAssembly: Decimal;
  qtyRecoverableViaDisassembly: Decimal;
  qtyOutstanding: Decimal;
  currentLandedUnitCost: Decimal | null;
  /** Locations where the product has (or had, at the cutoff) a balance, or has stock incoming or reserved; by id. */
  locations: LocationQuantities[];
}

export interface QuantityOptions {
  /** Compute on-hand and cost as of this ledger cutoff (movement id, inclusive). Omit for the current state. */
  asOfMovementId?: number;
  /** With asOfMovementId: the time of that cutoff, for documents that have no movements (purchase orders). */
  asOfTime?: Date;
}

/** A quantity per product, and per location when it has one (product-level quantities have none). */
export interface QuantityRow {
  productId: number;
  locationId: number | null;
  quantity: Decimal;
}

type QuantitySource = (db: Db, productIds: ProductIdSet, asOfMovementId?: number, asOfTime?: Date) => Promise<QuantityRow[]>;

/**
 * A set of product ids and the filter that reads them. A dense set (a keyset page of the catalog, where ids
 * mostly follow each other) is read by id range and the few rows of other products in the range are dropped
 * in memory: a range scans the same index as an `IN` list of a thousand parameters, and costs far less to
 * plan (notably on PGlite). A sparse set uses `IN`.
 */
export class ProductIdSet {
  readonly ids: number[];
  private readonly members: Set<number> | null;
  readonly filter: { in: number[] } | { gte: number; lte?: number };

  /** The given products; `null` stands for every product of the company (ids then stays empty). */
  constructor(ids: Iterable<number> | null) {
    this.members = ids === null ? null : new Set(ids);
    this.ids = this.members === null ? [] : [...this.members].sort((a, b) => a - b);
    const span = this.ids.length === 0 ? 0 : this.ids[this.ids.length - 1] - this.ids[0] + 1;
    if (this.members === null) this.filter = { gte: 1 };
    else this.filter = span <= 4 * this.ids.length && this.ids.length > 0 ? { gte: this.ids[0], lte: this.ids[this.ids.length - 1] } : { in: this.ids };
  }

  has(id: number): boolean {
    return this.members === null || this.members.has(id);
  }
}

const TRANSFER_MOVEMENTS = ['TRANSFER_SHIPMENT', 'TRANSFER_RECEIPT', 'TRANSFER_CANCELLATION'];

/**
 * Open transfer lines into a location: shipped but not yet received. As of a ledger cutoff it comes from the
 * transfer movements up to the cutoff instead (shipped out − received − returned on cancel), so in-transit
 * stock follows the same cutoff as on-hand stock.
 */
const openTransfersInbound: QuantitySource = async (db, products, asOfMovementId) => {
  if (asOfMovementId !== undefined) return transfersInboundAsOf(db, products, asOfMovementId);
  const lines = await db.transferOrderLine.findMany({
    where: { productId: products.filter, transferOrder: { status: { in: ['shipped', 'partially_received'] } } },
    select: { productId: true, shippedQuantity: true, receivedQuantity: true, transferOrder: { select: { destinationLocationId: true } } },
  });
  return lines.filter((l) => products.has(l.productId)).map((l) => ({
    productId: l.productId,
    locationId: l.transferOrder.destinationLocationId,
    quantity: Decimal.max(l.shippedQuantity.minus(l.receivedQuantity), ZERO),
  }));
};

async function transfersInboundAsOf(db: Db, products: ProductIdSet, asOfMovementId: number): Promise<QuantityRow[]> {
  const sums = await db.stockMovement.groupBy({
    by: ['sourceId', 'productId'],
    where: { productId: products.filter, sourceType: { in: TRANSFER_MOVEMENTS }, id: { lte: asOfMovementId } },
    _sum: { quantity: true },
  });
  const transferIds = [...new Set(sums.map((row) => row.sourceId).filter((id): id is number => id !== null))];
  if (transferIds.length === 0) return [];
  const destinations = new Map(
    (await db.transferOrder.findMany({ where: { id: { in: transferIds } }, select: { id: true, destinationLocationId: true } })).map(
      (order) => [order.id, order.destinationLocationId],
    ),
  );
  // Shipments are negative at the source, receipts and cancellation returns positive: the net is minus
  // what is still on its way.
  return sums
    .filter((row) => row.sourceId !== null && products.has(row.productId) && destinations.has(row.sourceId))
    .map((row) => ({
      productId: row.productId,
      locationId: destinations.get(row.sourceId!)!,
      quantity: Decimal.max(new Decimal(row._sum.quantity ?? 0).negated(), ZERO),
    }));
}

/**
 * Open purchase order lines: ordered from a supplier (submitted or partially received) and not yet received,
 * incoming at the order's delivery warehouse; cancel and close end it. As of a ledger cutoff: orders
 * submitted by the time of the cutoff and not closed or cancelled by then, less what receipt
 * movements up to the cutoff brought in (voids up to the cutoff give it back).
 */
const openPurchaseOrdersInbound: QuantitySource = async (db, products, asOfMovementId, asOfTime) => {
  if (asOfMovementId !== undefined) return purchaseOrdersInboundAsOf(db, products, asOfMovementId, asOfTime ?? new Date());
  const lines = await db.purchaseOrderLine.findMany({
    where: { productId: products.filter, purchaseOrder: { status: { in: ['submitted', 'partially_received'] } } },
    select: { productId: true, baseQuantity: true, baseQuantityReceived: true, purchaseOrder: { select: { warehouseId: true } } },
  });
  return lines.filter((l) => products.has(l.productId)).map((l) => ({
    productId: l.productId,
    locationId: l.purchaseOrder.warehouseId,
    quantity: Decimal.max(l.baseQuantity.minus(l.baseQuantityReceived), ZERO),
  }));
};

const PURCHASE_MOVEMENTS = ['PURCHASE_RECEIPT', 'PURCHASE_RECEIPT_VOID'];

async function purchaseOrdersInboundAsOf(db: Db, products: ProductIdSet, asOfMovementId: number, at: Date): Promise<QuantityRow[]> {
  const lines = await db.purchaseOrderLine.findMany({
    where: {
      productId: products.filter,
      purchaseOrder: {
        submittedAt: { lte: at },
        AND: [{ OR: [{ closedAt: null }, { closedAt: { gt: at } }] }, { OR: [{ cancelledAt: null }, { cancelledAt: { gt: at } }] }],
      },
    },
    select: { id: true, productId: true, baseQuantity: true, purchaseOrder: { select: { warehouseId: true } } },
  });
  if (lines.length === 0) return [];
  const received = await db.stockMovement.groupBy({
    by: ['sourceLineId'],
    where: { sourceType: { in: PURCHASE_MOVEMENTS }, sourceLineId: { in: lines.map((line) => line.id) }, id: { lte: asOfMovementId } },
    _sum: { quantity: true },
  });
  const receivedOf = new Map(received.map((row) => [row.sourceLineId, new Decimal(row._sum.quantity ?? 0)]));
  return lines
    .filter((line) => products.has(line.productId))
    .map((line) => ({
      productId: line.productId,
      locationId: line.purchaseOrder.warehouseId,
      quantity: Decimal.max(line.baseQuantity.minus(receivedOf.get(line.id) ?? ZERO), ZERO),
    }));
}

/**
 * Ordered and not yet billed: what a supplier may still invoice. Bill lines are in the order line's unit, so
 * they count in base units at the line's ratio. Read as the documents stand, also for an "as of" cutoff.
 */
const unbilledPurchaseOrderLines: QuantitySource = async (db, products) => {
  const lines = await db.purchaseOrderLine.findMany({
    where: { productId: products.filter, purchaseOrder: { status: { in: ['submitted', 'partially_received', 'received'] } } },
    select: { id: true, productId: true, quantity: true, baseQuantity: true },
  });
  const owned = lines.filter((line) => products.has(line.productId));
  if (owned.length === 0) return [];
  const billed = await db.billLine.groupBy({
    by: ['purchaseOrderLineId'],
    where: { purchaseOrderLineId: { in: owned.map((line) => line.id) }, bill: { status: { in: ['open', 'partially_paid', 'paid'] } } },
    _sum: { quantity: true },
  });
  const billedOf = new Map(billed.map((row) => [row.purchaseOrderLineId, new Decimal(row._sum.quantity ?? 0)]));
  return owned.map((line) => {
    const billedBase = (billedOf.get(line.id) ?? ZERO).mul(line.baseQuantity).div(line.quantity);
    return { productId: line.productId, locationId: null, quantity: Decimal.max(line.baseQuantity.minus(billedBase), ZERO).toDecimalPlaces(10) };
  });
};

/**
 * Reserved for open sales orders: their allocations, at the warehouse that holds them (a kit line reserves
 * its components). Allocations exist only for open demand: cancelling, closing and shipping remove them.
 */
const salesOrderAllocations: QuantitySource = async (db, products) => {
  const rows = await db.salesOrderAllocation.groupBy({ by: ['productId', 'warehouseId'], where: { productId: products.filter }, _sum: { quantity: true } });
  return rows
    .filter((row) => products.has(row.productId))
    .map((row) => ({ productId: row.productId, locationId: row.warehouseId, quantity: new Decimal(row._sum.quantity ?? 0) }));
};

/**
 * Open sales order demand (confirmed or partially shipped, not yet shipped) that no warehouse could reserve:
 * demand (src/domain/sales/demand.ts) less its allocations, per product.
 */
const salesOrderBackorders: QuantitySource = async (db, products) => {
  const components = await db.kitItem.findMany({ where: { productId: products.filter }, select: { kitId: true } });
  const lines = await db.salesOrderLine.findMany({
    where: { OR: [{ productId: products.filter }, { productId: { in: components.map((c) => c.kitId) } }], salesOrder: { status: { in: OPEN_ORDER_STATUSES } } },
    select: { id: true, salesOrderId: true, productId: true, baseQuantity: true, baseQuantityShipped: true },
  });
  if (lines.length === 0) return [];
  const demands = lineDemands(lines, await kitComponents(db, lines.map((l) => l.productId))).filter((d) => products.has(d.productId));
  const allocations = await db.salesOrderAllocation.groupBy({ by: ['salesOrderLineId', 'productId'], where: { salesOrderLineId: { in: lines.map((l) => l.id) } }, _sum: { quantity: true } });
  const allocated = new Map(allocations.map((row) => [demandKey(row.salesOrderLineId, row.productId), new Decimal(row._sum.quantity ?? 0)]));
  return demands.map((d) => ({ productId: d.productId, locationId: null, quantity: Decimal.max(d.quantity.minus(allocated.get(demandKey(d.lineId, d.productId)) ?? ZERO), ZERO) }));
};

const OPEN_WORK_ORDERS = ['released', 'in_progress'];

/**
 * Released and in-progress work orders: the planned output not yet produced, at their destination warehouse.
 * As of a cutoff: the orders released and neither completed nor cancelled by then (their status history),
 * less the output the ledger holds up to the cutoff.
 */
const openWorkOrderOutput: QuantitySource = async (db, products, asOfMovementId, asOfTime) => {
  if (asOfMovementId !== undefined) return workOrderOutputAsOf(db, products, asOfMovementId, asOfTime ?? new Date());
  const orders = await db.workOrder.findMany({
    where: { producedSkuId: products.filter, status: { in: OPEN_WORK_ORDERS } },
    select: { producedSkuId: true, destinationWarehouseId: true, plannedQty: true, producedQty: true },
  });
  return orders
    .filter((o) => products.has(o.producedSkuId))
    .map((o) => ({ productId: o.producedSkuId, locationId: o.destinationWarehouseId, quantity: Decimal.max(o.plannedQty.minus(o.producedQty), ZERO) }));
};

async function workOrderOutputAsOf(db: Db, products: ProductIdSet, asOfMovementId: number, at: Date): Promise<QuantityRow[]> {
  const orders = await db.workOrder.findMany({
    where: {
      producedSkuId: products.filter,
      statusEvents: { some: { event: 'released', createdAt: { lte: at } } },
      NOT: { statusEvents: { some: { event: { in: ['completed', 'cancelled'] }, createdAt: { lte: at } } } },
    },
    select: { id: true, producedSkuId: true, destinationWarehouseId: true, plannedQty: true },
  });
  if (orders.length === 0) return [];
  const produced = await db.stockMovement.groupBy({
    by: ['sourceId'],
    where: { sourceType: 'WORK_ORDER_OUTPUT', sourceId: { in: orders.map((o) => o.id) }, id: { lte: asOfMovementId } },
    _sum: { quantity: true },
  });
  const producedOf = new Map(produced.map((row) => [row.sourceId, new Decimal(row._sum.quantity ?? 0)]));
  return orders
    .filter((o) => products.has(o.producedSkuId))
    .map((o) => ({ productId: o.producedSkuId, locationId: o.destinationWarehouseId, quantity: Decimal.max(o.plannedQty.minus(producedOf.get(o.id) ?? ZERO), ZERO) }));
}

/** Components that released and in-progress work orders still have to consume (BOM × unproduced), reserved at the production warehouse. */
const openWorkOrderComponents: QuantitySource = async (db, products) => {
  const items = await db.bomItem.findMany({
    where: { productId: products.filter, bom: { workOrders: { some: { status: { in: OPEN_WORK_ORDERS } } } } },
    select: { productId: true, baseQuantity: true, bom: { select: { workOrders: { where: { status: { in: OPEN_WORK_ORDERS } }, select: { productionWarehouseId: true, plannedQty: true, producedQty: true } } } } },
  });
  return items
    .filter((item) => products.has(item.productId))
    .flatMap((item) =>
      item.bom.workOrders.map((o) => ({ productId: item.productId, locationId: o.productionWarehouseId, quantity: Decimal.max(o.plannedQty.minus(o.producedQty), ZERO).mul(item.baseQuantity).toDecimalPlaces(10) })),
    );
};

// The documents that feed each quantity.
const INCOMING_SOURCES: QuantitySource[] = [openTransfersInbound, openPurchaseOrdersInbound, openWorkOrderOutput];
const PENDING_SOURCES: QuantitySource[] = [salesOrderAllocations, openWorkOrderComponents];
const BACKORDERED_SOURCES: QuantitySource[] = [salesOrderBackorders];
const OUTSTANDING_SOURCES: QuantitySource[] = [unbilledPurchaseOrderLines];

/**
 * Every quantity of the given products, in total and per location, with a fixed number of queries whatever
 * the number of products (no query per product).
 */
export async function computeProductQuantities(
  db: Db,
  productIds: number[],
  options: QuantityOptions = {},
): Promise<Map<number, ProductQuantities>> {
  const result = new Map<number, ProductQuantities>();
  if (productIds.length === 0) return result;
  const products = new ProductIdSet(productIds);
  const ids = products.ids;

  const structure = await loadStructure(db, products);
  const extras = new ProductIdSet(structure.relatedIds.filter((id) => !products.has(id)));
  const related = new ProductIdSet([...ids, ...extras.ids]);
  const [onhand, extraOnhand, incoming, pending, backordered, outstanding, costs] = await Promise.all([
    loadOnhand(db, products, options.asOfMovementId),
    extras.ids.length > 0 ? loadOnhand(db, extras, options.asOfMovementId) : new Map<number, OnhandProduct>(),
    collect(db, INCOMING_SOURCES, products, options.asOfMovementId, options.asOfTime),
    collect(db, PENDING_SOURCES, related),
    collect(db, BACKORDERED_SOURCES, products),
    collect(db, OUTSTANDING_SOURCES, products),
    loadOldestOpenLayerCosts(db, products, options.asOfMovementId),
  ]);
  for (const [id, stock] of extraOnhand) onhand.set(id, stock);

  // Availability of every product involved (the page and its components and parents), in total and per location.
  const available = new Map<number, { total: Decimal; byLocation: Map<number, Decimal> }>();
  const availabilityOf = (productId: number) => {
    let entry = available.get(productId);
    if (!entry) {
      const stock = onhand.get(productId);
      const byLocation = new Map<number, Decimal>();
      for (const [locationId, loc] of stock?.locations ?? []) {
        byLocation.set(locationId, availableFrom(loc.total, pending.at(productId, locationId)));
      }
      entry = { total: availableFrom(stock?.total ?? ZERO, pending.total(productId)), byLocation };
      available.set(productId, entry);
    }
    return entry;
  };
  const availableAt = (productId: number, locationId: number | null) =>
    locationId === null ? availabilityOf(productId).total : availabilityOf(productId).byLocation.get(locationId) ?? ZERO;

  for (const productId of ids) {
    const stock = onhand.get(productId);
    // A warehouse whose stock sits in its locations still shows what is reserved there.
    const locationIds = new Set<number>([...(stock?.locations.keys() ?? []), ...incoming.locationsOf(productId), ...pending.locationsOf(productId)]);
    const cost = costs.get(productId) ?? null;
    const locations = [...locationIds].sort((a, b) => a - b).map((locationId): LocationQuantities => {
      const loc = stock?.locations.get(locationId);
      const qtyOnhand = loc?.total ?? ZERO;
      const qtyPending = pending.at(productId, locationId);
      return {
        locationId,
        qtyOnhand,
        qtyIncoming: incoming.at(productId, locationId),
        qtyPending,
        qtyAvailable: availableFrom(qtyOnhand, qtyPending),
        qtyAvailableViaAssembly: viaAssembly(structure, productId, (c) => availableAt(c, locationId)),
        qtyRecoverableViaDisassembly: viaDisassembly(structure, productId, (p) => availableAt(p, locationId)),
        currentLandedUnitCost: cost,
        lots: [...(loc?.lots ?? [])]
          .sort(([a], [b]) => a - b)
          .map(([lotId, qty]) => ({ lotId, qtyOnhand: qty })),
      };
    });
    const qtyOnhand = stock?.total ?? ZERO;
    const qtyPending = pending.total(productId);
    result.set(productId, {
      productId,
      qtyOnhand,
      qtyIncoming: incoming.total(productId),
      qtyPending,
      qtyAvailable: availableFrom(qtyOnhand, qtyPending),
      qtyBackordered: backordered.total(productId),
      qtyAvailableViaAssembly: viaAssembly(structure, productId, (c) => availableAt(c, null)),
      qtyRecoverableViaDisassembly: viaDisassembly(structure, productId, (p) => availableAt(p, null)),
      qtyOutstanding: outstanding.total(productId),
      currentLandedUnitCost: cost,
      locations,
    });
  }
  return result;
}

/** qty_available from on hand and pending: never below zero. */
export function availableFrom(onhand: Decimal, pending: Decimal): Decimal {
  return Decimal.max(onhand.minus(pending), ZERO);
}

export interface WarehouseQuantities {
  warehouseId: number;
  qtyOnhand: Decimal;
  qtyPending: Decimal;
  qtyIncoming: Decimal;
  qtyAvailable: Decimal;
}

/**
 * A product's quantities per warehouse from its quantities per location: on hand, pending and incoming summed over
 * the warehouse and its locations, available from those sums as for the product in total (what is reserved at
 * the warehouse is taken from the stock in its locations). By warehouse id.
 */
export function warehouseQuantities(
  locations: ReadonlyArray<Pick<LocationQuantities, 'locationId' | 'qtyOnhand' | 'qtyPending' | 'qtyIncoming'>>,
  warehouseOf: (locationId: number) => number,
): WarehouseQuantities[] {
  const sums = new Map<number, { qtyOnhand: Decimal; qtyPending: Decimal; qtyIncoming: Decimal }>();
  for (const location of locations) {
    const warehouseId = warehouseOf(location.locationId);
    const sum = sums.get(warehouseId) ?? { qtyOnhand: ZERO, qtyPending: ZERO, qtyIncoming: ZERO };
    sums.set(warehouseId, {
      qtyOnhand: sum.qtyOnhand.plus(location.qtyOnhand),
      qtyPending: sum.qtyPending.plus(location.qtyPending),
      qtyIncoming: sum.qtyIncoming.plus(location.qtyIncoming),
    });
  }
  return [...sums]
    .sort(([a], [b]) => a - b)
    .map(([warehouseId, sum]) => ({ warehouseId, ...sum, qtyAvailable: availableFrom(sum.qtyOnhand, sum.qtyPending) }));
}

// ── On hand ──

interface OnhandLocation {
  total: Decimal;
  /** lot id → quantity (stock without a lot counts in total only). */
  lots: Map<number, Decimal>;
}
interface OnhandProduct {
  total: Decimal;
  locations: Map<number, OnhandLocation>;
}

/** On hand per product / location / lot: from the balances, or from the ledger up to a cutoff. */
async function loadOnhand(db: Db, products: ProductIdSet, asOfMovementId: number | undefined): Promise<Map<number, OnhandProduct>> {
  const rows =
    asOfMovementId === undefined
      ? await db.stockBalance.findMany({
          where: { productId: products.filter },
          select: { productId: true, locationId: true, lotId: true, quantity: true },
        })
      : (
          await db.stockMovement.groupBy({
            by: ['productId', 'locationId', 'lotId'],
            where: { productId: products.filter, id: { lte: asOfMovementId } },
            _sum: { quantity: true },
          })
        ).map((g) => ({ productId: g.productId, locationId: g.locationId, lotId: g.lotId, quantity: g._sum.quantity ?? ZERO }));

  const byProduct = new Map<number, OnhandProduct>();
  for (const row of rows) {
    if (!products.has(row.productId)) continue;
    let product = byProduct.get(row.productId);
    if (!product) byProduct.set(row.productId, (product = { total: ZERO, locations: new Map() }));
    let location = product.locations.get(row.locationId);
    if (!location) product.locations.set(row.locationId, (location = { total: ZERO, lots: new Map() }));
    product.total = product.total.plus(row.quantity);
    location.total = location.total.plus(row.quantity);
    if (row.lotId !== null) location.lots.set(row.lotId, (location.lots.get(row.lotId) ?? ZERO).plus(row.quantity));
  }
  return byProduct;
}

// ── Document-fed quantities ──

interface Collected {
  total(productId: number): Decimal;
  at(productId: number, locationId: number): Decimal;
  locationsOf(productId: number): number[];
}

async function collect(db: Db, sources: QuantitySource[], products: ProductIdSet, asOfMovementId?: number, asOfTime?: Date): Promise<Collected> {
  const totals = new Map<number, Decimal>();
  const perLocation = new Map<number, Map<number, Decimal>>();
  for (const source of sources) {
    for (const row of await source(db, products, asOfMovementId, asOfTime)) {
      totals.set(row.productId, (totals.get(row.productId) ?? ZERO).plus(row.quantity));
      if (row.locationId === null || row.quantity.isZero()) continue;
      let locations = perLocation.get(row.productId);
      if (!locations) perLocation.set(row.productId, (locations = new Map()));
      locations.set(row.locationId, (locations.get(row.locationId) ?? ZERO).plus(row.quantity));
    }
  }
  return {
    total: (productId) => totals.get(productId) ?? ZERO,
    at: (productId, locationId) => perLocation.get(productId)?.get(locationId) ?? ZERO,
    locationsOf: (productId) => [...(perLocation.get(productId)?.keys() ?? [])],
  };
}

/**
 * qty_incoming per product and location (non-zero only), for the given products or every product (`null`),
 * now or as of a ledger cutoff: the same sources as computeProductQuantities.
 */
export function incomingByLocation(db: Db, productIds: Iterable<number> | null, options: QuantityOptions = {}): Promise<LocationQuantity[]> {
  return sumByLocation(db, INCOMING_SOURCES, new ProductIdSet(productIds), options);
}

/** qty_pending per product and warehouse (non-zero only), as the sales orders stand now. */
export function pendingByLocation(db: Db, productIds: Iterable<number> | null): Promise<LocationQuantity[]> {
  return sumByLocation(db, PENDING_SOURCES, new ProductIdSet(productIds), {});
}

export interface LocationQuantity {
  productId: number;
  locationId: number;
  quantity: Decimal;
}

async function sumByLocation(db: Db, sources: QuantitySource[], products: ProductIdSet, options: QuantityOptions): Promise<LocationQuantity[]> {
  const sums = new Map<string, LocationQuantity>();
  for (const source of sources) {
    for (const row of await source(db, products, options.asOfMovementId, options.asOfTime)) {
      if (row.locationId === null) continue;
      const key = `${row.productId}:${row.locationId}`;
      const sum = sums.get(key) ?? { productId: row.productId, locationId: row.locationId, quantity: ZERO };
      sum.quantity = sum.quantity.plus(row.quantity);
      sums.set(key, sum);
    }
  }
  return [...sums.values()].filter((row) => !row.quantity.isZero());
}

// ── Assembly and disassembly ──

interface Structure {
  /** product → its BOMs, each as component → base quantity per unit built. */
  bomsOf: Map<number, Map<number, Decimal>[]>;
  /** component → parents it can be recovered from, with the units recovered per parent unit. */
  parentsOf: Map<number, { parentId: number; perUnit: Decimal }[]>;
  relatedIds: number[];
}

async function loadStructure(db: Db, products: ProductIdSet): Promise<Structure> {
  const [productBomRows, bomLineRows, kitLineRows] = await Promise.all([
    db.productBom.findMany({
      where: { productId: products.filter },
      select: { productId: true, bomId: true, bom: { select: { items: { select: { productId: true, baseQuantity: true } } } } },
      orderBy: [{ productId: 'asc' }, { bomId: 'asc' }],
    }),
    db.bomItem.findMany({
      where: { productId: products.filter },
      select: { productId: true, bomId: true, baseQuantity: true, bom: { select: { products: { select: { productId: true } } } } },
      orderBy: [{ bomId: 'asc' }, { id: 'asc' }],
    }),
    db.kitItem.findMany({ where: { productId: products.filter }, select: { kitId: true, productId: true, baseUomQuantity: true } }),
  ]);
  const productBoms = productBomRows.filter((r) => products.has(r.productId));
  const bomLines = bomLineRows.filter((r) => products.has(r.productId));
  const kitLines = kitLineRows.filter((r) => products.has(r.productId));
  const related = new Set<number>();

  const bomsOf = new Map<number, Map<number, Decimal>[]>();
  for (const pb of productBoms) {
    const components = new Map<number, Decimal>();
    for (const item of pb.bom.items) {
      components.set(item.productId, (components.get(item.productId) ?? ZERO).plus(item.baseQuantity));
      related.add(item.productId);
    }
    bomsOf.set(pb.productId, [...(bomsOf.get(pb.productId) ?? []), components]);
  }

  const parentsOf = new Map<number, { parentId: number; perUnit: Decimal }[]>();
  const add = (componentId: number, parentId: number, perUnit: Decimal) => {
    const list = parentsOf.get(componentId) ?? [];
    list.push({ parentId, perUnit });
    parentsOf.set(componentId, list);
    related.add(parentId);
  };
  // A kit counts once per kit: the sum of its lines for the component.
  const kitQty = new Map<string, { componentId: number; kitId: number; qty: Decimal }>();
  for (const line of kitLines) {
    const key = `${line.productId}:${line.kitId}`;
    const entry = kitQty.get(key) ?? { componentId: line.productId, kitId: line.kitId, qty: ZERO };
    entry.qty = entry.qty.plus(line.baseUomQuantity);
    kitQty.set(key, entry);
  }
  for (const { componentId, kitId, qty } of kitQty.values()) add(componentId, kitId, qty);
  // A BOM parent is taken apart along its first (lowest id) BOM containing the component; lines of that BOM add up.
  const bomQty = new Map<string, { componentId: number; parentId: number; bomId: number; qty: Decimal }>();
  for (const line of bomLines) {
    for (const { productId: parentId } of line.bom.products) {
      if (parentId === line.productId) continue;
      const key = `${line.productId}:${parentId}`;
      const entry = bomQty.get(key);
      if (!entry) bomQty.set(key, { componentId: line.productId, parentId, bomId: line.bomId, qty: line.baseQuantity });
      else if (entry.bomId === line.bomId) entry.qty = entry.qty.plus(line.baseQuantity);
    }
  }
  for (const { componentId, parentId, qty } of bomQty.values()) add(componentId, parentId, qty);

  return { bomsOf, parentsOf, relatedIds: [...related] };
}

function viaAssembly(structure: Structure, productId: number, availableOf: (componentId: number) => Decimal): Decimal {
  let best = ZERO;
  for (const components of structure.bomsOf.get(productId) ?? []) {
    let buildable: Decimal | null = null;
    for (const [componentId, perUnit] of components) {
      if (componentId === productId || perUnit.lte(0)) continue;
      const n = availableOf(componentId).div(perUnit).floor();
      buildable = buildable === null ? n : Decimal.min(buildable, n);
    }
    if (buildable !== null && buildable.gt(best)) best = buildable;
  }
  return best;
}

function viaDisassembly(structure: Structure, productId: number, availableOf: (parentId: number) => Decimal): Decimal {
  let total = ZERO;
  for (const { parentId, perUnit } of structure.parentsOf.get(productId) ?? []) {
    total = total.plus(availableOf(parentId).times(perUnit));
  }
  return total;
}

// ── FIFO cost ──

/** The FIFO unit cost of each product now: what its next issue would cost (current_landed_unit_cost). One query. */
export function fifoUnitCosts(db: Db, productIds: Iterable<number>): Promise<Map<number, Decimal>> {
  return loadOldestOpenLayerCosts(db, new ProductIdSet(productIds), undefined);
}

/** landedUnitCost of each product's oldest open layer (receivedAt, then id), now or as of a cutoff. */
async function loadOldestOpenLayerCosts(db: Db, products: ProductIdSet, asOfMovementId: number | undefined): Promise<Map<number, Decimal>> {
  // As of a cutoff, a layer is open when it existed then and consumptions up to the cutoff left some of it:
  // remaining now + what later movements consumed. Later consumptions are few (activity since the cutoff).
  const consumedLater = new Map<number, Decimal>();
  if (asOfMovementId !== undefined) {
    const later = await db.costLayerConsumption.groupBy({
      by: ['layerId'],
      where: { movementId: { gt: asOfMovementId } },
      _sum: { quantity: true },
    });
    for (const g of later) consumedLater.set(g.layerId, g._sum.quantity ?? ZERO);
  }
  const layers = await db.costLayer.findMany({
    where: {
      productId: products.filter,
      ...(asOfMovementId === undefined
        ? { remainingQuantity: { gt: 0 } }
        : { movementId: { lte: asOfMovementId }, OR: [{ remainingQuantity: { gt: 0 } }, { id: { in: [...consumedLater.keys()] } }] }),
    },
    select: { id: true, productId: true, remainingQuantity: true, landedUnitCost: true },
    orderBy: [{ productId: 'asc' }, { receivedAt: 'asc' }, { id: 'asc' }],
  });
  const costs = new Map<number, Decimal>();
  for (const layer of layers) {
    if (costs.has(layer.productId) || !products.has(layer.productId)) continue;
    const remaining = layer.remainingQuantity.plus(consumedLater.get(layer.id) ?? ZERO);
    if (remaining.gt(0)) costs.set(layer.productId, layer.landedUnitCost);
  }
  return costs;
}
