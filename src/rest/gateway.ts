// The REST gateway under /external/api/v1. Documented routes (rest-mapping/) run their GraphQL operation
// in-process with the request's context and map the result to the contract's envelopes (or, for a format
// such as a PDF that the request asks for, hand it to the route's renderer, src/rest/formats.ts); every other
// Query/Mutation field is served by sofa-api. The OpenAPI document and docs page are served here too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute, GraphQLNonNull, subscribe, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { FieldErrorCollector } from '../domain/shared/errors.js';
import { unstorableTextProblem } from '../domain/shared/storable-text.js';
import { authenticateRequest } from '../http/authenticate.js';
import { readBody, readJsonBody } from '../http/body.js';
import { detailedNotFound, HttpProblem, toHttpError } from '../http/errors.js';
import { describeError, silentLogger } from '../http/logger.js';
import { sendAttachment, sendHtml, sendJson } from '../http/respond.js';
import { spoolBody, spoolMultipart, type SpooledFile, type SpooledUpload } from '../http/upload.js';
import type { AppServices } from '../http/services.js';
import type { RequestContext } from '../graphql/context.js';
import { restRoutes } from '../../rest-mapping/index.js';
import type { RestRoute } from './route.js';
import { REST_BASE_PATH } from './base-path.js';
import { restFieldPath } from './casing.js';
import { compileRoutes, type CompiledRoute } from './compile.js';
import { pickFormat } from './formats.js';
import { coerceJsonInput, coerceQueryInput, refuseMissingQueryInput } from './input.js';
import { splitQueryParams } from './list-filters.js';
import { buildOpenApiDocument } from './openapi.js';
import { docsPage } from './docs-page.js';
import { withIdempotency } from '../http/idempotency.js';
import { runApiRequest } from '../http/api-request.js';
import { pageSecurityHeaders } from '../http/content-security.js';
import { decodePathSegment } from '../http/path-segment.js';
import { createSofaHandler, type SofaHandler } from './sofa.js';
import { executeOperation, HOLDS_JSON_TEXT } from '../graphql/shared/compiled-execution.js';
import { outboundPolicy } from '../config/config.js';

export { REST_BASE_PATH };

export interface RestGateway {
  handle(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void>;
}

/** What depends on the schema alone: each documented route compiled, and the OpenAPI document served. */
interface PreparedRoutes {
  routes: CompiledRoute[];
  openApi: string;
}

// Compiling and validating every route's operation and building the document take about half a second: done
// once per schema, however many apps serve it (one per test file in a test worker).
const preparedBySchema = new WeakMap<GraphQLSchema, PreparedRoutes>();

function prepareRoutes(schema: GraphQLSchema, served: RestRoute[], sofa: () => SofaHandler): PreparedRoutes {
  let prepared = preparedBySchema.get(schema);
  if (!prepared) {
    const routes = compileRoutes(served, schema);
    prepared = { routes, openApi: JSON.stringify(buildOpenApiDocument(routes, schema, sofa().openApiDocument(), REST_BASE_PATH)) };
    preparedBySchema.set(schema, prepared);
  }
  return prepared;
}

/** The OpenAPI document as /openapi.json serves it (JSON text), without a server: for the typed client's generator. */
export function servedOpenApiDocument(schema: GraphQLSchema): string {
  return prepareRoutes(schema, restRoutes, () => createSofaHandler(schema, restRoutes, REST_BASE_PATH, silentLogger)).openApi;
}

export function createRestGateway(services: AppServices): RestGateway {
  const { schema, database, config, logger } = services;
  const served = services.restRoutes ?? restRoutes;
  const sofa = createSofaHandler(schema, served, REST_BASE_PATH, logger);
  const { routes, openApi } = prepareRoutes(schema, served, () => sofa);
  const docs = docsPage(`${REST_BASE_PATH}/openapi.json`);
  const docsHeaders = pageSecurityHeaders(docs);
  const outbound = outboundPolicy(config);

  return {
    async handle(req, res, url, requestId) {
      const path = url.pathname.slice(REST_BASE_PATH.length) || '/';
      // The API description is public: it holds no company data.
      if (req.method === 'GET' && path === '/openapi.json') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' });
        res.end(openApi);
        return;
      }
      if (req.method === 'GET' && (path === '/docs' || path === '/docs/')) return sendHtml(res, 200, docs, docsHeaders);

      const ctx = await authenticateRequest(req, database.prisma, database.sql, config.baseDomain, requestId, config.secretKey, outbound);
      return runApiRequest(services, res, ctx, isHeavy(req, url, path), () => withIdempotency(req, res, ctx, (request) => route(request, res, url, path, ctx)));
    },
  };

