import { errorStatus, type ErrorBody, type ErrorCode } from '../contract/error-codes';
import { englishMessage, type MessageKey } from '../contract/message-text';
import type { MessageRef } from '../contract/validation';
import { DomainError, isServiceUnreachable, RateLimitedError } from '../errors';
import { logger } from '../logger';
import type { HttpResponse, HttpResult } from './types';

/** A JSON answer with the headers every API answer carries. */
export function respond(
  status: number,
  body: unknown,
  correlationId: string,
  headers: Record<string, string> = {},
): HttpResult {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-correlation-id': correlationId,
      ...headers,
    },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** A handler's answer as API Gateway takes it: JSON, or bytes sent base64-encoded. */
export function toResult(response: HttpResponse, correlationId: string): HttpResult {
  if (!response.binary) {
    return respond(response.status, response.body, correlationId, response.headers);
  }
  return {
    statusCode: response.status,
    headers: { 'x-correlation-id': correlationId, ...response.headers },
    body: Buffer.from(response.binary).toString('base64'),
    isBase64Encoded: true,
  };
}

/** The standard error body of a catalogue message. */
export function errorBody(
  code: ErrorCode,
  key: MessageKey,
  params: Record<string, string | number> = {},
  fields: Record<string, MessageRef> = {},
): ErrorBody {
  const body: ErrorBody = {
    error: { code, message: englishMessage(key, params), messageKey: key },
  };
  if (Object.keys(params).length > 0) body.error.params = params;
  const names = Object.keys(fields);
  if (names.length > 0) {
    // Object.fromEntries defines own properties: a field named `__proto__` stays a field.
    body.error.fields = Object.fromEntries(
      names.map((name) => [name, englishMessage(fields[name]!.key, fields[name]!.params)]),
    );
    body.error.fieldMessages = Object.fromEntries(
      names.map((name) => {
        const ref = fields[name]!;
        return [name, { messageKey: ref.key, ...(ref.params ? { params: ref.params } : {}) }];
      }),
    );
  }
  return body;
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}

/**
 * Maps any error to the standard error body. Domain errors answer with their code and
 * catalogue message; an unreachable dependency is `unavailable`; anything else is a
 * generic `internal` with the correlation id, never a stack trace.
 */
export function errorAnswer(
  error: unknown,
  correlationId: string,
  routeKey = '',
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof DomainError) {
    const headers =
      error instanceof RateLimitedError
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : undefined;
    return {
      status: errorStatus[error.code],
      body: errorBody(error.code, error.messageKey, error.params, error.fields),
      headers,
    };
  }
  if (isServiceUnreachable(error)) {
    logger.warn('dependency unreachable', { correlationId, routeKey, error: describe(error) });
    return { status: 503, body: errorBody('unavailable', 'errors.unavailable') };
  }
  logger.error('unhandled error', { correlationId, routeKey, error: describe(error) });
  const body = errorBody('internal', 'errors.internal');
  body.error.correlationId = correlationId;
  return { status: 500, body };
}

/** {@link errorAnswer} as API Gateway takes it. */
export function errorResult(error: unknown, correlationId: string, routeKey = ''): HttpResult {
  const { status, body, headers } = errorAnswer(error, correlationId, routeKey);
  return respond(status, body, correlationId, headers);
}
