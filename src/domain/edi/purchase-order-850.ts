// Reads an inbound X12 850 purchase order as the order intake's JSON (order-intake.ts), so an EDI order takes
// exactly the route of a channel connector's order: BEG03 is the external order id and BEG05 its date, CUR02
// the currency, the N1 BY party the customer, the N1 ST loop (N1/N3/N4) the ship-to, and each PO1 a line:
// quantity PO102, unit price PO104, and the product by the first of our part number (VP), a SKU (SK), the
// buyer's part number (BP, resolved through the channel's SKU mappings) or a UPC (UP) among its id pairs.
import type { ParsedSegment, ParsedTransaction } from './x12.js';

const PRODUCT_QUALIFIERS = ['VP', 'SK', 'BP', 'UP', 'IN', 'EN'];

export interface PurchaseOrder850 {
  /** The intake payload (snake_case, as POST /channels/{id}/orders takes it). */
  payload: Record<string, unknown>;
  /** PO101 of each line, for the 855. */
  lineNumbers: string[];
}

export function readPurchaseOrder(transaction: ParsedTransaction): PurchaseOrder850 {
  const segments = transaction.segments;
  const first = (tag: string) => segments.find((segment) => segment.tag === tag);
  const beg = first('BEG');
  const currency = segments.find((segment) => segment.tag === 'CUR' && segment.elements[0] === 'BY') ?? first('CUR');
  const party = (role: string) => partyLoop(segments, role);
  const buyer = party('BY');
  const shipTo = party('ST');
  const lines = segments.filter((segment) => segment.tag === 'PO1');

  const payload: Record<string, unknown> = {
    external_order_id: value(beg?.elements[2]),
    order_date: dateOf(value(beg?.elements[4])),
    currency: value(currency?.elements[1]),
    lines: lines.map((line) => ({ external_sku: productId(line.elements), quantity: value(line.elements[1]), unit_price: value(line.elements[3]) })),
  };
  if (buyer?.name) payload.customer = { name: buyer.name };
  if (shipTo && (shipTo.street1 || shipTo.city)) payload.ship_to = { name: shipTo.name, street_1: shipTo.street1, street_2: shipTo.street2, city: shipTo.city, state: shipTo.state, zip: shipTo.zip, country: shipTo.country };
  // Keys that say nothing are left out, so a replay compares equal however the partner pads its elements.
  for (const [key, item] of Object.entries(payload)) if (item === null) delete payload[key];
  return { payload, lineNumbers: lines.map((line, index) => value(line.elements[0]) ?? String(index + 1)) };
}

const value = (text: string | undefined): string | null => (text == null || text.trim() === '' ? null : text.trim());

/** CCYYMMDD → YYYY-MM-DD; anything else is passed on for the intake to refuse. */
const dateOf = (text: string | null) => (text && /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : text);

/** PO106/PO107, PO108/PO109, ...: qualifier and id pairs. */
function productId(elements: string[]): string | null {
  const pairs: Array<[string, string]> = [];
  for (let i = 5; i + 1 < elements.length; i += 2) if (value(elements[i + 1])) pairs.push([elements[i], elements[i + 1].trim()]);
  for (const qualifier of PRODUCT_QUALIFIERS) {
    const pair = pairs.find(([q]) => q === qualifier);
    if (pair) return pair[1];
  }
  return pairs[0]?.[1] ?? null;
}

/** The N1 loop of a party (N1, then N2/N3/N4 until the next N1 or a line). */
function partyLoop(segments: ParsedSegment[], role: string) {
  const start = segments.findIndex((segment) => segment.tag === 'N1' && segment.elements[0] === role);
  if (start < 0) return null;
  const loop: ParsedSegment[] = [];
  for (const segment of segments.slice(start + 1)) {
    if (!['N2', 'N3', 'N4', 'REF', 'PER'].includes(segment.tag)) break;
    loop.push(segment);
  }
  const n3 = loop.find((segment) => segment.tag === 'N3');
  const n4 = loop.find((segment) => segment.tag === 'N4');
  return {
    name: value(segments[start].elements[1]),
    street1: value(n3?.elements[0]),
    street2: value(n3?.elements[1]),
    city: value(n4?.elements[0]),
    state: value(n4?.elements[1]),
    zip: value(n4?.elements[2]),
    country: value(n4?.elements[3]),
  };
}
