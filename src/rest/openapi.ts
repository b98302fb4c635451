// One OpenAPI 3.0 document for the REST surface: the documented routes, described from their own
// declarations (parameters from the operation's variables, bodies from its input types, responses from
// its selection set), plus the routes sofa-api generates for the remaining fields.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  Kind,
  getNamedType,
  isCompositeType,
  isNonNullType,
  type FragmentDefinitionNode,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { restName, type Casing } from './casing.js';
import type { CompiledRoute } from './compile.js';
import { describeFilterGrammar } from './list-filters.js';
import { FORMAT_PARAM } from './route.js';

type JsonSchema = Record<string, unknown>;

const MESSAGE = json({ $ref: '#/components/schemas/Message' });

/** What every route may answer besides its success. */
const ERROR_RESPONSES: Record<string, JsonSchema> = {
  '401': { description: 'Missing, unknown, expired or revoked token, or a token of another company.', content: json({ $ref: '#/components/schemas/Unauthorized' }) },
  '403': { description: 'The token lacks the scope this operation needs, or the operation would change a locked channel (apiLocked).', content: MESSAGE },
  '404': { description: 'No such resource in this company.', content: MESSAGE },
  '422': {
    description: 'Invalid input: `errors` lists the messages per field. A refused header (Idempotency-Key) answers `{message}` alone.',
    content: json({ $ref: '#/components/schemas/ValidationFailed' }),
  },
  '429': {
    description:
      'A rate-limit budget per minute is spent (src/http/rate-limits.ts): the token\'s or the company\'s, or for heavy requests (the stock export, imports, PDFs) their own. ' +
      'Every answer carries RateLimit-Policy and RateLimit (IETF draft-ietf-httpapi-ratelimit-headers); this one also Retry-After.',
    headers: {
      'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer' } },
      'RateLimit-Policy': { description: 'The budgets this request counts against, e.g. `"company";q=1200;w=60, "token";q=600;w=60`.', schema: { type: 'string' } },
      RateLimit: { description: 'The budget closest to its end: `"token";r=0;t=42` (remaining, seconds to the reset).', schema: { type: 'string' } },
    },
    content: MESSAGE,
  },
  '503': {
    description: 'The database is out of reach (restarting, or the cluster node holding this company is down); nothing was changed. Try again after Retry-After.',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
    content: MESSAGE,
  },
};

/** What a write may answer besides: a conflict with the record's state, or its Idempotency-Key still running. */
const WRITE_RESPONSES: Record<string, JsonSchema> = {
  '409': {
    description: 'The request conflicts with the state of the record (a transition not allowed now, a document already made), or a request with the same Idempotency-Key is still running (Retry-After).',
    content: MESSAGE,
  },
};

/** What a route that reads a request body may answer besides. */
const BODY_RESPONSES: Record<string, JsonSchema> = {
  '400': { description: 'The body cannot be read: JSON that does not parse, or a broken multipart body.', content: MESSAGE },
  '413': { description: 'The body is larger than the limit this route takes.', content: MESSAGE },
  '415': { description: 'The body is not of a media type this route takes.', content: MESSAGE },
};

function upstreamResponse(system: string): Record<string, JsonSchema> {
  return { '502': { description: `${system.charAt(0).toUpperCase()}${system.slice(1)} failed or did not answer in time; what the operation would have stored is not stored.`, content: MESSAGE } };
}

