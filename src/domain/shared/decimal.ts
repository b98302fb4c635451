// Exact arithmetic for money and quantities (never floats): Prisma's Decimal (decimal.js).
import { Prisma } from '../../generated/prisma/client.js';

export type Decimal = Prisma.Decimal;
export const Decimal = Prisma.Decimal;

export type DecimalInput = Prisma.Decimal | number | string;

export function toDecimal(value: DecimalInput): Prisma.Decimal {
  return value instanceof Prisma.Decimal ? value : new Prisma.Decimal(String(value));
}

export const ZERO = new Prisma.Decimal(0);
export const ONE = new Prisma.Decimal(1);

/** A decimal written as plain digits (`12`, `-3.50`; no exponent, no spaces inside), or null. */
export function parseDecimalText(text: string, options: { negative?: boolean } = {}): Prisma.Decimal | null {
  const trimmed = text.trim();
  return (options.negative ? /^-?\d+(\.\d+)?$/ : /^\d+(\.\d+)?$/).test(trimmed) ? new Prisma.Decimal(trimmed) : null;
}
