// The X12 810 invoice of an issued invoice whose order came through an EDI channel: BIG with the invoice and
// the customer's PO numbers, the currency, the bill of lading and PRO of the shipment it bills, the remit-to
// and ship-to parties, one IT1 per product line, shipping and fees as SAC charges, TDS with the total in
// hundredths, CAD with the carrier's SCAC. A fixed number of queries whatever the size of the invoice.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Address } from '../sales/index.js';
import { createOutboundDocument, ediChannelOfOrder } from './edi-documents.js';
import { addressSegments, impliedCents, quantityText } from './segments.js';
import { x12Date, x12Text, type Segment } from './x12.js';

/** SAC02 codes: D240 freight; ZZZZ mutually defined (fees). */
const CHARGE_CODES: Record<string, string> = { shipping: 'D240', fee: 'ZZZZ' };

/** Logs the 810 of an invoice whose order trades by EDI; null for any other invoice (and for credit notes). */
export async function writeInvoiceDocument(tx: TenantTx, invoiceId: number, salesOrderId: number, at = new Date()): Promise<number | null> {
  const channel = await ediChannelOfOrder(tx, salesOrderId);
  if (!channel) return null;
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: byId(invoiceId),
    include: {
      salesOrder: { select: { orderNumber: true, externalOrderId: true, orderDate: true, shipTo: true } },
      lines: {
        orderBy: { position: 'asc' },
        select: { type: true, description: true, sku: true, quantity: true, unitPrice: true, amount: true, shipment: { select: { billOfLadingNumber: true, proNumber: true, carrierAlphaCode: true, carrier: true, service: true, shipDate: true } } },
      },
    },
  });
  if (invoice.kind !== 'invoice') return null;
  const company = await tx.company.findFirstOrThrow({ select: { name: true } });

  const order = invoice.salesOrder;
  const shipment = invoice.lines.find((line) => line.shipment)?.shipment ?? null;
  const segments: Segment[] = [['BIG', x12Date(invoice.issueDate), x12Text(invoice.invoiceNumber, 22), x12Date(order.orderDate), x12Text(order.externalOrderId ?? order.orderNumber, 22)]];
  segments.push(['CUR', 'SE', invoice.currency]);
  if (shipment?.billOfLadingNumber) segments.push(['REF', 'BM', x12Text(shipment.billOfLadingNumber, 30)]);
  if (shipment?.proNumber) segments.push(['REF', 'CN', x12Text(shipment.proNumber, 30)]);
  segments.push(['N1', 'RE', x12Text(company.name, 60)]);
  segments.push(...addressSegments('ST', order.shipTo as Address | null));
  if (shipment?.shipDate) segments.push(['DTM', '011', x12Date(shipment.shipDate)]);

  const products = invoice.lines.filter((line) => line.type === 'product');
  products.forEach((line, index) => {
    segments.push(['IT1', index + 1, quantityText(line.quantity), 'EA', quantityText(line.unitPrice), null, 'VP', x12Text(line.sku, 48)]);
    segments.push(['PID', 'F', null, null, null, x12Text(line.description, 80)]);
  });
  segments.push(['TDS', impliedCents(invoice.total)]);
  if (invoice.taxTotal.gt(0)) segments.push(['TXI', 'TX', quantityText(invoice.taxTotal)]);
  if (shipment?.carrierAlphaCode || shipment?.carrier) {
    segments.push(['CAD', null, null, null, x12Text(shipment.carrierAlphaCode, 4), x12Text([shipment.carrier, shipment.service].filter(Boolean).join(' '), 35)]);
  }
  for (const charge of invoice.lines.filter((line) => line.type !== 'product')) {
    // SAC05 is the amount; SAC15 the description (elements 6 to 14 stay empty).
    segments.push(['SAC', 'C', CHARGE_CODES[charge.type] ?? 'ZZZZ', null, null, impliedCents(charge.amount), ...Array(9).fill(null), x12Text(charge.description, 80)]);
  }
  segments.push(['CTT', products.length]);
  return createOutboundDocument(tx, channel, '810', { type: 'invoice', id: invoice.id }, segments, at);
}
