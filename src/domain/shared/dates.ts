// Dates shared by every area: calendar dates (YYYY-MM-DD, held as UTC midnight) and arithmetic on instants.

const DAY_MS = 86_400_000;

/** The instant `days` whole days (24 hours each) after `date`; negative days go back. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` as a UTC midnight Date, or null when the text is not a real date. */
export function parseDateOnly(text: string): Date | null {
  const match = DATE_ONLY.exec(text.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text.trim() ? date : null;
}

export function formatDateOnly(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/** Today's date (UTC) as a UTC midnight Date: a lot whose expiry date is before it has expired. */
export function todayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
