// Segment pieces that several X12 documents share: a party with its address (N1/N3/N4) and the number forms.
import type { Address } from '../sales/index.js';
import { Decimal } from '../shared/decimal.js';
import { x12Text, type Segment } from './x12.js';

/** N1 (the party by its role: ST ship-to, BY buyer, SF ship-from, RE remit-to), then N3 and N4 when there is an address. */
export function addressSegments(role: string, address: Address | null, name?: string | null): Segment[] {
  const partyName = x12Text(address?.name ?? name ?? '', 60);
  if (!address) return partyName ? [['N1', role, partyName]] : [];
  return [
    ['N1', role, partyName || x12Text(address.street1, 60)],
    ['N3', x12Text(address.street1, 55), address.street2 ? x12Text(address.street2, 55) : null],
    ['N4', x12Text(address.city, 30), x12Text(address.state, 2), x12Text(address.zip, 15), x12Text(address.country, 3)],
  ];
}

/** An R (decimal) element: no exponent, no trailing zeros. */
export const quantityText = (value: Decimal) => value.toDecimalPlaces(6).toFixed().replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** An N2 element (implied two decimals): the amount in hundredths, as X12 TDS and SAC write money. */
export const impliedCents = (value: Decimal) => value.mul(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
