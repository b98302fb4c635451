// The vendor statement as a PDF document (pdfkit): company, vendor, period and currency, the opening balance,
// the lines in a table whose header repeats on every page, the totals and closing balance, and the aging of
// the open bills. It lays out a statement that vendorStatement (vendor-statement.ts) computed — the REST
// gateway hands it the result of the same GraphQL field the JSON comes from — and decides nothing itself, so
// the PDF always shows what the JSON shows. Amounts are printed to the currency's minor units.
//
// The standard PDF fonts (Helvetica) are used so no font file has to ship: they cover Latin-1 (WinAnsi);
// characters outside it print as substitutes.
import PDFDocument from 'pdfkit';
import { minorUnits } from '../currencies/currency-codes.js';
import { Decimal } from '../shared/decimal.js';

/** A Decimal in domain code, a JSON number or numeric text from GraphQL. */
type Amount = Decimal | number | string;

/** What the document prints: VendorStatement, or the GraphQL result of the same field. */
export interface PrintableStatement {
  companyName: string;
  vendor: { id: number; name: string };
  currency: string;
  from: string;
  to: string;
  openingBalance: Amount;
  lines: Array<{ date: string; type: string; reference: string; description: string; debit: Amount; credit: Amount; balance: Amount }>;
  closingBalance: Amount;
  aging?: { current: Amount; days1To30: Amount; days31To60: Amount; days61To90: Amount; daysOver90: Amount } | null;
}

const TYPE_LABELS: Record<string, string> = {
  bill: 'Bill',
  payment: 'Payment',
  credit: 'Vendor credit',
  credit_application: 'Credit applied',
  prepayment: 'Prepayment',
  prepayment_application: 'Prepayment applied',
  void: 'Void',
};

const MARGIN = 40;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
/** Table columns; widths add up to the A4 page width between the margins (515 pt). */
const COLUMNS = [
  { title: 'Date', width: 52, align: 'left' },
  { title: 'Type', width: 66, align: 'left' },
  { title: 'Reference', width: 70, align: 'left' },
  { title: 'Description', width: 157, align: 'left' },
  { title: 'Debit', width: 56, align: 'right' },
  { title: 'Credit', width: 56, align: 'right' },
  { title: 'Balance', width: 58, align: 'right' },
] as const;
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** `statement-<vendor>-<from>-<to>.pdf`, the vendor named by its name in ASCII (its id when nothing is left). */
export function statementFileName(statement: Pick<PrintableStatement, 'vendor' | 'from' | 'to'>): string {
  const slug = statement.vendor.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `statement-${slug || statement.vendor.id}-${statement.from}-${statement.to}.pdf`;
}

export function renderStatementPdf(statement: PrintableStatement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `Statement of ${statement.vendor.name}`, Author: statement.companyName } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = moneyFormat(statement.currency);
  const bottom = () => doc.page.height - MARGIN - 20; // room for the page number

  // Heading (first page only).
  doc.font('Helvetica-Bold').fontSize(16).text(statement.companyName, MARGIN, MARGIN, { width: TABLE_WIDTH });
  doc.font('Helvetica').fontSize(12).text('Vendor statement', { width: TABLE_WIDTH });
  doc.moveDown(0.5).fontSize(9);
  for (const [label, value] of [
    ['Vendor', `${statement.vendor.name} (#${statement.vendor.id})`],
    ['Period', `${statement.from} to ${statement.to}`],
    ['Currency', statement.currency],
    ['Opening balance', money(statement.openingBalance)],
  ]) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  let y = doc.y + 10;

  const drawHeader = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    y = drawRow(doc, y, COLUMNS.map((c) => c.title), { fill: '#e8e8e8' });
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };
  const ensureRoom = (height: number, withHeader: boolean) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#555555');
    doc.text(`${statement.companyName} — statement of ${statement.vendor.name}, ${statement.from} to ${statement.to} (${statement.currency}), continued`, MARGIN, MARGIN, { width: TABLE_WIDTH });
    doc.fillColor('black');
    y = doc.y + 6;
    if (withHeader) drawHeader();
  };

  drawHeader();
  doc.font('Helvetica').fontSize(FONT_SIZE);
  let debits = new Decimal(0);
  let credits = new Decimal(0);
  const opening = ['', '', '', 'Opening balance', '', '', money(statement.openingBalance)];
  ensureRoom(rowHeight(doc, opening), true);
  y = drawRow(doc, y, opening);
  for (const line of statement.lines) {
    debits = debits.plus(decimal(line.debit));
    credits = credits.plus(decimal(line.credit));
    const cells = [line.date, TYPE_LABELS[line.type] ?? line.type, line.reference, line.description, money(line.debit), money(line.credit), money(line.balance)];
    ensureRoom(rowHeight(doc, cells), true);
    y = drawRow(doc, y, cells);
  }
  doc.font('Helvetica-Bold');
  const totals = ['', '', '', 'Totals of the period', money(debits), money(credits), ''];
  const closing = ['', '', '', 'Closing balance', '', '', money(statement.closingBalance)];
  ensureRoom(rowHeight(doc, totals) + rowHeight(doc, closing), true);
  y = drawRow(doc, y, totals, { fill: '#f4f4f4' });
  y = drawRow(doc, y, closing, { fill: '#f4f4f4' });

  if (statement.aging) {
    const aging = statement.aging;
    const titles = ['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days'];
    const values = [aging.current, aging.days1To30, aging.days31To60, aging.days61To90, aging.daysOver90].map(money);
    ensureRoom(60, false);
    doc.font('Helvetica-Bold').fontSize(9).text(`Open bills as of ${statement.to}, by days past due`, MARGIN, y + 14, { width: TABLE_WIDTH });
    y = doc.y + 4;
    const width = TABLE_WIDTH / titles.length;
    doc.fontSize(FONT_SIZE);
    titles.forEach((title, i) => doc.text(title, MARGIN + i * width, y, { width: width - CELL_PADDING, align: 'right' }));
    doc.font('Helvetica');
    y += 12;
    values.forEach((value, i) => doc.text(value, MARGIN + i * width, y, { width: width - CELL_PADDING, align: 'right' }));
  }

  // Page numbers, now that the number of pages is known.
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
  const heights = cells.map((text, i) => doc.heightOfString(text || ' ', { width: COLUMNS[i].width - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** Draws one table row at `y` (cells wrap inside their column) and returns the y below it. */
function drawRow(doc: PDFKit.PDFDocument, y: number, cells: string[], options: { fill?: string } = {}): number {
  const height = rowHeight(doc, cells);
  if (options.fill) doc.rect(MARGIN, y, TABLE_WIDTH, height).fill(options.fill).fillColor('black');
  let x = MARGIN;
  cells.forEach((text, i) => {
    const column = COLUMNS[i];
    doc.text(text, x + CELL_PADDING, y + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align });
    x += column.width;
  });
  doc.moveTo(MARGIN, y + height).lineTo(MARGIN + TABLE_WIDTH, y + height).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  return y + height;
}

const decimal = (amount: Amount) => (amount instanceof Decimal ? amount : new Decimal(String(amount)));

/** 1234.5 → "1,234.50" in a 2-digit currency. */
function moneyFormat(currency: string): (amount: Amount) => string {
  const digits = minorUnits(currency);
  return (amount) => {
    const value = decimal(amount);
    const [whole, fraction] = (value.isZero() ? value.abs() : value).toFixed(digits).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return fraction ? `${grouped}.${fraction}` : grouped;
  };
}
