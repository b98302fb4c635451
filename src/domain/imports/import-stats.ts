// An import's counts as it reports them: while it runs, total_rows counts the rows handled so far (the file's
// row count is known only once it is read through), so it is never below what was applied and refused. Written
// twice, for the two ways an answer is made: the record's value (field by field) and SQL (one statement).

export interface ImportStats {
  totalRows: number;
  successCount: number;
  errorCount: number;
}

/** The stats of a stored import row. */
export function importStats(row: ImportStats): ImportStats {
  return { totalRows: Math.max(row.totalRows, row.successCount + row.errorCount), successCount: row.successCount, errorCount: row.errorCount };
}

/** The same three counts, as the columns of one row selected from the import row `row` (a SQL alias). */
export function importStatsSql(row: string): string {
  return `SELECT greatest(${row}."totalRows", ${row}."successCount" + ${row}."errorCount") AS "totalRows", ${row}."successCount", ${row}."errorCount"`;
}
