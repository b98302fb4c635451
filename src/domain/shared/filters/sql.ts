// SQL conditions for one filter on one column, by kind: the twins of where.ts's Prisma fragments for lists
// whose page is chosen in SQL (products: the page, its total and its JSON in one statement). They keep
// where.ts's rules: strings match case-insensitively with LIKE's wildcards escaped, numbers and booleans
// compare, date-times compare whole seconds. Values are bound parameters with explicit types, so either
// driver sends them as text PostgreSQL reads the same way.
import { Prisma } from '../../../generated/prisma/client.js';
import type { FilterOperator } from './grammar.js';
import type { FilterValue } from './values.js';
import { escapeLike, lastMillisecondOf } from './where.js';

const COMPARISONS: Record<FilterOperator, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', contains: '=' };

/** `column ILIKE value` (eq) or a substring match (contains), without regard to case. */
export function stringCondition(column: Prisma.Sql, operator: FilterOperator, value: FilterValue): Prisma.Sql {
  const text = escapeLike(String(value));
  return operator === 'contains' ? Prisma.sql`${column} ILIKE '%' || ${text}::text || '%'` : Prisma.sql`${column} ILIKE ${text}::text`;
}

/** The SQL type a parameter of each compared kind is bound as. */
export type ComparedType = 'int' | 'numeric' | 'boolean' | 'text';

/** Numbers, enums and booleans: eq is equality, the others compare. */
export function comparisonCondition(column: Prisma.Sql, operator: FilterOperator, value: FilterValue, type: ComparedType): Prisma.Sql {
  return Prisma.sql`${column} ${Prisma.raw(COMPARISONS[operator])} ${String(value)}::${Prisma.raw(type)}`;
}

/** A `timestamp(3)` column holding UTC, compared by whole seconds as dateTimeFilter does. */
export function dateTimeCondition(column: Prisma.Sql, operator: FilterOperator, value: FilterValue): Prisma.Sql {
  const start = value as Date;
  const end = lastMillisecondOf(start);
  const at = (instant: Date) => Prisma.sql`${instant.toISOString().slice(0, 23).replace('T', ' ')}::timestamp(3)`;
  switch (operator) {
    case 'gt':
      return Prisma.sql`${column} > ${at(end)}`;
    case 'gte':
      return Prisma.sql`${column} >= ${at(start)}`;
    case 'lt':
      return Prisma.sql`${column} < ${at(start)}`;
    case 'lte':
      return Prisma.sql`${column} <= ${at(end)}`;
    default:
      return Prisma.sql`${column} >= ${at(start)} AND ${column} <= ${at(end)}`;
  }
}

/** All conditions together (AND); none is true. */
export function allConditions(conditions: readonly Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions.map((c) => Prisma.sql`(${c})`), ' AND ');
}
