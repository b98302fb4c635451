// Maps errors to the contract's HTTP bodies (Errors section), for the REST gateway, sofa and /graphql:
// 401 {error, message, status_code}; 404 {message}; 422 {message, errors}; 403, 409 and others {message};
// the database out of reach 503 {message} with Retry-After; anything unexpected 500 {message} with no details
// (the details are logged with the request id).
import { GraphQLError } from 'graphql';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  LimitReachedError,
  ValidationError,
  type FieldErrors,
  UpstreamError,
} from '../domain/shared/errors.js';
import { SignInThrottledError } from '../domain/tenancy/index.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

export interface HttpError {
  status: number;
  body: Record<string, unknown>;
  /** Extra response headers (Retry-After of a 503). */
  headers?: Record<string, string>;
}

/** Seconds a client is asked to wait when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database (or, on Citus, the worker with the company's data) cannot be reached. */
export function databaseUnavailable(): HttpError {
  return {
    status: 503,
    body: { message: `The database is not available right now. Retry in ${UNAVAILABLE_RETRY_AFTER_SECONDS} seconds.` },
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  };
}

/** An error raised by the HTTP layer itself (bad JSON, unknown route, oversized body...). */
export class HttpProblem extends Error {
  constructor(readonly status: number, message: string, readonly fieldErrors?: FieldErrors) {
    super(message);
  }
}

export function unauthorized(message: string): HttpError {
  return { status: 401, body: { error: 'Unauthorized', message, status_code: 401 } };
}

/** The 404 body of the cycle count routes (the contract's Errors section). */
export function detailedNotFound(message: string): HttpError {
  return { status: 404, body: { error: 'Not Found', message, status_code: 404 } };
}

/** The error a domain or HTTP failure becomes; `keyCase` renames field keys for the REST surface. */
export function toHttpError(error: unknown, keyCase: (key: string) => string = (k) => k): HttpError | null {
  const cause = unwrap(error);
  if (cause instanceof HttpProblem) {
    if (cause.status === 401) return unauthorized(cause.message);
    return cause.fieldErrors
      ? { status: cause.status, body: { message: cause.message, errors: renameKeys(cause.fieldErrors, keyCase) } }
      : { status: cause.status, body: { message: cause.message } };
  }
  if (!(cause instanceof DomainError)) return isDatabaseUnavailable(cause) ? databaseUnavailable() : null;
  if (cause instanceof ValidationError) {
    return { status: 422, body: { message: cause.message, errors: renameKeys(cause.fieldErrors, keyCase) } };
  }
  if (cause instanceof UnauthenticatedError) return unauthorized(cause.message);
  return { status: statusOf(cause), body: { message: cause.message } };
}

export function statusOf(error: DomainError): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ValidationError) return 422;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError) return 409;
  if (error instanceof UpstreamError) return 502;
  if (error instanceof UnauthenticatedError) return 401;
  if (error instanceof SignInThrottledError || error instanceof LimitReachedError) return 429;
  return 400;
}

/**
 * A GraphQL error of the request itself, safe to show: a syntax, validation or limit error (no original
 * error), or variables that do not fit their types (raised while coercing them, before any resolver ran:
 * no path, and graphql-js's own GraphQLError as the cause).
 */
export function isRequestError(error: GraphQLError): boolean {
  return !error.originalError || (error.path === undefined && error.originalError instanceof GraphQLError);
}

/** Digs the original error out of GraphQL's wrapping. */
export function unwrap(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/** The GraphQL face of a domain error: `extensions.code`, per-field `errors`, and the HTTP status. */
export function toGraphQLError(error: GraphQLError): GraphQLError | null {
  const cause = unwrap(error);
  if (!(cause instanceof DomainError)) {
    if (!isDatabaseUnavailable(cause)) return null;
    const { status, body, headers } = databaseUnavailable();
    return new GraphQLError(String(body.message), { nodes: error.nodes, path: error.path, extensions: { code: 'DATABASE_UNAVAILABLE', http: { status, headers } } });
  }
  return new GraphQLError(cause.message, {
    nodes: error.nodes,
    path: error.path,
    extensions: {
      code: cause.code,
      ...(cause instanceof ValidationError ? { errors: cause.fieldErrors } : {}),
      http: { status: statusOf(cause) },
    },
  });
}

function renameKeys(errors: FieldErrors, keyCase: (key: string) => string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [keyCase(key), messages]));
}
