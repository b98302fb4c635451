// Lays out a GS1-128 shipping label (4 × 6 in at 8 dots/mm, 812 × 1218 dots) as ZPL. Pure: label-data.ts
// computes what the label says; this file only places it.
//
// The SSCC barcode is Code 128 in GS1 mode: `^BCN,h,N,N,N` with the field data `>;>8` + "00" + the 18 digits,
// i.e. start in subset C (`>;`) followed at once by FNC1 (`>8`), which makes it GS1-128, then application
// identifier (00) and the SSCC (20 digits, even, so subset C throughout). The printer's own interpretation
// line is off; the human-readable line is printed as its own field: `(00) 0 0614141 123456789 7`.

export interface LabelAddress {
  name: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

export interface LabelContent {
  sku: string;
  quantity: string;
}

export interface ShippingLabel {
  sscc: string;
  /** The company's GS1 prefix, to group the human-readable line; null groups extension, rest and check digit only. */
  gs1CompanyPrefix: string | null;
  shipFrom: LabelAddress;
  shipTo: LabelAddress | null;
  carrier: string | null;
  service: string | null;
  tracking: string | null;
  proNumber: string | null;
  billOfLadingNumber: string | null;
  /** Reference lines: the order and shipment. */
  orderNumber: string | null;
  shipmentId: number;
  contents: LabelContent[];
}

/** Contents lines that fit on the label; the rest is summarised as "+ N more". */
const MAX_CONTENT_LINES = 6;

/** The field data of the GS1-128 barcode: subset C start, FNC1, AI 00 and the SSCC. */
export function ssccBarcodeData(sscc: string): string {
  if (!/^\d{18}$/.test(sscc)) throw new Error(`An SSCC has 18 digits, got "${sscc}".`);
  return `>;>800${sscc}`;
}

/** `(00) 0 0614141 123456789 7`: AI, extension digit, company prefix, serial reference, check digit. */
export function ssccHumanReadable(sscc: string, gs1CompanyPrefix: string | null = null): string {
  const extension = sscc[0];
  const check = sscc[17];
  const body = sscc.slice(1, 17);
  if (gs1CompanyPrefix && body.startsWith(gs1CompanyPrefix) && gs1CompanyPrefix.length < body.length) {
    return `(00) ${extension} ${gs1CompanyPrefix} ${body.slice(gs1CompanyPrefix.length)} ${check}`;
  }
  return `(00) ${extension} ${body} ${check}`;
}

/** Text for a ^FH field: `_`, `^`, `~` and every byte outside printable ASCII hex-escaped (UTF-8 under ^CI28). */
export function zplText(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text.replace(/[\r\n\t]+/g, ' '), 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x5f && byte !== 0x5e && byte !== 0x7e;
    out += printable ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function addressLines(address: LabelAddress | null): string[] {
  if (!address) return ['(no address)'];
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.street1, address.street2, cityLine, address.country].filter((l): l is string => !!l && l.trim() !== '');
}

export function renderZplLabel(label: ShippingLabel): string {
  const out: string[] = ['^XA', '^CI28', '^PW812', '^LL1218', '^LH0,0'];
  const text = (x: number, y: number, size: number, value: string) => out.push(`^FO${x},${y}^A0N,${size},${size}^FH^FD${zplText(value)}^FS`);

  // Ship from (top left) and ship to (below, larger).
  text(30, 30, 24, 'FROM:');
  addressLines(label.shipFrom).slice(0, 5).forEach((line, i) => text(30, 60 + i * 26, 24, line));
  out.push('^FO0,200^GB812,3,3^FS');
  text(30, 215, 28, 'SHIP TO:');
  addressLines(label.shipTo).slice(0, 5).forEach((line, i) => text(60, 255 + i * 40, 36, line));
  out.push('^FO0,460^GB812,3,3^FS');

  // Carrier block.
  text(30, 475, 30, `CARRIER: ${[label.carrier, label.service].filter(Boolean).join(' ') || '-'}`);
  text(30, 515, 26, `TRACKING: ${label.tracking ?? '-'}`);
  text(30, 550, 26, `PRO: ${label.proNumber ?? '-'}`);
  text(420, 550, 26, `BOL: ${label.billOfLadingNumber ?? '-'}`);
  text(30, 585, 26, `ORDER: ${label.orderNumber ?? '-'}   SHIPMENT: ${label.shipmentId}`);
  out.push('^FO0,620^GB812,3,3^FS');

  // Contents.
  text(30, 635, 26, 'CONTENTS:');
  const shown = label.contents.slice(0, MAX_CONTENT_LINES);
  shown.forEach((c, i) => text(60, 668 + i * 30, 24, `${c.sku} x ${c.quantity}`));
  if (label.contents.length > shown.length) text(60, 668 + shown.length * 30, 24, `+ ${label.contents.length - shown.length} more`);
  if (label.contents.length === 0) text(60, 668, 24, '(empty)');
  out.push('^FO0,880^GB812,3,3^FS');

  // SSCC: GS1-128 with AI (00) and its human-readable line.
  text(30, 895, 26, 'SSCC');
  out.push('^BY3,3,200', `^FO60,930^BCN,200,N,N,N^FD${ssccBarcodeData(label.sscc)}^FS`);
  text(120, 1145, 34, ssccHumanReadable(label.sscc, label.gs1CompanyPrefix));
  out.push('^XZ');
  return out.join('\n') + '\n';
}