  /** Counted against the heavy budgets: a route marked heavy (the export), a file upload (an import), or a PDF asked for. */
  function isHeavy(req: IncomingMessage, url: URL, path: string): boolean {
    const hit = routes.find((compiled) => compiled.route.method === req.method && compiled.pattern.test(path));
    if (!hit) return false;
    if (hit.route.heavy || hit.route.upload) return true;
    return hit.formats.size > 0 && pickFormat(hit, url.searchParams, req.headers.accept, new FieldErrorCollector()).format !== null;
  }

  /** The route the request names, run (or sofa's generated route, or 404/405). */
  async function route(req: IncomingMessage, res: ServerResponse, url: URL, path: string, ctx: RequestContext): Promise<void> {
    const matches = routes
      .map((compiled) => ({ compiled, match: compiled.pattern.exec(path) }))
      .filter((m): m is { compiled: CompiledRoute; match: RegExpExecArray } => m.match !== null);
    const hit = matches.find((m) => m.compiled.route.method === req.method);
    if (hit) {
      try {
        return await runRoute(hit.compiled, hit.match, req, res, url, ctx);
      } catch (error) {
        // An id that names nothing, found before the operation runs.
        if (hit.compiled.route.notFoundBody === 'detailed' && error instanceof HttpProblem && error.status === 404) {
          const { status, body } = detailedNotFound(error.message);
          return sendJson(res, status, body);
        }
        throw error;
      }
    }

    const sofaResponse = await sofa.handle(req, res, ctx);
    if (sofaResponse) return;
    if (matches.length > 0) {
      const allowed = [...new Set(matches.map((m) => m.compiled.route.method))].join(', ');
      return sendJson(res, 405, { message: `The ${req.method} method is not supported for this route. Allowed: ${allowed}.` }, { allow: allowed });
    }
    throw new HttpProblem(404, `The route ${url.pathname} could not be found.`);
  }

  async function runRoute(
    compiled: CompiledRoute,
    match: RegExpExecArray,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    ctx: RequestContext,
  ): Promise<void> {
    const { upload } = compiled.route;
    if (!upload) return runOperation(compiled, match, req, res, url, ctx, null);
    const received = await receiveUpload(req, upload);
    try {
      // The text fields of a multipart body are read like query parameters.
      const withFields = new URL(url);
      for (const [name, value] of received.fields) withFields.searchParams.append(name, value);
      return await runOperation(compiled, match, req, res, withFields, ctx, received.file);
    } finally {
      await received.discard();
    }
  }

