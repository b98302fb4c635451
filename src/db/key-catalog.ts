// Reads the tables, primary keys, unique indexes and foreign keys of the current schema from PostgreSQL's
// catalog (the same SQL on PGlite and PostgreSQL), for the tenant-key rules and the Citus distribution plan.
import type { SqlRunner } from './sql-runner.js';

export interface CatalogTable {
  name: string;
  columns: string[];
}

export interface CatalogUniqueIndex {
  table: string;
  name: string;
  primary: boolean;
  /** In index order; an expression column reads "(expression)". */
  columns: string[];
}

/** pg_constraint's action codes: a no action, r restrict, c cascade, n set null, d set default. */
export type ForeignKeyAction = 'a' | 'r' | 'c' | 'n' | 'd';

export interface CatalogForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ForeignKeyAction;
  onUpdate: ForeignKeyAction;
}

export interface KeyCatalog {
  tables: CatalogTable[];
  uniqueIndexes: CatalogUniqueIndex[];
  foreignKeys: CatalogForeignKey[];
}

export async function readKeyCatalog(sql: SqlRunner): Promise<KeyCatalog> {
  const tables = await sql.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, json_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  const uniqueIndexes = await sql.query<CatalogUniqueIndex>(
    `SELECT t.relname AS "table", i.relname AS name, x.indisprimary AS "primary",
            (SELECT json_agg(coalesce(a.attname::text, '(expression)') ORDER BY k.ord)
               FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
               LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND x.indisunique
      ORDER BY t.relname, i.relname`,
  );
  const foreignKeys = await sql.query<CatalogForeignKey>(
    `SELECT k.conname AS name, t.relname AS "table", r.relname AS "referencedTable",
            k.confdeltype::text AS "onDelete", k.confupdtype::text AS "onUpdate",
            (SELECT json_agg(a.attname::text ORDER BY u.ord)
               FROM unnest(k.conkey) WITH ORDINALITY AS u(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum) AS columns,
            (SELECT json_agg(a.attname::text ORDER BY u.ord)
               FROM unnest(k.confkey) WITH ORDINALITY AS u(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum) AS "referencedColumns"
       FROM pg_constraint k
       JOIN pg_class t ON t.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()
      ORDER BY t.relname, k.conname`,
  );
  return { tables, uniqueIndexes, foreignKeys };
}
