// The fields the served OpenAPI document gives an answer, for tests that check an answer has exactly those keys:
// the document is built from the routes' GraphQL selections, so the expected keys follow the GraphQL types and
// are never listed again by hand.
import { buildSchema } from '../../src/graphql/schema.js';
import { servedOpenApiDocument } from '../../src/rest/gateway.js';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; items?: Schema };

let document: any;

/**
 * The sorted keys of the object at `path` in the success answer of `operationId`: each step is a property name,
 * and `[]` steps into an array's items. `documentedKeys('getPurchaseOrder', 'data', 'lines', '[]')`.
 */
export function documentedKeys(operationId: string, ...path: string[]): string[] {
  document ??= JSON.parse(servedOpenApiDocument(buildSchema()));
  const operation = Object.values(document.paths as Record<string, Record<string, any>>)
    .flatMap((item) => Object.values(item))
    .find((candidate) => candidate?.operationId === operationId);
  if (!operation) throw new Error(`The OpenAPI document has no operation ${operationId}.`);
  const success = Object.entries(operation.responses as Record<string, any>).find(([status]) => status.startsWith('2'));
  if (!success) throw new Error(`${operationId} documents no success answer.`);
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]) : schema);
  let schema = resolve(success[1].content['application/json'].schema);
  for (const step of path) {
    const next = step === '[]' ? schema.items : schema.properties?.[step];
    if (!next) throw new Error(`${operationId}: the answer has nothing at ${path.join('.')} (stopped at ${step}).`);
    schema = resolve(next);
  }
  if (!schema.properties) throw new Error(`${operationId}: ${path.join('.')} is not an object.`);
  return Object.keys(schema.properties).sort();
}
