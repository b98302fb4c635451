// Typed errors thrown by domain code. The GraphQL layer exposes them as `extensions.code`; the REST gateway
// turns them into the contract's status codes and bodies. Domain code never speaks HTTP.

/** Field paths use the GraphQL input's names with dots for nesting and array indexes: `items.0.quantity`. */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(readonly entity: string, readonly id?: number | string) {
    super(id === undefined ? `${entity} not found.` : `${entity} ${id} not found.`);
  }
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly fieldErrors: FieldErrors, message?: string) {
    super(message ?? firstMessage(fieldErrors));
  }
}

export class ConflictError extends DomainError {
  readonly code = 'CONFLICT';
}

/** Another system (a warehouse system, a shipping gateway) failed or answered badly: HTTP 502. */
export class UpstreamError extends DomainError {
  readonly code = 'BAD_GATEWAY';
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
}

/** A limit of how much a caller may hold open at once (subscriptions per token): HTTP 429. */
export class LimitReachedError extends DomainError {
  readonly code = 'LIMIT_REACHED';
}

function firstMessage(errors: FieldErrors): string {
  const entries = Object.entries(errors);
  if (entries.length === 0) return 'The given data was invalid.';
  const [, messages] = entries[0];
  const more = entries.length - 1;
  return more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : messages[0];
}

/** Collects per-field messages while a command validates its input, then throws them together. */
export class FieldErrorCollector {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    // Keys can come from the request (`?toString=1`, `?__proto__=1`): own properties only, never inherited.
    if (!Object.hasOwn(this.errors, field)) {
      Object.defineProperty(this.errors, field, { value: [], enumerable: true, writable: true, configurable: true });
    }
    this.errors[field].push(message);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw new ValidationError(this.errors);
  }
}
