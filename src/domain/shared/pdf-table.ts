// What the service's PDF documents (invoices, vendor statements, packing slips) share, on pdfkit: an A4
// document collected into a Buffer, a table whose cells wrap inside their columns and whose header repeats
// on every page it continues onto (under a "continued" line), and page numbers written once the number of
// pages is known. The standard Helvetica fonts are used so no font file has to ship: they cover Latin-1
// (WinAnsi); characters outside it print as substitutes.

export const PDF_MARGIN = 40;
export const PDF_FONT_SIZE = 8;
const CELL_PADDING = 3;

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

/**
 * A new A4 document and the Buffer it becomes once ended. pdfkit is loaded with the first PDF: loading it took
 * 0.17–0.2 s, which every CLI command and server start paid for three routes.
 */
export async function startPdf(info: { Title: string; Author: string }): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, bufferPages: true, info });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The heading of a document's first page: the company, the title, then label: value facts. */
export function drawHeading(doc: PDFKit.PDFDocument, company: string, title: string, facts: Array<[string, string]>, width: number): void {
  doc.font('Helvetica-Bold').fontSize(16).text(company, PDF_MARGIN, PDF_MARGIN, { width });
  doc.font('Helvetica').fontSize(12).text(title, { width });
  doc.moveDown(0.5).fontSize(9);
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

/** "Page n of N" at the foot of every page; then the document is ended. */
export function finishPdf(doc: PDFKit.PDFDocument, width: number): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(PDF_FONT_SIZE).fillColor('#555555');
    doc.text(`Page ${i + 1} of ${range.count}`, PDF_MARGIN, doc.page.height - PDF_MARGIN - 10, { width, align: 'right', lineBreak: false });
  }
  doc.end();
}

export interface RowStyle {
  fill?: string;
  bold?: boolean;
}

export class PdfTable {
  readonly width: number;

  /** `y`: where the next row goes. `continued`: the line heading each further page. */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: readonly PdfColumn[],
    private readonly continued: string,
    public y: number,
  ) {
    this.width = columns.reduce((sum, column) => sum + column.width, 0);
  }

  private get bottom() {
    return this.doc.page.height - PDF_MARGIN - 20; // room for the page number
  }

  rowHeight(cells: string[]): number {
    return Math.max(...cells.map((text, i) => this.doc.heightOfString(text || ' ', { width: this.columns[i].width - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
  }

  header(): void {
    this.draw(this.columns.map((column) => column.title), { fill: '#e8e8e8', bold: true });
  }

  /** Starts a new page (its continued line, and the header unless `withHeader` is false) when `height` does not fit. */
  ensureRoom(height: number, withHeader = true): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.doc.font('Helvetica').fontSize(PDF_FONT_SIZE).fillColor('#555555');
    this.doc.text(this.continued, PDF_MARGIN, PDF_MARGIN, { width: this.width });
    this.doc.fillColor('black');
    this.y = this.doc.y + 6;
    if (withHeader) this.header();
  }

  /** One row, on a new page when it does not fit on this one. */
  row(cells: string[], style: RowStyle = {}): void {
    this.rowsTogether([cells], style);
  }

  /** Several rows kept together on one page. */
  rowsTogether(rows: string[][], style: RowStyle = {}): void {
    this.font(style);
    this.ensureRoom(rows.reduce((sum, cells) => sum + this.rowHeight(cells), 0));
    for (const cells of rows) this.draw(cells, style);
  }

  private font(style: RowStyle): void {
    this.doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(PDF_FONT_SIZE);
  }

  private draw(cells: string[], style: RowStyle): void {
    const { doc } = this;
    const { fill } = style;
    this.font(style);
    const height = this.rowHeight(cells);
    if (fill) doc.rect(PDF_MARGIN, this.y, this.width, height).fill(fill).fillColor('black');
    let x = PDF_MARGIN;
    cells.forEach((text, i) => {
      const column = this.columns[i];
      doc.text(text, x + CELL_PADDING, this.y + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align });
      x += column.width;
    });
    doc.moveTo(PDF_MARGIN, this.y + height).lineTo(PDF_MARGIN + this.width, this.y + height).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
    this.y += height;
  }
}
