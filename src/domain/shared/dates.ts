// Date arithmetic on instants, shared by the areas that compute due dates and cut-offs.

const DAY_MS = 86_400_000;

/** The instant `days` whole days (24 hours each) after `date`; negative days go back. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
