// A trading partner's side of EDI in tests: interchanges written by hand, as a retailer's system sends them to
// POST /edi/inbound.

export interface X12Party {
  qualifier: string;
  id: string;
}

/** The company as the tests set it up (PATCH /company edi_sender_qualifier / edi_sender_id). */
export const US: X12Party = { qualifier: 'ZZ', id: 'ACMEINV' };
/** The partner of the tests' EDI channels (ediQualifier / ediPartnerId). */
export const PARTNER: X12Party = { qualifier: '01', id: 'RETAILER' };

/** One interchange of one functional group of the given transaction sets: 850s under PO, else 997s. */
export function partnerInterchange(control: number, functionalCode: string, sets: string[][], receiver = US, sender = PARTNER): string {
  const isa = ['ISA', '00', ''.padEnd(10), '00', ''.padEnd(10), sender.qualifier, sender.id.padEnd(15), receiver.qualifier, receiver.id.padEnd(15), '261122', '1200', 'U', '00401', String(control).padStart(9, '0'), '0', 'P', '>'];
  const lines = [isa.join('*'), ['GS', functionalCode, sender.id, receiver.id, '20261122', '1200', control, 'X', '004010'].join('*')];
  sets.forEach((segments, index) => {
    const st = String(index + 1).padStart(4, '0');
    lines.push(`ST*${functionalCode === 'PO' ? '850' : '997'}*${st}`, ...segments, `SE*${segments.length + 2}*${st}`);
  });
  lines.push(`GE*${sets.length}*${control}`, `IEA*1*${String(control).padStart(9, '0')}`);
  return lines.map((line) => `${line}~`).join('\n');
}

/** An 850's segments between ST and SE: BEG with the PO number, the buyer, the ship-to (unless `shipTo` is false), the lines and CTT. */
export const purchaseOrder850 = (po: string, lines: string[], shipTo = true) => [
  `BEG*00*SA*${po}**20261120`,
  'CUR*BY*USD',
  'N1*BY*Retailer Inc',
  ...(shipTo ? ['N1*ST*Store 12', 'N3*100 Market St', 'N4*Denver*CO*80202*US'] : []),
  ...lines,
  `CTT*${lines.length}`,
];
