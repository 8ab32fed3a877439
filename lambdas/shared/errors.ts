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
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(
    readonly fields: Record<string, MessageRef>,
    messageKey: MessageKey = 'errors.invalid-argument',
  ) {
    super('invalid-argument', messageKey);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor() {
    super('unauthenticated', 'errors.unauthenticated');
  }
}

export class PermissionDeniedError extends DomainError {
  constructor() {
    super('permission-denied', 'errors.permission-denied');
  }
}

export class NotFoundError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.not-found') {
    super('not-found', messageKey);
  }
}

export class ConflictError extends DomainError {
  constructor(messageKey: MessageKey = 'errors.already-exists', params?: Record<string, string>) {
    super('already-exists', messageKey, params);
  }
}

export class StaleVersionError extends DomainError {
  constructor() {
    super('aborted', 'errors.aborted');
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
