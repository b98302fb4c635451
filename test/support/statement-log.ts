// For tests that count the SQL statements a request runs (openTestDatabase's onQuery). A token's last use is
// written at most once a minute (src/domain/tenancy/api-tokens.ts): whether a request carries that write
// depends on the clock, not on the request, and on a slow run a minute can turn in the middle of the
// requests compared. It is left out of the count; everything else is kept.
const TOKEN_LAST_USE = /^UPDATE "public"\."ApiToken"/;

/** An onQuery that appends each statement to `statements`, except a token's last-use update. */
export function recordStatements(statements: string[]): (sql: string) => void {
  return (sql) => {
    if (!TOKEN_LAST_USE.test(sql)) statements.push(sql);
  };
}
