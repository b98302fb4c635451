// An invoice (or credit note) as a PDF document (pdfkit): the company, the customer, the number, the order,
// the dates, the lines in a table whose header repeats on every page, and the totals. It lays out what the
// `invoice` GraphQL field returned (the REST gateway hands it the result), deciding nothing itself, so the PDF
// shows what the JSON shows. Amounts are printed to the currency's minor units; the standard Helvetica fonts
// are used (Latin-1), as in the vendor statement.
import PDFDocument from 'pdfkit';
import { minorUnits } from '../currencies/currency-codes.js';
import { Decimal } from '../shared/decimal.js';

type Amount = Decimal | number | string;

export interface PrintableInvoice {
  companyName: string;
  invoiceNumber: string;
  kind: string;
  status: string;
  currency: string;
  issueDate: string;
  dueDate: string;
  company?: { id: number; name: string } | null;
  salesOrder?: { orderNumber: string } | null;
  creditedInvoice?: { invoiceNumber: string } | null;
  lines: Array<{ description: string; sku?: string | null; quantity: Amount; unitPrice: Amount; amount: Amount; taxAmount: Amount }>;
  subtotal: Amount;
  taxTotal: Amount;
  total: Amount;
  amountPaid: Amount;
  balanceDue: Amount;
}

const MARGIN = 40;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
/** Widths add up to the A4 width between the margins (515 pt). */
const COLUMNS = [
  { title: 'Description', width: 170, align: 'left' },
  { title: 'SKU', width: 80, align: 'left' },
  { title: 'Quantity', width: 60, align: 'right' },
  { title: 'Unit price', width: 70, align: 'right' },
  { title: 'Amount', width: 70, align: 'right' },
  { title: 'Tax', width: 65, align: 'right' },
] as const;
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** `invoice-INV-000001.pdf` (a credit note: `credit-note-CN-000001.pdf`). */
export function invoiceFileName(invoice: Pick<PrintableInvoice, 'invoiceNumber' | 'kind'>): string {
  return `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.invoiceNumber}.pdf`;
}

export function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `${title} ${invoice.invoiceNumber}`, Author: invoice.companyName } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = moneyFormat(invoice.currency);
  const bottom = () => doc.page.height - MARGIN - 20;

  doc.font('Helvetica-Bold').fontSize(16).text(invoice.companyName, MARGIN, MARGIN, { width: TABLE_WIDTH });
  doc.font('Helvetica').fontSize(12).text(`${title} ${invoice.invoiceNumber}`, { width: TABLE_WIDTH });
  doc.moveDown(0.5).fontSize(9);
  const facts: Array<[string, string]> = [
    ['Customer', invoice.company ? `${invoice.company.name} (#${invoice.company.id})` : '—'],
    ['Sales order', invoice.salesOrder?.orderNumber ?? ''],
    ...(invoice.creditedInvoice ? [['Credits invoice', invoice.creditedInvoice.invoiceNumber] as [string, string]] : []),
    ['Issue date', invoice.issueDate],
    ['Due date', invoice.dueDate],
    ['Currency', invoice.currency],
    ['Status', invoice.status],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  let y = doc.y + 10;

  const drawHeader = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    y = drawRow(doc, y, COLUMNS.map((c) => c.title), { fill: '#e8e8e8' });
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };
  const ensureRoom = (height: number) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#555555');
    doc.text(`${invoice.companyName} — ${title.toLowerCase()} ${invoice.invoiceNumber}, continued`, MARGIN, MARGIN, { width: TABLE_WIDTH });
    doc.fillColor('black');
    y = doc.y + 6;
    drawHeader();
  };

  drawHeader();
  for (const line of invoice.lines) {
    const cells = [line.description, line.sku ?? '', quantity(line.quantity), money(line.unitPrice, true), money(line.amount), money(line.taxAmount)];
    ensureRoom(rowHeight(doc, cells));
    y = drawRow(doc, y, cells);
  }
  doc.font('Helvetica-Bold');
  const totals = [
    ['Subtotal', money(invoice.subtotal)],
    ['Tax', money(invoice.taxTotal)],
    ['Total', money(invoice.total)],
    ['Amount paid', money(invoice.amountPaid)],
    ['Balance due', money(invoice.balanceDue)],
  ].map(([label, value]) => ['', '', '', label, value, '']);
  ensureRoom(totals.reduce((sum, row) => sum + rowHeight(doc, row), 0));
  for (const row of totals) y = drawRow(doc, y, row, { fill: '#f4f4f4' });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#555555');
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 10, { width: TABLE_WIDTH, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[]): number {
  return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: COLUMNS[i].width - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
}

function drawRow(doc: PDFKit.PDFDocument, y: number, cells: string[], options: { fill?: string } = {}): number {
  const height = rowHeight(doc, cells);
  if (options.fill) doc.rect(MARGIN, y, TABLE_WIDTH, height).fill(options.fill).fillColor('black');
  let x = MARGIN;
  cells.forEach((text, i) => {
    doc.text(text, x + CELL_PADDING, y + CELL_PADDING, { width: COLUMNS[i].width - 2 * CELL_PADDING, align: COLUMNS[i].align });
    x += COLUMNS[i].width;
  });
  doc.moveTo(MARGIN, y + height).lineTo(MARGIN + TABLE_WIDTH, y + height).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  return y + height;
}

const decimal = (amount: Amount) => (amount instanceof Decimal ? amount : new Decimal(String(amount)));
const quantity = (amount: Amount) => decimal(amount).toDecimalPlaces(4).toString();

/** 1234.5 → "1,234.50" in a 2-digit currency; unit prices keep up to 4 more digits when they have them. */
function moneyFormat(currency: string): (amount: Amount, price?: boolean) => string {
  const digits = minorUnits(currency);
  return (amount, price = false) => {
    const value = decimal(amount);
    const places = price ? Math.max(digits, Math.min(value.decimalPlaces(), digits + 4)) : digits;
    const [whole, fraction] = (value.isZero() ? value.abs() : value).toFixed(places).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return fraction ? `${grouped}.${fraction}` : grouped;
  };
}
