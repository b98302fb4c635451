import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from './schema.js';
import { PROJECT_ROOT } from '../project-root.js';

export const SCHEMA_FILE = path.join(PROJECT_ROOT, 'schema/schema.graphql');

export function printSchemaFile(): string {
  return printSchema(lexicographicSortSchema(buildSchema())) + '\n';
}