/** Every write takes an Idempotency-Key (src/http/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe (IETF Idempotency-Key header draft): 1 to 255 visible ASCII characters, unique per write. The first response (status and body) is kept ' +
    'for 24 hours per company, token and key; the same request again gets it back with `Idempotent-Replayed: true` and changes nothing. The same key with ' +
    'another method, path or body → 422 {message}; while the first request with the key still runs → 409 {message} with Retry-After. Answers of 500 or more are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

export function buildOpenApiDocument(
  routes: CompiledRoute[],
  schema: GraphQLSchema,
  sofaDocument: { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } },
  basePath: string,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const recursiveInputs: Record<string, JsonSchema> = {};
  for (const compiled of routes) {
    (paths[compiled.route.path] ??= {})[compiled.route.method.toLowerCase()] = describeRoute(compiled, schema, recursiveInputs);
  }
  for (const [path, item] of Object.entries(sofaDocument.paths ?? {})) {
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    if (paths[openApiPath]) continue;
    const operations = Object.fromEntries(
      Object.entries(item as Record<string, any>).map(([method, operation]) => [
        method,
        {
          ...operation,
          summary: operation.summary ?? generatedSummary(method, openApiPath),
          operationId: operation.operationId ?? generatedOperationId(method, openApiPath),
          tags: ['Generated from GraphQL'],
          // A generated route's variables that do not fit their types → 400 {message} (src/rest/sofa.ts).
          responses: { ...operation.responses, ...ERROR_RESPONSES, ...(method === 'get' ? {} : { ...WRITE_RESPONSES, ...BODY_RESPONSES }), '400': BODY_RESPONSES['400'] },
        },
      ]),
    );
    paths[openApiPath] = operations;
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Inventory, Purchasing, Sales and Production API',
      version: '1.0.0',
      description:
        'Each company reaches the API at its own subdomain: https://{company}.{domain}/external/api/v1. ' +
        'Every operation needs `Authorization: Bearer <API token>` (tokens are created at /settings/api-tokens). ' +
        'Routes tagged "Generated from GraphQL" are produced from GraphQL fields without a documented REST mapping: ' +
        'they answer with the bare result and use GraphQL field names.',
    },
    servers: [{ url: basePath }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ...referencedOnly(generatedRouteSchemas(sofaDocument.components?.schemas ?? {}, schema, recursiveInputs), paths),
        ...recursiveInputs,
        Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        NotFound: {
          type: 'object',
          required: ['error', 'message', 'status_code'],
          properties: { error: { type: 'string', example: 'Not Found' }, message: { type: 'string' }, status_code: { type: 'integer', example: 404 } },
        },
        Unauthorized: {
          type: 'object',
          required: ['error', 'message', 'status_code'],
          properties: { error: { type: 'string', example: 'Unauthorized' }, message: { type: 'string' }, status_code: { type: 'integer', example: 401 } },
        },
        ValidationFailed: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'object',
              description: 'Messages per field, by the field\'s name as sent (`lines.0.quantity`); left out when a header was refused.',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}

function describeRoute(compiled: CompiledRoute, schema: GraphQLSchema, recursiveInputs: Record<string, JsonSchema>): JsonSchema {
  const { route, operation, document } = compiled;
  const casing: InputCasing = { casing: compiled.casing, recursiveInputs };
  const parameters: JsonSchema[] = [];
  for (const [param, variable] of Object.entries(route.pathParams ?? {})) {
    parameters.push({ name: param, in: 'path', required: true, schema: inputSchema(compiled.variables.get(variable)!, casing) });
  }
  for (const [param, variable] of Object.entries(route.queryParams ?? {})) {
    const type = compiled.variables.get(variable)!;
    parameters.push({ name: param, in: 'query', required: isNonNullType(type), schema: inputSchema(type, casing) });
  }
  if (route.filters) {
    // Filter names are open-ended (`retail_price[gt]`), so one free-form parameter stands for all of them:
    // with form style and explode, each property of the object is sent as its own query parameter.
    parameters.push({
      name: 'filters',
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      description: 'Filters as `field[operator]=value` pairs; the fields are listed in the description of this operation.',
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
  }
  if (compiled.formats.size > 0) {
    parameters.push({
      name: FORMAT_PARAM,
      in: 'query',
      required: false,
      description: `The representation: ${[['json', null] as const, ...compiled.formats].map(([name, f]) => `${name}${f ? ` (${f.format.mediaType}, as an attachment; also chosen by an Accept header naming it)` : ''}${name === (route.defaultFormat ?? 'json') ? ' (default)' : ''}`).join(', ')}.`,
      schema: { type: 'string', enum: ['json', ...compiled.formats.keys()], default: route.defaultFormat ?? 'json' },
    });
  }
  if (route.method !== 'GET') parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  const description = [route.description, route.filters ? describeFilterGrammar(route.filters.spec) : undefined].filter(Boolean).join('\n\n');

  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : operation.operation === 'subscription' ? schema.getSubscriptionType()! : schema.getQueryType()!;
  const rootSelection = operation.selectionSet.selections[0];
  if (rootSelection.kind !== Kind.FIELD) throw new Error('root selection must be a field');
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const field = rootType.getFields()[rootSelection.name.value];
  const result = outputSchema(field.type, rootSelection.selectionSet, schema, fragments);
  let body: JsonSchema = result;
  if (route.envelope === 'data') body = { type: 'object', required: ['data'], properties: { data: result } };
  if (route.envelope === 'page') {
    const page = result as { properties: Record<string, JsonSchema> };
    body = { type: 'object', required: ['data', 'meta'], properties: { data: page.properties.items, meta: page.properties.meta } };
  }

  const status = String(route.successStatus ?? 200);
  const operationObject: JsonSchema = {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    ...(route.deprecated ? { deprecated: true } : {}),
    parameters,
    responses: {
      ...(route.outcomes
        ? Object.fromEntries(
            Object.values(route.outcomes.cases).map((outcome) => [
              String(outcome.status),
              { description: outcome.description, content: json({ type: 'object', required: ['data'], properties: { data: (result as { properties: Record<string, JsonSchema> }).properties[outcome.data]! } }) },
            ]),
          )
        : {
            [status]: {
              description: 'Success.',
              content: {
                ...json(body),
                ...Object.fromEntries([...compiled.formats.values()].map((f) => [f.format.mediaType, { schema: { type: 'string', format: 'binary' } }])),
              },
            },
          }),
      ...ERROR_RESPONSES,
      ...(route.method === 'GET' ? {} : WRITE_RESPONSES),
      ...(route.bodyVariable || route.textBody || route.upload ? BODY_RESPONSES : {}),
      ...(route.upstream ? upstreamResponse(route.upstream) : {}),
      ...(route.notFoundBody === 'detailed' ? { '404': { description: 'No such resource in this company.', content: json({ $ref: '#/components/schemas/NotFound' }) } } : {}),
    },
  };
  if (route.bodyVariable) {
    operationObject.requestBody = { required: true, content: json(inputSchema(compiled.variables.get(route.bodyVariable)!, casing)) };
  }
  if (route.textBody) {
    operationObject.requestBody = { required: true, content: Object.fromEntries(route.textBody.mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string' } }])) };
  }
  if (route.upload) {
    const { fileField } = route.upload;
    operationObject.requestBody = {
      required: true,
      content: {
        ...Object.fromEntries(route.upload.mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }])),
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [fileField],
            properties: { [fileField]: { type: 'string', format: 'binary' }, ...Object.fromEntries(Object.keys(route.queryParams ?? {}).map((name) => [name, { type: 'string' }])) },
          },
        },
      },
    };
  }
  if (route.sse) {
    const success = (operationObject.responses as Record<string, any>)[status];
    if (success) success.content = { 'text/event-stream': { schema: { type: 'string', description: `Server-Sent Events: each event is named by ${route.sse.eventField}; its data is the ${route.sse.dataField} as JSON.` } } };
  }
  return operationObject;
}

/** How a route writes input names, and where input objects that contain themselves are described once. */
interface InputCasing {
  casing: Casing;
  /** Component schemas by name: `<Type>` (camelCase routes) or `<Type>_snake_case`. */
  recursiveInputs: Record<string, JsonSchema>;
}

