// GET /graphql/schema.json: the schema's introspection, public as the OpenAPI document is (it describes the
// API, it holds no company data). GraphiQL's page loads its docs from it before a token or session is there.
import type { ServerResponse } from 'node:http';
import { introspectionFromSchema, type GraphQLSchema } from 'graphql';

const answerBySchema = new WeakMap<GraphQLSchema, string>();

export function serveSchemaIntrospection(res: ServerResponse, schema: GraphQLSchema): void {
  let answer = answerBySchema.get(schema);
  if (!answer) {
    const introspection = introspectionFromSchema(schema, { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
    answer = JSON.stringify({ data: introspection });
    answerBySchema.set(schema, answer);
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' });
  res.end(answer);
}
