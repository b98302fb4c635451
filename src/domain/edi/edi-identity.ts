// Who is who in an X12 interchange: the company sends as (ediSenderQualifier, ediSenderId) and a channel's
// trading partner is (ediQualifier, ediPartnerId). The same pair names the partner on what it sends us, so
// two channels cannot share one. Values go into fixed-width ISA elements, hence the narrow alphabet.
import type { TenantTx } from '../../db/tenant-client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkHttpUrl } from '../shared/field-checks.js';

/** ISA05/ISA07: 2 characters, e.g. ZZ (mutually defined), 01 (DUNS), 12 (phone), 08 (UCC EDI communications id). */
const QUALIFIER = /^[A-Z0-9]{2}$/;
/** ISA06/ISA08: 1–15 characters, none of them an X12 delimiter. */
const IDENTIFIER = /^[A-Za-z0-9 .\-_/]{1,15}$/;

export function checkEdiQualifier(errors: FieldErrorCollector, field: string, value: string | null | undefined): void {
  if (value != null && !QUALIFIER.test(value)) errors.add(field, `The ${field} must be a 2-character X12 qualifier of uppercase letters and digits, such as ZZ or 01.`);
}

export function checkEdiIdentifier(errors: FieldErrorCollector, field: string, value: string | null | undefined): void {
  if (value != null && (!IDENTIFIER.test(value) || value.trim() === '')) {
    errors.add(field, `The ${field} must be 1 to 15 characters: letters, digits, spaces, '.', '-', '_' or '/'.`);
  }
}

export interface ChannelEdiInput {
  ediEnabled?: boolean | null;
  ediPartnerId?: string | null;
  ediQualifier?: string | null;
  ediEndpointUrl?: string | null;
}

/**
 * The EDI settings of a channel as they will stand after the change: an enabled channel needs its partner's
 * id and qualifier, the company's sender id, and a partner no other channel has.
 */
export async function checkChannelEdi(tx: TenantTx, channelId: number | null, input: ChannelEdiInput): Promise<void> {
  const errors = new FieldErrorCollector();
  if (input.ediEnabled === null) errors.add('ediEnabled', 'The ediEnabled field must be true or false.');
  checkEdiIdentifier(errors, 'ediPartnerId', input.ediPartnerId);
  checkEdiQualifier(errors, 'ediQualifier', input.ediQualifier);
  checkHttpUrl(errors, 'ediEndpointUrl', input.ediEndpointUrl, 'ediEndpointUrl');
  if (input.ediEndpointUrl != null && input.ediEndpointUrl.length > 2048) errors.add('ediEndpointUrl', 'The ediEndpointUrl may not be greater than 2048 characters.');
  errors.throwIfAny();

  const stored = channelId === null ? null : await tx.salesChannel.findFirst({ where: { id: channelId }, select: { ediEnabled: true, ediPartnerId: true, ediQualifier: true } });
  const pick = <K extends keyof ChannelEdiInput>(key: K) => (input[key] !== undefined ? input[key] : (stored?.[key as keyof typeof stored] ?? null));
  const enabled = pick('ediEnabled') === true;
  const partnerId = pick('ediPartnerId') as string | null;
  const qualifier = pick('ediQualifier') as string | null;
  if (!enabled) return;
  if (!partnerId) errors.add('ediPartnerId', "An EDI channel needs its trading partner's interchange id.");
  if (!qualifier) errors.add('ediQualifier', "An EDI channel needs the qualifier of its trading partner's id.");
  const company = await tx.company.findFirstOrThrow({ select: { ediSenderId: true, ediSenderQualifier: true } });
  if (!company.ediSenderId || !company.ediSenderQualifier) {
    errors.add('ediEnabled', "Set the company's edi_sender_id and edi_sender_qualifier (PATCH /company) before enabling EDI on a channel.");
  }
  if (partnerId && qualifier) {
    const other = await tx.salesChannel.findFirst({
      where: { ediEnabled: true, ediPartnerId: partnerId, ediQualifier: qualifier, ...(channelId !== null ? { id: { not: channelId } } : {}) },
      select: { id: true },
    });
    if (other) errors.add('ediPartnerId', `Channel ${other.id} already trades with partner ${qualifier}:${partnerId}.`);
  }
  errors.throwIfAny();
}
