// For tests that count the SQL statements a request runs (openTestDatabase's onQuery). A token's last use is
// written at most once a minute (src/domain/tenancy/api-tokens.ts): whether a request carries that write
// depends on the clock, not on the request, and on a slow run a minute can turn in the middle of the
// requests compared. It is left out of the count; everything else is kept.
import { expect } from 'vitest';

const TOKEN_LAST_USE = /^UPDATE "public"\."ApiToken"/;

/** An onQuery that appends each statement to `statements`, except a token's last-use update. */
export function recordStatements(statements: string[]): (sql: string) => void {
  return (sql) => {
    if (!TOKEN_LAST_USE.test(sql)) statements.push(sql);
  };
}

/**
 * The statements a test file's database runs, for openTestDatabase({ onQuery: counter.onQuery }), and how many
 * one call runs: the one counting helper of the statement-count tests.
 */
export function statementCounter() {
  const statements: string[] = [];
  const count = async <T>(call: () => Promise<T>): Promise<{ count: number; result: T }> => {
    const before = statements.length;
    const result = await call();
    return { count: statements.length - before, result };
  };
  return {
    statements,
    onQuery: recordStatements(statements),
    count,
    /** How many statements `call` runs. */
    of: async (call: () => Promise<unknown>): Promise<number> => (await count(call)).count,
    /** How many statements `call` runs; its answer must be a success (below 300). */
    ofSuccess: async (call: () => Promise<{ status: number; text: string }>): Promise<number> => {
      const { count: statementCount, result } = await count(call);
      expect(result.status, result.text).toBeLessThan(300);
      return statementCount;
    },
  };
}
