// The `as_of` argument of the reports: a UTC date (`YYYY-MM-DD`, meaning the end of that day) or a UTC date
// and time (`YYYY-MM-DD HH:MM:SS`, or ISO 8601 with `T` and an optional zone). Absent: now.
import { FieldErrorCollector } from '../../shared/errors.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;

export function parseAsOf(text: string | null | undefined, errors: FieldErrorCollector, field = 'asOf'): Date {
  if (text === undefined || text === null || text.trim() === '') return new Date();
  const value = text.trim();
  const date = DATE.exec(value);
  if (date) {
    const start = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
    if (start.toISOString().slice(0, 10) === value) return new Date(start.getTime() + 86_400_000 - 1);
  } else {
    const parts = DATE_TIME.exec(value);
    if (parts) {
      const zone = parts[8] ?? 'Z';
      const parsed = new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}${parts[7] ?? ''}${zone}`);
      // A real calendar date and time: the UTC reading of a zone-less value must give back its own digits.
      const real = !Number.isNaN(parsed.getTime()) && (parts[8] !== undefined || parsed.toISOString().slice(0, 19) === `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}`);
      if (real) return parsed;
    }
  }
  errors.add(field, 'The as of must be a date YYYY-MM-DD or a date and time YYYY-MM-DD HH:MM:SS (UTC).');
  return new Date(NaN);
}
