// A shipment's packing slip as a PDF: who ships, the order and the customer's PO number, the ship date,
// carrier, tracking, bill of lading and PRO numbers, the ship-to address, what the shipment holds (SKU,
// product, lot, quantity) and, when it was packed, each package with its SSCC and contents, nested packages
// indented under their parent. No prices: the slip travels with the goods. It lays out the `shipment` GraphQL
// field's result and decides nothing.
import type { Address } from '../sales/index.js';
import { Decimal } from '../shared/decimal.js';
import { drawHeading, finishPdf, PDF_MARGIN, PdfTable, startPdf, type PdfColumn } from '../shared/pdf-table.js';

type Quantity = Decimal | number | string;

export interface PrintableShipment {
  id: number;
  companyName: string;
  status: string;
  carrier?: string | null;
  service?: string | null;
  shipDate?: string | null;
  trackingNumber?: string | null;
  billOfLadingNumber?: string | null;
  proNumber?: string | null;
  salesOrder: { orderNumber: string; externalOrderId?: string | null; shipTo?: Address | null; lines: Array<{ id: number; product: { sku: string; name: string } }> };
  lines: Array<{ product: { sku: string; name: string }; quantity: Quantity; lot?: { lotNumber: string } | null }>;
  packages: Array<{ id: number; parentPackageId?: number | null; sscc: string; tracking?: string | null; items: Array<{ orderItemId: number; quantity: Quantity; lotNumber?: string | null }> }>;
}

const ITEM_COLUMNS = [
  { title: 'SKU', width: 100, align: 'left' },
  { title: 'Product', width: 255, align: 'left' },
  { title: 'Lot', width: 90, align: 'left' },
  { title: 'Quantity', width: 70, align: 'right' },
] satisfies PdfColumn[];
const PACKAGE_COLUMNS = [
  { title: 'Package (SSCC)', width: 160, align: 'left' },
  { title: 'Tracking', width: 110, align: 'left' },
  { title: 'Contents', width: 245, align: 'left' },
] satisfies PdfColumn[];
const WIDTH = 515;

export const packingSlipFileName = (shipment: { id: number }) => `packing-slip-${shipment.id}.pdf`;

export async function renderPackingSlipPdf(shipment: PrintableShipment): Promise<Buffer> {
  const title = `Packing slip — shipment ${shipment.id}`;
  const { doc, done } = await startPdf({ Title: title, Author: shipment.companyName });
  const order = shipment.salesOrder;
  const facts: Array<[string, string | null | undefined]> = [
    ['Sales order', order.orderNumber],
    ['Customer PO', order.externalOrderId],
    ['Ship date', shipment.shipDate],
    ['Status', shipment.status],
    ['Carrier', [shipment.carrier, shipment.service].filter(Boolean).join(' ') || null],
    ['Tracking', shipment.trackingNumber],
    ['Bill of lading', shipment.billOfLadingNumber],
    ['PRO number', shipment.proNumber],
  ];
  drawHeading(doc, shipment.companyName, title, facts.filter((fact): fact is [string, string] => !!fact[1]), WIDTH);
  const shipTo = addressLines(order.shipTo);
  if (shipTo.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').text('Ship to');
    doc.font('Helvetica').text(shipTo.join('\n'));
  }

  const continued = `${shipment.companyName} — packing slip, shipment ${shipment.id} (order ${order.orderNumber}), continued`;
  const items = new PdfTable(doc, ITEM_COLUMNS, continued, doc.y + 10);
  items.header();
  for (const line of shipment.lines) items.row([line.product.sku, line.product.name, line.lot?.lotNumber ?? '', quantity(line.quantity)]);

  if (shipment.packages.length > 0) {
    const skuOf = new Map(order.lines.map((line) => [line.id, line.product.sku]));
    const packages = new PdfTable(doc, PACKAGE_COLUMNS, continued, items.y);
    packages.ensureRoom(60, false);
    doc.font('Helvetica-Bold').fontSize(9).text('Packages', PDF_MARGIN, packages.y + 14, { width: WIDTH });
    packages.y = doc.y + 4;
    packages.header();
    const place = (parentId: number | null, depth: number) => {
      for (const pkg of shipment.packages.filter((p) => (p.parentPackageId ?? null) === parentId)) {
        const contents = pkg.items.map((item) => `${skuOf.get(item.orderItemId) ?? `line ${item.orderItemId}`} × ${quantity(item.quantity)}${item.lotNumber ? ` (lot ${item.lotNumber})` : ''}`);
        packages.row([`${'    '.repeat(depth)}${depth > 0 ? '› ' : ''}${pkg.sscc}`, pkg.tracking ?? '', contents.join('\n')]);
        place(pkg.id, depth + 1);
      }
    };
    place(null, 0);
  }
  finishPdf(doc, WIDTH);
  return done;
}

function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.street1, address.street2, cityLine, address.country].filter((line): line is string => !!line);
}

const quantity = (value: Quantity) => (value instanceof Decimal ? value : new Decimal(String(value))).toDecimalPlaces(4).toString();
