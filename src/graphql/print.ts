import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from './schema.js';

export const SCHEMA_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema/schema.graphql');

export function printSchemaFile(): string {
  return printSchema(lexicographicSortSchema(buildSchema())) + '\n';
}