  async function runOperation(
    compiled: CompiledRoute,
    match: RegExpExecArray,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    ctx: RequestContext,
    uploaded: SpooledFile | null,
  ): Promise<void> {
    const { route, casing } = compiled;
    const variables: Record<string, unknown> = {};
    const errors = new FieldErrorCollector();

    compiled.pathParamNames.forEach((name, index) => {
      const segment = match[index + 1];
      const raw = decodePathSegment(segment);
      // A segment that is not valid percent-encoding, or text that cannot be stored, names no resource.
      if (raw === null || unstorableTextProblem(raw)) throw new HttpProblem(404, `No resource with ${name} "${segment}".`);
      const variable = route.pathParams![name];
      const type = String(compiled.variables.get(variable));
      if (type.startsWith('Int')) {
        // An id that cannot exist names no resource: 404, like an id that does not exist.
        if (!/^\d{1,9}$/.test(raw)) throw new HttpProblem(404, `No resource with ${name} "${raw}".`);
        variables[variable] = Number(raw);
      } else {
        variables[variable] = raw;
      }
    });

    for (const [name, value] of url.searchParams) {
      const problem = unstorableTextProblem(name) ?? unstorableTextProblem(value);
      if (problem) errors.add(name, `The ${name} parameter ${problem}.`);
    }
    const chosen = pickFormat(compiled, url.searchParams, req.headers.accept, errors);
    const query = splitQueryParams(chosen.params, route);
    for (const key of query.unknown) errors.add(key, `Unknown query parameter "${key}".`);
    for (const [key, values] of query.declared) {
      const variable = route.queryParams![key];
      variables[variable] = coerceQueryInput(values, compiled.variables.get(variable)!, key, errors);
    }
    for (const [param, variable] of Object.entries(route.queryParams ?? {})) {
      if (!query.declared.has(param) && compiled.variables.get(variable) instanceof GraphQLNonNull) refuseMissingQueryInput(param, errors);
    }
    if (route.filters) variables[route.filters.variable] = query.filters;
    // Filter errors are keyed by the parameter exactly as given, so those keys are not re-cased; an error on
    // a query parameter's variable is keyed by the parameter's name (per_page, whatever the route's casing).
    const filterNames = new Set(query.filters.map((f) => f.name));
    const paramOf = new Map(Object.entries(route.queryParams ?? {}).map(([param, variable]) => [variable, param]));
    const errorKey = (key: string) => (filterNames.has(key) ? key : (paramOf.get(key) ?? restFieldPath(key, casing)));

    if (route.upload) {
      variables[route.upload.variable] = uploaded;
    } else if (route.textBody) {
      const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (!route.textBody.mediaTypes.includes(mediaType)) {
        req.resume();
        throw new HttpProblem(415, `Send the body as ${route.textBody.mediaTypes.join(' or ')}${mediaType ? `, not ${mediaType}` : ''}.`);
      }
      const text = (await readBody(req)).toString('utf8');
      const problem = unstorableTextProblem(text);
      if (problem) errors.add('body', `The body ${problem}.`);
      variables[route.textBody.variable] = text;
    } else if (route.bodyVariable) {
      const body = await readJsonBody(req);
      variables[route.bodyVariable] = coerceJsonInput(body ?? {}, compiled.variables.get(route.bodyVariable)!, [], casing, errors);
    } else if (req.method !== 'GET' && req.method !== 'DELETE') {
      const body = await readJsonBody(req);
      if (body !== undefined && !(typeof body === 'object' && body !== null && Object.keys(body).length === 0)) {
        errors.add('body', 'This route takes no request body.');
      }
    }
    if (!errors.empty) {
      const first = Object.values(errors.errors)[0][0];
      throw new HttpProblem(422, first, errors.errors);
    }

    if (route.sse) return streamEvents(compiled, variables, ctx, res, errorKey);
    if (route.direct) return sendDirect(route, route.direct, variables, ctx, res, errorKey);

    // Planned answers may keep the JSON their statement wrote, unless a format renders the value or an outcome reads it.
    const jsonText = !chosen.format && !route.outcomes;
    const result = (await executeOperation(
      { schema, document: chosen.format?.document ?? compiled.document, variableValues: variables, contextValue: ctx },
      execute,
      { jsonText, onPlannedFailure: (error) => logger.log('warn', 'a planned REST answer failed; answered field by field', { request_id: ctx.requestId, route: `${route.method} ${route.path}`, ...describeError(error) }) },
    )) as ExecutionResult<Record<string, any>> & { [HOLDS_JSON_TEXT]?: boolean };

    if (result.errors?.length) {
      const mapped = toHttpError(result.errors[0], errorKey);
      if (mapped?.status === 404 && route.notFoundBody === 'detailed') return sendJson(res, 404, detailedNotFound(String(mapped.body.message)).body);
      if (mapped) return sendJson(res, mapped.status, mapped.body, mapped.headers);
      logger.log('error', 'REST route failed', { request_id: ctx.requestId, route: `${route.method} ${route.path}`, ...describeError(result.errors[0].originalError ?? result.errors[0]) });
      return sendJson(res, 500, { message: 'Internal server error.' });
    }

    const status = route.successStatus ?? 200;
    if (chosen.format) {
      const { format, rootField } = chosen.format;
      const value = result.data![rootField];
      return sendAttachment(res, status, format.mediaType, await format.render(value), format.filename(value));
    }
    const value = result.data![compiled.rootField];
    if (route.outcomes) {
      const outcome = route.outcomes.cases[value[route.outcomes.field]]!;
      return sendJson(res, outcome.status, { data: value[outcome.data] });
    }
    const withJsonText = result[HOLDS_JSON_TEXT] === true;
    if (route.envelope === 'bare') return sendJson(res, status, value, {}, withJsonText);
    if (route.envelope === 'page') return sendJson(res, status, { data: value.items, meta: value.meta }, {}, withJsonText);
    return sendJson(res, status, { data: value }, {}, withJsonText);
  }

