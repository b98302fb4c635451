// The X12 855 acknowledgement of an 850 that became a sales order: BAK with the partner's PO number and our
// order number, then per PO line what we do with it: ACK IA (accepted: reserved now) and ACK IB (backordered)
// with their quantities. BAK02 is AD (acknowledged, no change) when every line is reserved in full, else AC
// (acknowledged with changes: some is backordered). Two queries whatever the size of the order.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { allocatedInLineUnit, backorderedInLineUnit, LINE_ALLOCATION_SELECT, type LineFacts } from '../sales/index.js';
import { createOutboundDocument, type EdiChannel } from './edi-documents.js';
import { quantityText } from './segments.js';
import { x12Date, x12Text, type Segment } from './x12.js';

/** `lineNumbers`: the PO101 assigned ids of the 850's lines, in the order they became order lines. */
export async function writeOrderAcknowledgement(tx: TenantTx, channel: EdiChannel, salesOrderId: number, lineNumbers: string[], at = new Date()): Promise<number> {
  const order = await tx.salesOrder.findUniqueOrThrow({
    where: byId(salesOrderId),
    select: {
      id: true,
      orderNumber: true,
      externalOrderId: true,
      orderDate: true,
      lines: { orderBy: { position: 'asc' }, select: { ...LINE_ALLOCATION_SELECT, unitPrice: true, product: { select: { sku: true, kitItems: LINE_ALLOCATION_SELECT.product.select.kitItems } } } },
    },
  });
  const lines = order.lines.map((line) => ({ line, reserved: allocatedInLineUnit(line as LineFacts), backordered: backorderedInLineUnit(line as LineFacts) }));
  const changed = lines.some(({ backordered }) => backordered.gt(0));
  const segments: Segment[] = [['BAK', '00', changed ? 'AC' : 'AD', x12Text(order.externalOrderId ?? order.orderNumber, 22), x12Date(order.orderDate), null, null, null, x12Text(order.orderNumber, 22)]];
  lines.forEach(({ line, reserved, backordered }, index) => {
    segments.push(['PO1', lineNumbers[index] ?? index + 1, quantityText(line.quantity), 'EA', quantityText(line.unitPrice), null, 'VP', x12Text(line.product.sku, 48)]);
    if (reserved.gt(0)) segments.push(['ACK', 'IA', quantityText(reserved), 'EA']);
    if (backordered.gt(0)) segments.push(['ACK', 'IB', quantityText(backordered), 'EA']);
  });
  segments.push(['CTT', lines.length]);
  return createOutboundDocument(tx, channel, '855', { type: 'sales_order', id: order.id }, segments, at);
}
