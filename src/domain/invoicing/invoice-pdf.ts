// An invoice (or credit note) as a PDF document (pdfkit): the company, the customer, the number, the order,
// the dates, the lines in a table whose header repeats on every page, and the totals. It lays out what the
// `invoice` GraphQL field returned (the REST gateway hands it the result), deciding nothing itself, so the PDF
// shows what the JSON shows. Amounts are printed to the currency's minor units. Layout pieces: src/domain/shared/pdf-table.ts.
import { minorUnits } from '../shared/currency-codes.js';
import { Decimal } from '../shared/decimal.js';
import { drawHeading, finishPdf, PdfTable, startPdf, type PdfColumn } from '../shared/pdf-table.js';

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

/** Widths add up to the A4 width between the margins (515 pt). */
const COLUMNS = [
  { title: 'Description', width: 170, align: 'left' },
  { title: 'SKU', width: 80, align: 'left' },
  { title: 'Quantity', width: 60, align: 'right' },
  { title: 'Unit price', width: 70, align: 'right' },
  { title: 'Amount', width: 70, align: 'right' },
  { title: 'Tax', width: 65, align: 'right' },
] satisfies PdfColumn[];
const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** `invoice-INV-000001.pdf` (a credit note: `credit-note-CN-000001.pdf`). */
export function invoiceFileName(invoice: Pick<PrintableInvoice, 'invoiceNumber' | 'kind'>): string {
  return `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.invoiceNumber}.pdf`;
}

export async function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const { doc, done } = await startPdf({ Title: `${title} ${invoice.invoiceNumber}`, Author: invoice.companyName });
  const money = moneyFormat(invoice.currency);
  drawHeading(doc, invoice.companyName, `${title} ${invoice.invoiceNumber}`, [
    ['Customer', invoice.company ? `${invoice.company.name} (#${invoice.company.id})` : '—'],
    ['Sales order', invoice.salesOrder?.orderNumber ?? ''],
    ...(invoice.creditedInvoice ? [['Credits invoice', invoice.creditedInvoice.invoiceNumber] as [string, string]] : []),
    ['Issue date', invoice.issueDate],
    ['Due date', invoice.dueDate],
    ['Currency', invoice.currency],
    ['Status', invoice.status],
  ], TABLE_WIDTH);

  const table = new PdfTable(doc, COLUMNS, `${invoice.companyName} — ${title.toLowerCase()} ${invoice.invoiceNumber}, continued`, doc.y + 10);
  table.header();
  for (const line of invoice.lines) {
    table.row([line.description, line.sku ?? '', quantity(line.quantity), money(line.unitPrice, true), money(line.amount), money(line.taxAmount)]);
  }
  const totals = [
    ['Subtotal', money(invoice.subtotal)],
    ['Tax', money(invoice.taxTotal)],
    ['Total', money(invoice.total)],
    ['Amount paid', money(invoice.amountPaid)],
    ['Balance due', money(invoice.balanceDue)],
  ].map(([label, value]) => ['', '', '', label, value, '']);
  table.rowsTogether(totals, { fill: '#f4f4f4', bold: true });
  finishPdf(doc, TABLE_WIDTH);
  return done;
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
