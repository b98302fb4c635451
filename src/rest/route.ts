// The shape of one documented REST route: which GraphQL operation it runs and how the HTTP request and
// response map onto it. Declarations live in rest-mapping/<area>.ts; the gateway and the OpenAPI document
// are both built from them.
import type { Casing } from './casing.js';
import type { RequestContext } from '../graphql/context.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRoute {
  method: HttpMethod;
  /** Path under /external/api/v1 with {name} placeholders, as the contract writes it. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * One GraphQL operation with a single root field. Fields are written in GraphQL's camelCase; the gateway
   * adds REST-cased aliases, so the JSON it returns already has the contract's field names.
   */
  graphql: string;
  /** Path placeholder → operation variable. */
  pathParams?: Record<string, string>;
  /** Query parameter (REST name) → operation variable. Any other query parameter is refused with 422. */
  queryParams?: Record<string, string>;
  /**
   * A list's filter grammar (src/domain/shared/filters): every query parameter not in `queryParams` is
   * passed, name as written, to `variable` (type `[FilterParamInput!]`) as {name, value}; the domain checks
   * it (422 keyed by the parameter). `spec` names the field table in src/rest/list-filters.ts, which the
   * OpenAPI document lists.
   */
  filters?: { variable: string; spec: string };
  /** The operation variable that receives the JSON body (an input object). */
  bodyVariable?: string;
  /**
   * A body that is not JSON (an X12 interchange): read as UTF-8 text into `variable` (a String). A request
   * whose Content-Type is none of `mediaTypes` answers 415. Instead of bodyVariable.
   */
  textBody?: { variable: string; mediaTypes: string[] };
  /**
   * The body is a file, spooled to disk as it arrives and handed to the operation as an Upload variable:
   * either the whole body (one of `mediaTypes`, e.g. text/csv) or the `fileField` part of a
   * multipart/form-data body, whose other fields are read like query parameters. Anything else → 415.
   */
  upload?: { variable: string; mediaTypes: string[]; fileField: string };
  /**
   * The operation is a subscription, answered as Server-Sent Events: each result is one event named by
   * its `eventField` value, with the `dataField` value (REST-cased) as JSON data; the stream ends with it.
   */
  sse?: { eventField: string; dataField: string };
  /**
   * For a large answer that executing `graphql` field by field would make slow (the stock export's 1,000 rows):
   * after the gateway has read and checked the parameters exactly as for the operation, this domain call gives the
   * response body, the JSON the operation would answer, in parts that the gateway writes one after another. The operation stays
   * the definition of the shape (OpenAPI, and a test that holds the two equal); domain errors map as usual.
   */
  direct?: (ctx: RequestContext, variables: Record<string, unknown>) => Promise<string[]>;
  /** `data`: {data: result}; `page`: {data: items, meta}; `bare`: the result itself. */
  envelope: 'data' | 'page' | 'bare';
  /** Status of a successful response. Default 200. */
  successStatus?: number;
  /**
   * A result that says what happened (e.g. an order created, found again, or parked): `field` of the result
   * (REST name) names the outcome, and each outcome answers its own status with `{data: result[data]}`.
   * Takes the place of successStatus; the envelope must be `data`.
   */
  outcomes?: { field: string; cases: Record<string, { status: number; data: string; description: string }> };
  /**
   * Field casing of this resource on the wire (request body, response and the keys of per-field errors).
   * Default snake; `camel` keeps GraphQL's names (the sales channel, the cycle count session).
   */
  casing?: Casing;
  /** `detailed`: a 404 answers {error: "Not Found", message, status_code: 404} (the cycle count routes); default {message}. */
  notFoundBody?: 'detailed';
  /**
   * Counted against the heavy rate-limit budgets (src/domain/tenancy/rate-limits.ts) rather than the ordinary
   * ones: a large answer. A file upload (`upload`) and a request for one of the route's `formats` (a PDF) are heavy too.
   */
  heavy?: boolean;
  /** The outside system the route calls while it answers (a shipping gateway, a printer...): it fails → 502 {message}. */
  upstream?: string;
  /** Kept for backward compatibility; marked deprecated in the OpenAPI document. */
  deprecated?: boolean;
  /**
   * Representations other than JSON (a PDF), by the value of the `format` query parameter that asks for one
   * (`format=json`, the default, is the JSON above); an Accept header naming a format's media type asks for it
   * too. Errors are still JSON.
   */
  formats?: Record<string, RestFormat>;
  /**
   * The format answered when the request names none (no `format` parameter, no Accept header naming a format's
   * media type), e.g. `zpl` for a path ending in .zpl; `format=json` still asks for the JSON. Default: json.
   */
  defaultFormat?: string;
}

/**
 * A document rendered from the result of a GraphQL operation: the domain computes, the renderer only lays out,
 * so the document shows exactly what the JSON does.
 */
export interface RestFormat {
  /** e.g. application/pdf */
  mediaType: string;
  /**
   * The operation whose result is rendered: it declares the same variables as the route's `graphql` and may
   * select more (what the document prints but the JSON leaves out). Its result keeps GraphQL's field names.
   */
  graphql: string;
  render(result: any): Promise<Buffer>;
  /** The body is sent as an attachment with this file name (letters, digits, `.`, `_` and `-` are kept). */
  filename(result: any): string;
}

/** The query parameter that picks one of a route's formats. */
export const FORMAT_PARAM = 'format';
