// What a shipment bills the customer: one line per order line it shipped (in the order line's unit, at its
// price after discount), the channel's shipping charge, and its per-package fee for each top-level package
// (times its package_quantity). The channel's `fees` object may hold `shippingCharge` and `perPackageFee`, in
// the order's currency. Amounts are rounded to the currency's minor units. Invoices are built from these
// lines, so a shipment's lines sum to what its invoice bills.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { NotFoundError } from '../shared/errors.js';
import { demandKey, kitComponents, lineAllocated, lineDemands } from '../sales/index.js';

export interface BillableLine {
  type: 'product' | 'shipping' | 'fee';
  description: string;
  sku: string | null;
  quantity: Decimal;
  unitPrice: Decimal;
  amount: Decimal;
  /** The order line's tax on the amount (0 for charges). */
  taxAmount: Decimal;
  currency: string;
  salesOrderLineId: number | null;
  shipmentId: number;
}

/** The billable lines of shipped shipments, in order: a fixed number of queries whatever their number. */
export async function billableLinesOf(db: TenantDb | TenantTx, shipmentIds: number[]): Promise<BillableLine[]> {
  if (shipmentIds.length === 0) return [];
  const shipments = await db.shipment.findMany({
    where: { id: { in: shipmentIds }, status: 'shipped' },
    orderBy: { id: 'asc' },
    include: {
      lines: true,
      packages: { where: { parentPackageId: null }, select: { packageQuantity: true } },
      salesOrder: { select: { currency: true, channel: { select: { fees: true } }, lines: { include: { product: { select: { sku: true, name: true } } }, orderBy: { position: 'asc' } } } },
    },
  });
  const kits = await kitComponents(db, shipments.flatMap((s) => s.salesOrder.lines.map((l) => l.productId)));
  return shipments.flatMap((shipment) => {
    const { currency, lines: orderLines, channel } = shipment.salesOrder;
    const shippedOf = new Map<string, Decimal>();
    for (const line of shipment.lines) {
      const key = demandKey(line.salesOrderLineId, line.productId);
      shippedOf.set(key, (shippedOf.get(key) ?? ZERO).plus(line.quantity));
    }
    const products = orderLines.flatMap((line): BillableLine[] => {
      const demands = lineDemands([{ ...line, baseQuantityShipped: ZERO }], kits).filter((d) => shippedOf.has(demandKey(d.lineId, d.productId)));
      if (demands.length === 0) return [];
      // Base units (whole kits for a kit line) back into the line's unit.
      const quantity = lineAllocated(demands, (key) => shippedOf.get(key) ?? ZERO).mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(10);
      const unitPrice = line.unitPrice.mul(new Decimal(100).minus(line.discountPercent)).div(100).toDecimalPlaces(10);
      const amount = roundToCurrency(quantity.mul(unitPrice), currency);
      const taxAmount = roundToCurrency(amount.mul(line.taxRate).div(100), currency);
      return [{ type: 'product', description: line.product.name, sku: line.product.sku, quantity, unitPrice, amount, taxAmount, currency, salesOrderLineId: line.id, shipmentId: shipment.id }];
    });
    const fees = (channel.fees ?? {}) as { shippingCharge?: unknown; perPackageFee?: unknown };
    const charge = (value: unknown) => (typeof value === 'number' && value > 0 ? roundToCurrency(new Decimal(String(value)), currency) : null);
    const charges: BillableLine[] = [];
    const shipping = charge(fees.shippingCharge);
    if (shipping) charges.push({ type: 'shipping', description: 'Shipping', sku: null, quantity: new Decimal(1), unitPrice: shipping, amount: shipping, taxAmount: ZERO, currency, salesOrderLineId: null, shipmentId: shipment.id });
    const perPackage = charge(fees.perPackageFee);
    const packages = shipment.packages.reduce((sum, p) => sum + p.packageQuantity, 0);
    if (perPackage && packages > 0) {
      charges.push({ type: 'fee', description: 'Package fee', sku: null, quantity: new Decimal(packages), unitPrice: perPackage, amount: roundToCurrency(perPackage.mul(packages), currency), taxAmount: ZERO, currency, salesOrderLineId: null, shipmentId: shipment.id });
    }
    return [...products, ...charges];
  });
}

/** GET /shipments/{id}/billable-lines: a draft or void shipment bills nothing. */
export async function shipmentBillableLines(db: TenantDb, shipmentId: number): Promise<BillableLine[]> {
  if (!(await db.shipment.findUnique({ where: byId(shipmentId), select: { id: true } }))) throw new NotFoundError('Shipment', shipmentId);
  return billableLinesOf(db, [shipmentId]);
}