/** `within`: the input objects being described around this one; one met again (a package's child packages) is a $ref. */
function inputSchema(type: GraphQLInputType, casing: InputCasing, within: ReadonlySet<GraphQLInputObjectType> = new Set()): JsonSchema {
  if (type instanceof GraphQLNonNull) return definiteInputSchema(type.ofType, casing, within);
  // Input objects are described without null (a client leaving one out is the usual way to say nothing).
  if (type instanceof GraphQLInputObjectType) return definiteInputSchema(type, casing, within);
  return nullableSchema(definiteInputSchema(type, casing, within));
}

/**
 * An input field's schema: from its type, or as the field declares it in `extensions.openApi` where its GraphQL
 * type says less (a JSON field that takes a digit string or a number).
 */
function declaredOrInputSchema(field: GraphQLInputField, casing: InputCasing, within: ReadonlySet<GraphQLInputObjectType>): JsonSchema {
  const declared = field.extensions?.openApi as JsonSchema | undefined;
  if (!declared) return inputSchema(field.type, casing, within);
  return field.type instanceof GraphQLNonNull ? declared : nullableSchema(declared);
}

/** An input type's schema for a value that is there (not null). */
function definiteInputSchema(type: GraphQLInputType, casing: InputCasing, within: ReadonlySet<GraphQLInputObjectType>): JsonSchema {
  if (type instanceof GraphQLNonNull) return definiteInputSchema(type.ofType, casing, within);
  if (type instanceof GraphQLList) return { type: 'array', items: inputSchema(type.ofType, casing, within) };
  if (type instanceof GraphQLInputObjectType && within.has(type)) {
    // Described once as a component, in which its own fields refer to it again.
    const name = casing.casing === 'camel' ? type.name : `${type.name}_${casing.casing}_case`;
    if (!casing.recursiveInputs[name]) {
      casing.recursiveInputs[name] = {};
      casing.recursiveInputs[name] = definiteInputSchema(type, casing, new Set());
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  if (type instanceof GraphQLInputObjectType) {
    const inside = new Set([...within, type]);
    const fields = Object.values(type.getFields());
    const required = fields.filter((f) => f.type instanceof GraphQLNonNull).map((f) => restName(f.name, casing.casing));
    return {
      type: 'object',
      additionalProperties: false,
      ...(type.description ? { description: type.description } : {}),
      ...(required.length ? { required } : {}),
      properties: Object.fromEntries(
        fields.map((f) => [restName(f.name, casing.casing), { ...declaredOrInputSchema(f, casing, inside), ...(f.description ? { description: f.description } : {}) }]),
      ),
    };
  }
  // One spelling, the one answers use; the gateway also takes other cases (src/rest/input.ts).
  if (type instanceof GraphQLEnumType) return { type: 'string', enum: type.getValues().map((v) => v.name) };
  return scalarSchema(type as GraphQLScalarType);
}

/**
 * The schema that also allows null, as OpenAPI 3.0.3 says it: `nullable` beside a `type` (never alone), null
 * among an enum's values, null in the first of `oneOf`'s choices only (so that exactly one matches), and a
 * schema of any value (JSON) as it is, since it allows null already.
 */
function nullableSchema(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: schema.oneOf.map((choice: JsonSchema, i: number) => (i === 0 ? nullableSchema(choice) : choice)) };
  if (schema.type === undefined) return schema;
  return { ...schema, nullable: true, ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
}

function outputSchema(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
): JsonSchema {
  if (type instanceof GraphQLNonNull) return definiteOutputSchema(type.ofType, selectionSet, schema, fragments);
  return nullableSchema(definiteOutputSchema(type, selectionSet, schema, fragments));
}

/** An output type's schema for a value that is there (not null). */
function definiteOutputSchema(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
): JsonSchema {
  if (type instanceof GraphQLNonNull) return definiteOutputSchema(type.ofType, selectionSet, schema, fragments);
  if (type instanceof GraphQLList) return { type: 'array', items: outputSchema(type.ofType, selectionSet, schema, fragments) };
  const named = getNamedType(type);
  if (named instanceof GraphQLObjectType && selectionSet) {
    const properties: Record<string, JsonSchema> = {};
    // A field under @include or @skip is in the answer only when the request asks for it (e.g. include_packages).
    const conditional = new Set<string>();
    const visit = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const field = named.getFields()[selection.name.value];
          if (!field) continue;
          const key = selection.alias?.value ?? selection.name.value;
          if (selection.directives?.some((directive) => ['include', 'skip'].includes(directive.name.value))) conditional.add(key);
          properties[key] = {
            ...outputSchema(field.type, selection.selectionSet, schema, fragments),
            ...(field.description ? { description: field.description } : {}),
          };
        } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
          visit(fragments[selection.name.value].selectionSet);
        } else {
          visit(selection.selectionSet);
        }
      }
    };
    visit(selectionSet);
    return { type: 'object', required: Object.keys(properties).filter((key) => !conditional.has(key)), properties };
  }
  if (named instanceof GraphQLEnumType) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  return scalarSchema(named as GraphQLScalarType);
}

