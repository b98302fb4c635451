// The operations of the served OpenAPI document (documented and generated routes alike), in the shape the
// fuzz suite needs: method, path template, parameters by place, the request body's media types and schema,
// with every $ref resolved against the document's components.

export interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** `POST /locations/{locationId}`: names the operation in test titles and reports. */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** Media type → schema; null when the operation takes no body. */
  body: Record<string, Schema> | null;
  /** Answers with a stream of events (kept open): the suite reads only its status. */
  streams: boolean;
}

interface Document {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function listOperations(document: Document): Operation[] {
  const resolve = (schema: Schema | undefined): Schema => resolveRef(document, schema ?? {});
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params: Parameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        schema: resolve(p.schema),
      }));
      const content: Record<string, { schema?: Schema }> | undefined = op.requestBody?.content;
      const body = content ? Object.fromEntries(Object.entries(content).map(([type, media]) => [type, resolve(media.schema)])) : null;
      const ok = op.responses?.['200']?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body,
        streams: 'text/event-stream' in ok,
      });
    }
  }
  return operations;
}

/** The schema with every `$ref` replaced by the component it names; a component met again inside itself becomes `{}` (any value). */
export function resolveRef(document: Document, schema: Schema, seen: string[] = []): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) return { nullable: true };
    const target = document.components?.schemas?.[name] ?? {};
    return { ...resolveRef(document, target, [...seen, name]), ...(schema.nullable ? { nullable: true } : {}) };
  }
  const resolved: Schema = { ...schema };
  if (schema.properties) {
    resolved.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, resolveRef(document, s, seen)]));
  }
  if (schema.items) resolved.items = resolveRef(document, schema.items, seen);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    resolved.additionalProperties = resolveRef(document, schema.additionalProperties, seen);
  }
  return resolved;
}
