// Writes clients/typescript/src/schema.d.ts: the TypeScript types of the REST API (openapi-typescript), from
// the OpenAPI document the server serves at /external/api/v1/openapi.json, built in-process by the REST
// gateway's own function (servedOpenApiDocument), without a server or a database. `npm run client:generate`.
// The file is generated, not committed (.gitignore): test/clients/typescript-client.test.ts regenerates it.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { buildSchema } from '../src/graphql/schema.js';
import { PROJECT_ROOT } from '../src/project-root.js';
import { servedOpenApiDocument } from '../src/rest/gateway.js';

export const TYPESCRIPT_CLIENT_DIR = path.join(PROJECT_ROOT, 'clients/typescript');
export const TYPESCRIPT_CLIENT_SCHEMA_FILE = path.join(TYPESCRIPT_CLIENT_DIR, 'src/schema.d.ts');

/** The OpenAPI document as the gateway serves it: the documented routes and sofa-api's generated ones. */
export function restOpenApiDocument(): Record<string, unknown> {
  return JSON.parse(servedOpenApiDocument(buildSchema()));
}

/** The text of schema.d.ts for a document. */
export async function typescriptClientSchema(document: Record<string, unknown> = restOpenApiDocument()): Promise<string> {
  // A copy: openapi-typescript's validation may annotate the object it is given.
  const source: OpenAPI3 = JSON.parse(JSON.stringify(document));
  const ast = await openapiTS(source, { silent: true });
  return COMMENT_HEADER + astToString(ast);
}

/**
 * Writes schema.d.ts when what the document (by default the current one) produces differs from the file on
 * disk, or there is none. Written beside and renamed into place, so a reader never sees half a file.
 */
export async function generateTypescriptClient(document: Record<string, unknown> = restOpenApiDocument()): Promise<{ file: string; text: string; changed: boolean }> {
  const text = await typescriptClientSchema(document);
  const file = TYPESCRIPT_CLIENT_SCHEMA_FILE;
  const changed = !existsSync(file) || readFileSync(file, 'utf8') !== text;
  if (changed) {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  return { file, text, changed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { file, changed } = await generateTypescriptClient();
  console.log(`${changed ? 'wrote' : 'up to date:'} ${path.relative(process.cwd(), file)}`);
}
