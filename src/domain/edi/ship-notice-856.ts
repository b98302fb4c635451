// The X12 856 ship notice of a shipped shipment, in the shipment / order / pack / item hierarchy (SOPI):
// the shipment level carries the carrier's SCAC (TD5), the bill of lading and PRO numbers (REF BM, CN), the
// ship date and both parties; the order level the customer's PO number; one pack level per package, nested
// as the packages nest, with its SSCC (MAN GM); item levels under the package holding them, or under the
// order when the shipment has no packages. A fixed number of queries whatever the size of the shipment.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Address } from '../sales/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { createOutboundDocument, ediChannelOfOrder } from './edi-documents.js';
import { addressSegments, quantityText } from './segments.js';
import { x12Date, x12Text, x12Time, type Segment } from './x12.js';

/** Logs the 856 of a shipment whose order came through an EDI channel; null for any other shipment. */
export async function writeShipNotice(tx: TenantTx, shipmentId: number, salesOrderId: number, at = new Date()): Promise<number | null> {
  const channel = await ediChannelOfOrder(tx, salesOrderId);
  if (!channel) return null;
  const shipment = await tx.shipment.findUniqueOrThrow({
    where: byId(shipmentId),
    include: {
      salesOrder: { select: { id: true, orderNumber: true, externalOrderId: true, orderDate: true, shipTo: true } },
      lines: { orderBy: { position: 'asc' }, select: { quantity: true, product: { select: { sku: true } }, lot: { select: { lotNumber: true } } } },
      packages: {
        orderBy: { position: 'asc' },
        select: { id: true, parentPackageId: true, sscc: true, tracking: true, weightLb: true, items: { orderBy: { id: 'asc' }, select: { quantity: true, lotNumber: true, salesOrderLine: { select: { product: { select: { sku: true } } } } } } },
      },
    },
  });
  const company = await tx.company.findFirstOrThrow({ select: { name: true } });

  const shippedAt = shipment.shippedAt ?? at;
  const segments: Segment[] = [['BSN', '00', String(shipment.id), x12Date(shippedAt), x12Time(shippedAt), '0001']];
  let level = 0;
  const hl = (parent: number | null, code: string) => {
    level += 1;
    segments.push(['HL', level, parent, code]);
    return level;
  };

  const shipmentLevel = hl(null, 'S');
  const topPackages = shipment.packages.filter((p) => p.parentPackageId === null);
  if (topPackages.length > 0) {
    const weight = shipment.packages.reduce((sum, p) => sum.plus(p.weightLb ?? ZERO), ZERO);
    segments.push(['TD1', 'CTN', topPackages.length, null, null, null, weight.gt(0) ? 'G' : null, weight.gt(0) ? weight.toDecimalPlaces(2).toString() : null, weight.gt(0) ? 'LB' : null]);
  }
  if (shipment.carrierAlphaCode || shipment.carrier) {
    segments.push(['TD5', 'B', shipment.carrierAlphaCode ? '2' : null, x12Text(shipment.carrierAlphaCode, 10), null, x12Text([shipment.carrier, shipment.service].filter(Boolean).join(' '), 35)]);
  }
  if (shipment.trailerNumber) segments.push(['TD3', 'TL', null, x12Text(shipment.trailerNumber, 10)]);
  if (shipment.billOfLadingNumber) segments.push(['REF', 'BM', x12Text(shipment.billOfLadingNumber, 30)]);
  if (shipment.proNumber) segments.push(['REF', 'CN', x12Text(shipment.proNumber, 30)]);
  if (shipment.trackingNumber) segments.push(['REF', '2I', x12Text(shipment.trackingNumber, 30)]);
  segments.push(['DTM', '011', x12Date(shippedAt)]);
  segments.push(...addressSegments('ST', shipment.salesOrder.shipTo as Address | null));
  segments.push(['N1', 'SF', x12Text(company.name, 60)]);

  const order = shipment.salesOrder;
  const orderLevel = hl(shipmentLevel, 'O');
  segments.push(['PRF', x12Text(order.externalOrderId ?? order.orderNumber, 22), null, null, x12Date(order.orderDate)]);

  const item = (parent: number, sku: string, quantity: Decimal, lot: string | null | undefined) => {
    hl(parent, 'I');
    segments.push(['LIN', null, 'VP', x12Text(sku, 48), ...(lot ? ['LT', x12Text(lot, 48)] : [])]);
    segments.push(['SN1', null, quantityText(quantity), 'EA']);
  };
  if (topPackages.length === 0) {
    for (const line of shipment.lines) item(orderLevel, line.product.sku, line.quantity, line.lot?.lotNumber);
  } else {
    const childrenOf = (parentId: number | null) => shipment.packages.filter((p) => p.parentPackageId === parentId);
    const pack = (parent: number, pkg: (typeof shipment.packages)[number]) => {
      const packLevel = hl(parent, 'P');
      segments.push(['MAN', 'GM', pkg.sscc]);
      if (pkg.tracking) segments.push(['REF', '2I', x12Text(pkg.tracking, 30)]);
      for (const child of childrenOf(pkg.id)) pack(packLevel, child);
      for (const content of pkg.items) item(packLevel, content.salesOrderLine.product.sku, content.quantity, content.lotNumber);
    };
    for (const pkg of topPackages) pack(orderLevel, pkg);
  }
  segments.push(['CTT', level]);
  return createOutboundDocument(tx, channel, '856', { type: 'shipment', id: shipment.id }, segments, at);
}
