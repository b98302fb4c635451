// Statements that run on every request (the token check, the rate-limit count, the products page) planned once
// and kept, on embedded PGlite. PGlite's query() sends every statement unnamed, so PostgreSQL parses, analyses and
// plans it again each time: for the products page that planning was a quarter of the statement's time (issue 16,
// 15.5 ms → 11.5 ms). Here each distinct statement text is PREPAREd once under a name of its own and then
// EXECUTEd with its values as literals; its plan is the generic one (plan_cache_mode, set for that one
// script), which is the same shape for every tenant and every window, as these statements are tenant-first
// lookups whose cost does not depend on the values. PGlite offers no named statements in its query API, and
// EXECUTE takes no bound parameters, hence the literals: pg's escapeLiteral writes them.
//
// The least recently used statement is deallocated once `capacity` are kept, as GraphQL selections make the
// products page's text vary. PREPARE and DEALLOCATE are not undone when the script they are in fails, so after
// a failure the kept names are checked against pg_prepared_statements.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

export type PreparedQuery = <T>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

/** A value as an SQL literal, as the statement's own cast reads it (`$1::int` reads '42' as 42). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return `'${String(value)}'`;
  if (typeof value === 'number' && Number.isFinite(value)) return `'${String(value)}'`;
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map(arrayElement).join(',')}}`);
  throw new TypeError(`a prepared statement takes text, numbers, booleans and arrays of them, not ${typeof value === 'number' ? String(value) : typeof value}`);
}

/** An element of an array's text form (`{"a","b"}`), which the statement's array type reads as it reads a bound array. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value))) {
    return `"${String(value).replace(/[\\"]/g, (character) => `\\${character}`)}"`;
  }
  throw new TypeError(`an array in a prepared statement holds text, numbers and booleans, not ${typeof value}`);
}

// Names are never reused, by any set of statements over any PGlite: no two can meet in one session.
let named = 0;

export function preparedQuery(pglite: Pick<PGlite, 'exec' | 'query'>, capacity = 64): PreparedQuery {
  /** Statement text → its name, least recently used first. */
  const kept = new Map<string, string>();

  /** Forgets the kept names a failed script left without a statement. */
  async function recheck(names: Set<string>) {
    const rows = await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    const existing = new Set(rows.rows.map((row) => row.name));
    for (const [text, name] of kept) if (names.has(name) && !existing.has(name)) kept.delete(text);
  }

  return async <T>(sql: string, params: readonly unknown[] = []) => {
    const values = params.map(literal);
    // The script is built and handed to PGlite in one synchronous step, and PGlite runs scripts in the order
    // they come: a statement named here is prepared before any later script executes or deallocates it.
    const script: string[] = [];
    let name = kept.get(sql);
    if (name === undefined) {
      if (kept.size >= capacity) {
        const [oldestText, oldestName] = kept.entries().next().value!;
        kept.delete(oldestText);
        script.push(`DEALLOCATE ${oldestName}`);
      }
      name = `service_statement_${++named}`;
      script.push(`PREPARE ${name} AS ${sql}`);
    } else {
      kept.delete(sql);
    }
    kept.set(sql, name);
    script.push('SET LOCAL plan_cache_mode = force_generic_plan', `EXECUTE ${name}${values.length > 0 ? `(${values.join(', ')})` : ''}`);
    try {
      const results = await pglite.exec(script.join(';\n'));
      return results[results.length - 1]!.rows as T[];
    } catch (error) {
      // If even the check fails, nothing kept can be trusted: forget it all (names are never reused).
      await recheck(new Set(kept.values())).catch(() => kept.clear());
      throw error;
    }
  };
}
