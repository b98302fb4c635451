// GS1 Serial Shipping Container Codes (SSCC, application identifier 00): 18 digits = an extension digit, the
// company's GS1 company prefix (6 to 12 digits), a serial reference filling up to 17 digits, and a mod-10
// check digit. Pure functions: no database.

export const SSCC_LENGTH = 18;
/** The extension digit of the codes the service assigns. */
export const SSCC_EXTENSION_DIGIT = 0;

/**
 * The GS1 mod-10 check digit of a string of data digits: weights 3, 1, 3, … from the rightmost data digit;
 * the check digit brings the weighted sum up to a multiple of 10.
 */
export function gs1CheckDigit(data: string): number {
  if (!/^\d+$/.test(data)) throw new Error(`GS1 data must be digits: "${data}".`);
  let sum = 0;
  for (let i = data.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(data[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/**
 * An SSCC as the request gave it, as text. A JSON number is read as its integer value padded with zeros to 18
 * digits (a code with extension digit 0 has only 17 significant digits); numbers beyond 2^53 reach the service
 * already rounded by the JSON parser, so their check digit fails. Send SSCCs as digit strings.
 */
export function ssccText(raw: unknown): string {
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw) || raw < 0) return String(raw);
    return raw.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }).padStart(SSCC_LENGTH, '0');
  }
  if (typeof raw === 'string') return raw.trim();
  return String(raw);
}

/** What is wrong with an SSCC (digits only, 18 of them, the right check digit), or null. */
export function ssccProblem(value: string): string | null {
  if (!/^\d+$/.test(value)) return `An SSCC is 18 digits; "${value}" holds other characters.`;
  if (value.length !== SSCC_LENGTH) return `An SSCC is 18 digits; ${value} has ${value.length}.`;
  const expected = gs1CheckDigit(value.slice(0, SSCC_LENGTH - 1));
  if (Number(value[SSCC_LENGTH - 1]) !== expected) return `The check digit of SSCC ${value} is wrong: it should be ${expected}.`;
  return null;
}

/** What is wrong with a GS1 company prefix (6 to 12 digits), or null. */
export function gs1PrefixProblem(prefix: string): string | null {
  return /^\d{6,12}$/.test(prefix) ? null : 'A GS1 company prefix is 6 to 12 digits.';
}

/** The largest serial reference an SSCC with this company prefix can carry. */
export function maxSsccSerial(prefix: string): number {
  return 10 ** (SSCC_LENGTH - 2 - prefix.length) - 1;
}

/** extension digit + company prefix + serial reference (zero-padded to 17 digits in all) + check digit. */
export function buildSscc(prefix: string, serial: number, extension = SSCC_EXTENSION_DIGIT): string {
  const problem = gs1PrefixProblem(prefix);
  if (problem) throw new Error(problem);
  if (!Number.isInteger(serial) || serial < 0 || serial > maxSsccSerial(prefix)) throw new Error(`Serial ${serial} does not fit an SSCC with company prefix ${prefix}.`);
  if (!Number.isInteger(extension) || extension < 0 || extension > 9) throw new Error('The extension digit is one digit.');
  const data = `${extension}${prefix}${String(serial).padStart(SSCC_LENGTH - 2 - prefix.length, '0')}`;
  return `${data}${gs1CheckDigit(data)}`;
}
