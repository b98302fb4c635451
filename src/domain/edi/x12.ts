// X12 interchanges through node-x12: building one interchange holding one functional group of one
// transaction set (what every outbound document here is), and reading an inbound interchange into plain
// segments. The library writes the SE/GE/IEA trailers (segment and group counts) and its strict parser checks
// them, so a document that parses back has a consistent envelope.
import { ValidationError } from '../shared/errors.js';

// node-x12 is loaded on first use, like pdfkit and fast-xml-parser: every CLI command and server start would
// otherwise load it (0.05 s) for the few routes that speak EDI (docs/code-layout.md, "loaded on first use").
const library = async () => (await import('node-x12')).default;

export interface X12Party {
  qualifier: string;
  id: string;
}

/** The envelope of an outbound document: one interchange, one group, one transaction set. */
export interface OutboundEnvelope {
  sender: X12Party;
  receiver: X12Party;
  /** ISA13 and GS06 (the group control number a 997 names); the transaction set is ST02 0001. */
  controlNumber: number;
  /** GS01: SH (856), IN (810), PR (855), FA (997), PO (850). */
  functionalCode: string;
  /** ST01: 856, 810, ... */
  type: string;
  at: Date;
}

export type Element = string | number | null | undefined;
/** A segment as its tag and elements; trailing empty elements are dropped. */
export type Segment = [tag: string, ...elements: Element[]];

const SEGMENT_TERMINATOR = '~';
const ELEMENT_SEPARATOR = '*';
const COMPONENT_SEPARATOR = '>';
const VERSION = '004010';

export const FUNCTIONAL_CODES: Record<string, string> = { '850': 'PO', '855': 'PR', '856': 'SH', '810': 'IN', '997': 'FA' };

/** The interchange control number as written in ISA13. */
export const controlNumberText = (n: number) => String(n).padStart(9, '0');
/** controlNumberText of the integer `n` as SQL (lpad alone would cut a longer number to 9 characters). */
export const controlNumberTextSql = (n: string) => `CASE WHEN length(${n}::text) >= 9 THEN ${n}::text ELSE lpad(${n}::text, 9, '0') END`;

/** Text for an element: no delimiters or line breaks, at most `max` characters. */
export function x12Text(value: string | null | undefined, max = 80): string {
  return (value ?? '')
    .replace(/[*~>^\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim()
    .slice(0, max);
}

/** CCYYMMDD */
export const x12Date = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
/** HHMM (UTC) */
export const x12Time = (date: Date) => date.toISOString().slice(11, 16).replace(':', '');

export async function buildInterchange(envelope: OutboundEnvelope, segments: Segment[]): Promise<string> {
  const { X12Interchange } = await library();
  const { sender, receiver, controlNumber, at } = envelope;
  const interchange = new X12Interchange({ segmentTerminator: SEGMENT_TERMINATOR, elementDelimiter: ELEMENT_SEPARATOR, subElementDelimiter: COMPONENT_SEPARATOR, endOfLine: '\n', format: true });
  interchange.setHeader([
    '00', ''.padEnd(10), '00', ''.padEnd(10),
    sender.qualifier, sender.id.padEnd(15), receiver.qualifier, receiver.id.padEnd(15),
    x12Date(at).slice(2), x12Time(at), 'U', '00401', controlNumberText(controlNumber), '0', 'P', COMPONENT_SEPARATOR,
  ]);
  const group = interchange.addFunctionalGroup();
  group.setHeader([envelope.functionalCode, sender.id, receiver.id, x12Date(at), x12Time(at), String(controlNumber), 'X', VERSION]);
  const transaction = group.addTransaction();
  transaction.setHeader([envelope.type, '0001']);
  for (const [tag, ...elements] of segments) {
    const values = elements.map((element) => (element == null ? '' : String(element)));
    while (values.length > 0 && values[values.length - 1] === '') values.pop();
    transaction.addSegment(tag, values);
  }
  return interchange.toString();
}

export interface ParsedSegment {
  tag: string;
  /** elements[0] is the segment's first element (e.g. BEG01). */
  elements: string[];
}

export interface ParsedTransaction {
  type: string;
  controlNumber: string;
  /** SE01 as written (checked by the parser against the segments). */
  segmentCount: number;
  /** The segments between ST and SE. */
  segments: ParsedSegment[];
}

export interface ParsedGroup {
  functionalCode: string;
  senderId: string;
  receiverId: string;
  controlNumber: number;
  /** GE01 as written. */
  transactionCount: number;
  transactions: ParsedTransaction[];
}

export interface ParsedInterchange {
  sender: X12Party;
  receiver: X12Party;
  controlNumber: number;
  /** IEA01 as written. */
  groupCount: number;
  groups: ParsedGroup[];
}

type LibrarySegment = { tag: string; elements: Array<{ value: string }> };
const values = (segment: LibrarySegment) => segment.elements.map((element) => element.value ?? '');

/** Reads X12 text; anything the strict parser refuses (counts, envelope) is a 422 on `body`. */
export async function parseInterchange(text: string): Promise<ParsedInterchange> {
  const { X12Parser } = await library();
  let parsed: any;
  try {
    parsed = new X12Parser(true).parse(text.trim());
  } catch (error) {
    throw new ValidationError({ body: [`The body is not a well-formed X12 interchange: ${(error as Error).message}`] });
  }
  if (Array.isArray(parsed.interchanges)) throw new ValidationError({ body: ['Send one X12 interchange per request.'] });
  const isa = values(parsed.header);
  const iea = values(parsed.trailer);
  return {
    sender: { qualifier: isa[4].trim(), id: isa[5].trim() },
    receiver: { qualifier: isa[6].trim(), id: isa[7].trim() },
    controlNumber: Number(isa[12]),
    groupCount: Number(iea[0]),
    groups: parsed.functionalGroups.map((group: any) => {
      const gs = values(group.header);
      return {
        functionalCode: gs[0],
        senderId: gs[1],
        receiverId: gs[2],
        controlNumber: Number(gs[5]),
        transactionCount: Number(values(group.trailer)[0]),
        transactions: group.transactions.map((transaction: any) => {
          const st = values(transaction.header);
          return {
            type: st[0],
            controlNumber: st[1],
            segmentCount: Number(values(transaction.trailer)[0]),
            segments: transaction.segments.map((segment: LibrarySegment) => ({ tag: segment.tag, elements: values(segment) })),
          };
        }),
      };
    }),
  };
}