function scalarSchema(type: GraphQLScalarType): JsonSchema {
  switch (type.name) {
    case 'Int':
    case 'SafeInt':
      return { type: 'integer' };
    case 'Float':
    case 'Decimal':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return { type: 'string', format: 'date-time' };
    case 'JSON':
      return {};
    case 'DecimalString':
      return { oneOf: [{ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }, { type: 'number' }] };
    default:
      return { type: 'string' };
  }
}

/**
 * sofa-api describes the types of its generated routes from the GraphQL schema, but a custom scalar as an
 * object (a DateTime is a string) and nothing as nullable. Each field holding a scalar or an enum is described
 * again here as the documented routes describe it; fields holding objects keep sofa's `$ref`.
 */
function generatedRouteSchemas(sofaSchemas: Record<string, unknown>, schema: GraphQLSchema, recursiveInputs: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const described: Record<string, JsonSchema> = {};
  for (const [name, sofaSchema] of Object.entries(sofaSchemas) as Array<[string, JsonSchema]>) {
    const type = schema.getType(name);
    const properties = (sofaSchema.properties ?? {}) as Record<string, JsonSchema>;
    if (type instanceof GraphQLObjectType) {
      const fields = type.getFields();
      described[name] = {
        ...sofaSchema,
        properties: Object.fromEntries(
          Object.entries(properties).map(([key, property]) => {
            const field = fields[key];
            // A $ref stands alone in OpenAPI 3.0 (siblings are ignored): the type it names has the description.
            if (!field || isCompositeType(getNamedType(field.type))) return [key, typeof property.$ref === 'string' ? { $ref: property.$ref } : property];
            return [key, { ...outputSchema(field.type, undefined, schema, {}), ...(field.description ? { description: field.description } : {}) }];
          }),
        ),
      };
    } else if (type instanceof GraphQLInputObjectType) {
      described[name] = { ...definiteInputSchema(type, { casing: 'camel', recursiveInputs }, new Set()), ...(type.description ? { description: type.description } : {}) };
    } else {
      described[name] = sofaSchema;
    }
  }
  return described;
}

