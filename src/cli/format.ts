// Small text helpers for command output.

/** `2025-03-01 14:05 UTC`, or the fallback for no date. */
export function formatDate(date: Date | null, fallback = '-'): string {
  if (!date) return fallback;
  return date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/** A plain left-aligned table with a header row and a separator. */
export function formatTable(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const render = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [render(headers), render(widths.map((width) => '-'.repeat(width))), ...rows.map(render)];
}
