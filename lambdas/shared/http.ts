import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ZodType } from 'zod';
import { findRouteByKey, type RouteDefinition } from '../routes';
import { errorStatus, type ErrorBody } from './contract/error-codes';
import { message, type MessageKey } from './contract/messages';
import { isRole, roleClaim, type Role } from './contract/roles';
import { validate, type MessageRef } from './contract/validation';
import {
  DomainError,
  isServiceUnreachable,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from './errors';
import { logger, withLogKeys } from './logger';
import { flushMetrics } from './metrics';

/** The API Gateway HTTP API (payload 2.0) event, with the JWT authorizer's claims. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: { authorizer?: { jwt?: { claims: Record<string, unknown> } } };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The signed-in user, from the verified ID token. */
export interface Caller {
  sub: string;
  email: string;
  role: Role;
}

export interface RequestContext<TBody, TQuery, TParams, TPrincipal = undefined> {
  event: HttpEvent;
  body: TBody;
  /** What `authenticate` returned (routes with `machine` access). */
  principal: TPrincipal;
  query: TQuery;
  params: TParams;
  /** Present on routes restricted to roles. */
  caller: Caller | undefined;
  correlationId: string;
}

export interface HttpResponse {
  status: number;
  /** JSON-encoded unless `binary` is given. */
  body?: unknown;
  /** Raw bytes (e.g. a PDF), sent base64-encoded as API Gateway expects; set `content-type`. */
  binary?: Uint8Array;
  headers?: Record<string, string>;
}

export const ok = (body: unknown): HttpResponse => ({ status: 200, body });
export const created = (body: unknown): HttpResponse => ({ status: 201, body });

/** Bodies above this size are refused before parsing. */
export const maxBodyBytes = 1_048_576;

export interface HandlerOptions<TBody, TQuery, TParams, TPrincipal = undefined> {
  /** A JSON body schema, or `'text'` for the raw text (e.g. a CSV upload), size-limited. */
  body?: ZodType<TBody> | 'text';
  /**
   * The message of an invalid body.
   * @default 'errors.invalid-argument'
   */
  invalidBodyMessage?: MessageKey;
  /**
   * Authenticates callers of `machine` routes (API Gateway has no authorizer for them);
   * runs before the body is read, so an unauthenticated caller learns nothing of it.
   */
  authenticate?: (event: HttpEvent) => Promise<TPrincipal>;
  query?: ZodType<TQuery>;
  /** Path parameters (`{id}`); invalid ones answer `not-found`, as an unknown id would. */
  params?: ZodType<TParams>;
}

/**
 * Wraps a use case as a Lambda handler: finds the route in the route table and
 * enforces its access rule, parses and validates body and query with the shared
 * schemas, and maps every error to the standard error body. Handlers never build
 * HTTP answers by hand.
 */
export function createHttpHandler<
  TBody = undefined,
  TQuery = undefined,
  TParams = Record<string, string>,
  TPrincipal = undefined,
>(
  options: HandlerOptions<TBody, TQuery, TParams, TPrincipal>,
  run: (context: RequestContext<TBody, TQuery, TParams, TPrincipal>) => Promise<HttpResponse>,
): (event: HttpEvent) => Promise<HttpResult> {
  return (event) => {
    const correlationId = event.requestContext.requestId;
    // Every log line of the request carries its id; its metrics leave with it.
    return withLogKeys({ correlationId }, () =>
      handleRequest(event, correlationId).finally(flushMetrics),
    );
  };

  async function handleRequest(event: HttpEvent, correlationId: string): Promise<HttpResult> {
    try {
      const route = findRouteByKey(event.routeKey);
      if (!route) throw new Error(`Route ${event.routeKey} is not in the route table`);
      const caller = authorize(route, event);
      if (route.access === 'machine' && !options.authenticate) {
        throw new Error(`${event.routeKey} has machine access but no authenticate option`);
      }
      const principal = options.authenticate
        ? await options.authenticate(event)
        : (undefined as TPrincipal);
      const body =
        options.body === 'text'
          ? (bodyText(event) as TBody)
          : options.body
            ? parseBody(event, options.body, options.invalidBodyMessage)
            : (undefined as TBody);
      const query = options.query
        ? checked(options.query, event.queryStringParameters ?? {})
        : (undefined as TQuery);
      const rawParams = event.pathParameters ?? {};
      const params = options.params
        ? checkedParams(options.params, rawParams)
        : (rawParams as TParams);
      const response = await run({
        event,
        body,
        principal,
        query,
        params,
        caller,
        correlationId,
      });
      if (response.binary) return respondBinary(response, response.binary, correlationId);
      return respond(response.status, response.body, correlationId, response.headers);
    } catch (error) {
      return errorResult(error, correlationId, event.routeKey);
    }
  }
}

function authorize(route: RouteDefinition, event: HttpEvent): Caller | undefined {
  if (route.access === 'public' || route.access === 'machine') return undefined;
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const role = claims?.[roleClaim];
  // A token without a role is an account awaiting approval: treated as signed out.
  if (!claims || !isRole(role)) throw new UnauthenticatedError();
  if (!route.access.includes(role)) throw new PermissionDeniedError();
  return { sub: String(claims.sub), email: String(claims.email ?? ''), role };
}

/** The body as text; bodies above the limit are refused before anything reads them. */
function bodyText(event: HttpEvent): string {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) {
    throw new DomainError('payload-too-large', 'errors.payload-too-large');
  }
  return text;
}

function parseBody<T>(event: HttpEvent, schema: ZodType<T>, invalid?: MessageKey): T {
  const text = bodyText(event);
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ValidationError({}, 'errors.malformedJson');
  }
  return checked(schema, json, invalid);
}

function checked<T>(schema: ZodType<T>, input: unknown, invalid?: MessageKey): T {
  const result = validate(schema, input);
  if (!result.success) throw new ValidationError(result.fields, invalid);
  return result.data;
}

function checkedParams<T>(schema: ZodType<T>, input: unknown): T {
  const result = validate(schema, input);
  if (!result.success) throw new NotFoundError();
  return result.data;
}

function translate(fields: Record<string, MessageRef>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, ref]) => [field, message(ref.key, ref.params)]),
  );
}

/** Maps any error to the standard error body; unknown errors never leak details. */
export function errorResult(error: unknown, correlationId: string, routeKey = ''): HttpResult {
  if (error instanceof DomainError) {
    const body: ErrorBody = {
      error: { code: error.code, message: message(error.messageKey, error.params) },
    };
    if (Object.keys(error.fields).length > 0) {
      body.error.fields = translate(error.fields);
    }
    const headers =
      error instanceof RateLimitedError
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : undefined;
    return respond(errorStatus[error.code], body, correlationId, headers);
  }
  if (isServiceUnreachable(error)) {
    logger.warn('dependency unreachable', { correlationId, routeKey, error: describe(error) });
    const body: ErrorBody = {
      error: { code: 'unavailable', message: message('errors.unavailable') },
    };
    return respond(503, body, correlationId);
  }
  logger.error('unhandled error', { correlationId, routeKey, error: describe(error) });
  const body: ErrorBody = {
    error: { code: 'internal', message: message('errors.internal'), correlationId },
  };
  return respond(500, body, correlationId);
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}

function respondBinary(
  response: HttpResponse,
  bytes: Uint8Array,
  correlationId: string,
): HttpResult {
  return {
    statusCode: response.status,
    headers: { 'x-correlation-id': correlationId, ...response.headers },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

function respond(
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
