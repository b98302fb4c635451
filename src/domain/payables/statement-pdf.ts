// The vendor statement as a PDF document (pdfkit): company, vendor, period and currency, the opening balance,
// the lines in a table whose header repeats on every page, the totals and closing balance, and the aging of
// the open bills. It lays out a statement that vendorStatement (vendor-statement.ts) computed — the REST
// gateway hands it the result of the same GraphQL field the JSON comes from — and decides nothing itself, so
// the PDF always shows what the JSON shows. Amounts are printed to the currency's minor units.
import { minorUnits } from '../shared/currency-codes.js';
import { Decimal } from '../shared/decimal.js';
import { drawHeading, finishPdf, PDF_FONT_SIZE, PDF_MARGIN, PdfTable, startPdf, type PdfColumn } from '../shared/pdf-table.js';

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

/** Table columns; widths add up to the A4 page width between the margins (515 pt). */
const COLUMNS = [
  { title: 'Date', width: 52, align: 'left' },
  { title: 'Type', width: 66, align: 'left' },
  { title: 'Reference', width: 70, align: 'left' },
  { title: 'Description', width: 157, align: 'left' },
  { title: 'Debit', width: 56, align: 'right' },
  { title: 'Credit', width: 56, align: 'right' },
  { title: 'Balance', width: 58, align: 'right' },
] satisfies PdfColumn[];
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

export async function renderStatementPdf(statement: PrintableStatement): Promise<Buffer> {
  const { doc, done } = await startPdf({ Title: `Statement of ${statement.vendor.name}`, Author: statement.companyName });
  const money = moneyFormat(statement.currency);
  drawHeading(doc, statement.companyName, 'Vendor statement', [
    ['Vendor', `${statement.vendor.name} (#${statement.vendor.id})`],
    ['Period', `${statement.from} to ${statement.to}`],
    ['Currency', statement.currency],
    ['Opening balance', money(statement.openingBalance)],
  ], TABLE_WIDTH);

  const continued = `${statement.companyName} — statement of ${statement.vendor.name}, ${statement.from} to ${statement.to} (${statement.currency}), continued`;
  const table = new PdfTable(doc, COLUMNS, continued, doc.y + 10);
  table.header();
  let debits = new Decimal(0);
  let credits = new Decimal(0);
  table.row(['', '', '', 'Opening balance', '', '', money(statement.openingBalance)]);
  for (const line of statement.lines) {
    debits = debits.plus(decimal(line.debit));
    credits = credits.plus(decimal(line.credit));
    table.row([line.date, TYPE_LABELS[line.type] ?? line.type, line.reference, line.description, money(line.debit), money(line.credit), money(line.balance)]);
  }
  table.rowsTogether(
    [
      ['', '', '', 'Totals of the period', money(debits), money(credits), ''],
      ['', '', '', 'Closing balance', '', '', money(statement.closingBalance)],
    ],
    { fill: '#f4f4f4', bold: true },
  );

  if (statement.aging) {
    const aging = statement.aging;
    const titles = ['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days'];
    const values = [aging.current, aging.days1To30, aging.days31To60, aging.days61To90, aging.daysOver90].map(money);
    table.ensureRoom(60, false);
    doc.font('Helvetica-Bold').fontSize(9).text(`Open bills as of ${statement.to}, by days past due`, PDF_MARGIN, table.y + 14, { width: TABLE_WIDTH });
    const y = doc.y + 4;
    const width = TABLE_WIDTH / titles.length;
    doc.fontSize(PDF_FONT_SIZE);
    titles.forEach((title, i) => doc.text(title, PDF_MARGIN + i * width, y, { width: width - 3, align: 'right' }));
    doc.font('Helvetica');
    values.forEach((value, i) => doc.text(value, PDF_MARGIN + i * width, y + 12, { width: width - 3, align: 'right' }));
  }
  finishPdf(doc, TABLE_WIDTH);
  return done;
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