/** The component schemas the paths refer to, directly or through other components; sofa describes every type of the schema. */
function referencedOnly(schemas: Record<string, JsonSchema>, paths: Record<string, unknown>): Record<string, JsonSchema> {
  const kept = new Set<string>();
  const pending = [paths as unknown];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!kept.has(name) && schemas[name]) {
          kept.add(name);
          pending.push(schemas[name]);
        }
      } else visit(value);
    }
  };
  while (pending.length > 0) visit(pending.pop());
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}

/** The words of a generated route's path, its GraphQL field's name in kebab case (placeholders left out). */
function pathWords(path: string): string[] {
  return path.split('/').filter((segment) => segment && !segment.startsWith('{')).flatMap((segment) => segment.split('-'));
}

/** sofa-api names some generated routes but not all: "Get viewer", "Update unit class" from the path's words. */
function generatedSummary(method: string, path: string): string {
  const words = pathWords(path);
  const phrase = method === 'get' ? ['get', ...words] : words;
  return [phrase[0]!.charAt(0).toUpperCase() + phrase[0]!.slice(1), ...phrase.slice(1)].join(' ');
}

/** The GraphQL field's name with the method, as sofa-api names the routes it does name: viewer_query, updateUnitClass_mutation. */
function generatedOperationId(method: string, path: string): string {
  const [first, ...rest] = pathWords(path);
  return `${first}${rest.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}_${method === 'get' ? 'query' : 'mutation'}`;
}

function json(schema: JsonSchema): JsonSchema {
  return { 'application/json': { schema } };
}
