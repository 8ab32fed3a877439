import type { ErrorCode } from './contract/error-codes';
import type { MessageKey } from './contract/messages';
import type { MessageRef } from './contract/validation';

/**
 * Domain errors. They name a standard error code and a catalogue message and know
 * nothing about HTTP; `http.ts` maps them to answers.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Field name -> message, when the error is about particular fields. */
    readonly fields: Record<string, MessageRef> = {},
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(
    fields: Record<string, MessageRef>,
    messageKey: MessageKey = 'errors.invalid-argument',
    params: Record<string, string | number> = {},
  ) {
    super('invalid-argument', messageKey, params, fields);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.unauthenticated') {
    super('unauthenticated', messageKey);
  }
}

export class PermissionDeniedError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.permission-denied') {
    super('permission-denied', messageKey);
  }
}

export class NotFoundError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.not-found') {
    super('not-found', messageKey);
  }
}

export class ConflictError extends DomainError {
  constructor(
    messageKey: MessageKey = 'errors.already-exists',
    params?: Record<string, string>,
    fields?: Record<string, MessageRef>,
  ) {
    super('already-exists', messageKey, params, fields);
  }
}

/** The change conflicts with the current state: a stale version, a rule on other records. */
export class AbortedError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.aborted') {
    super('aborted', messageKey);
  }
}

/**
 * The record's state forbids the change, whoever asks and however often (a range whose
 * units hold results cannot be deleted; a result is voided once): answered 400.
 */
export class FailedPreconditionError extends DomainError {
  constructor(
    messageKey: MessageKey = 'errors.failed-precondition',
    params: Record<string, string | number> = {},
    fields: Record<string, MessageRef> = {},
  ) {
    super('failed-precondition', messageKey, params, fields);
  }
}

/** Over an abuse limit: answered 429 with `Retry-After`. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    messageKey: MessageKey = 'errors.resource-exhausted',
    params: Record<string, string | number> = {},
  ) {
    super('resource-exhausted', messageKey, params);
  }
}

export class UnavailableError extends DomainError {
  constructor() {
    super('unavailable', 'errors.unavailable');
  }
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
const timeoutNames = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

/**
 * True when an AWS SDK call failed because the service could not be reached or
 * answered too slowly: the caller gets `unavailable` rather than `internal`.
 */
export function isServiceUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return (
    (code !== undefined && unreachableCodes.has(code)) ||
    timeoutNames.has(error.name) ||
    status === 503 ||
    (error.cause !== undefined && isServiceUnreachable(error.cause))
  );
}
