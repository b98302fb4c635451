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
