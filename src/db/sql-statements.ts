// A script of SQL statements split into its statements, by PostgreSQL's own parser (libpg-query): quotes,
// dollar-quoted function bodies and comments are read as PostgreSQL reads them. On Citus a migration runs one
// statement at a time (src/db/migrations.ts), as Citus passes some DDL on to the workers as the text of the
// whole query it came in.

export async function splitStatements(script: string): Promise<string[]> {
  // Loaded here, not with the module: only a Citus coordinator needs the parser (about 1 MB of WebAssembly).
  const { parse } = await import('libpg-query');
  const parsed: { stmts?: Array<{ stmt_location?: number; stmt_len?: number }> } = await parse(script);
  // Locations are byte offsets in UTF-8; the first statement's is left out when it is 0, the last's length when
  // it runs to the end.
  const bytes = Buffer.from(script, 'utf8');
  return (parsed.stmts ?? [])
    .map(({ stmt_location: start = 0, stmt_len: length }) => bytes.subarray(start, length === undefined || length === 0 ? bytes.length : start + length).toString('utf8').trim())
    .filter((statement) => statement.length > 0);
}