  /** A route whose domain call writes the body (RestRoute.direct). */
  async function sendDirect(route: RestRoute, direct: NonNullable<RestRoute['direct']>, variables: Record<string, unknown>, ctx: RequestContext, res: ServerResponse, errorKey: (key: string) => string): Promise<void> {
    let body: string[];
    try {
      body = await direct(ctx, variables);
    } catch (error) {
      const mapped = toHttpError(error, errorKey);
      if (mapped) return sendJson(res, mapped.status, mapped.body, mapped.headers);
      throw error;
    }
    const length = body.reduce((n, part) => n + Buffer.byteLength(part), 0);
    res.writeHead(route.successStatus ?? 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
    for (const part of body) res.write(part);
    res.end();
  }

  /** A subscription answered as Server-Sent Events; a failure before the first event is an ordinary error response. */
  async function streamEvents(compiled: CompiledRoute, variables: Record<string, unknown>, ctx: RequestContext, res: ServerResponse, errorKey: (key: string) => string): Promise<void> {
    const { route } = compiled;
    const { eventField, dataField } = route.sse!;
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    const outcome = await subscribe({ schema, document: compiled.document, variableValues: variables, contextValue: { ...ctx, streamClosed: closed.signal } });
    if (!(Symbol.asyncIterator in outcome)) {
      const mapped = outcome.errors?.length ? toHttpError(outcome.errors[0], errorKey) : null;
      if (mapped) return sendJson(res, mapped.status, mapped.body, mapped.headers);
      logger.log('error', 'REST event stream failed', { request_id: ctx.requestId, route: `${route.method} ${route.path}`, ...describeError(outcome.errors?.[0]) });
      return sendJson(res, 500, { message: 'Internal server error.' });
    }
    const events = outcome as AsyncGenerator<ExecutionResult<Record<string, any>>>;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.flushHeaders();
    res.once('close', () => void events.return?.(undefined));
    for await (const result of events) {
      if (res.destroyed) break;
      if (result.errors?.length) {
        const mapped = toHttpError(result.errors[0], errorKey);
        res.write(`event: error\ndata: ${JSON.stringify(mapped?.body ?? { message: 'Internal server error.' })}\n\n`);
        break;
      }
      const value = result.data![compiled.rootField];
      res.write(`event: ${value[eventField]}\ndata: ${JSON.stringify(value[dataField])}\n\n`);
    }
    res.end();
  }
}

/** Spools the file of an upload route: the whole body for its media types, or the file part of a multipart body. */
async function receiveUpload(req: IncomingMessage, upload: NonNullable<RestRoute['upload']>): Promise<SpooledUpload> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return spoolMultipart(req, upload.fileField);
  if (upload.mediaTypes.includes(mediaType)) return spoolBody(req);
  req.resume();
  throw new HttpProblem(415, `Send the file as multipart/form-data (field ${upload.fileField}) or as ${upload.mediaTypes.join(' or ')}${mediaType ? `, not ${mediaType}` : ''}.`);
}
