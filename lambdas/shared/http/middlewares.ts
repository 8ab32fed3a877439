import type middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import type { ZodType } from 'zod';
import { hasRoles, routeKey, type RouteDefinition } from '../route-spec';
import { bodyLimitOf, defaultBodyLimitBytes } from '../contract/api-spec';
import type { MessageKey } from '../contract/messages';
import { isRole, roleClaim } from '../contract/roles';
import { accountName } from '../contract/schemas/auth';
import { validate } from '../contract/validation';
import { keepUnderflowVisible } from '../contract/numbers';
import {
  DomainError,
  NotFoundError,
  PermissionDeniedError,
  UnauthenticatedError,
  ValidationError,
} from '../errors';
import { errorResult } from './responses';
import type { Standing } from './standing';
import type { Caller, HttpEvent, HttpResult } from './types';

/**
 * The project's own middlewares: what is specific to this API. They pass what they find
 * to the handler in the Lambda context's `api` ({@link ApiState}), as middy's middlewares
 * pass values to handlers; middy's own middlewares do the generic HTTP work (header and
 * event normalisation, JSON parsing).
 */

/** What the pipeline found out about a request, for the handler. */
export interface ApiState {
  correlationId: string;
  caller?: Caller;
  principal?: unknown;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/** The Lambda context, carrying the pipeline's findings to the handler. */
export type ApiContext = Context & { api?: ApiState };
export type Middleware = middy.MiddlewareObj<HttpEvent, HttpResult, Error, ApiContext>;
type JsonParserOptions = Parameters<typeof httpJsonBodyParser>[0];

export const apiState = (request: middy.Request<HttpEvent, HttpResult, Error, ApiContext>) =>
  (request.context.api ??= { correlationId: request.event.requestContext.requestId });

/** Any error becomes the standard error body (registered first, so its `onError` runs last). */
export function errorResponse(route: RouteDefinition): Middleware {
  return {
    onError: (request) => {
      request.response = errorResult(
        request.error,
        apiState(request).correlationId,
        routeKey(route),
      );
    },
  };
}

/** Reads a signed-in caller's current standing (http/standing.ts `currentStanding`). */
export type StandingCheck = (sub: string) => Promise<Standing>;

/**
 * The route's access rule. Routes with roles need a verified ID token with a role (API
 * Gateway's JWT authorizer verified it; no role is an account awaiting approval, treated
 * as signed out) and the account's current standing (`standing`, http/standing.ts): a
 * disabled, deleted or role-less account is signed out, and so is a token signed in or
 * issued before the account's sessions were revoked; a role the route does not admit is
 * refused. The caller's role, email and name are the current ones, with one rule on top
 * ({@link sessionOf}, docs/access-control.md "Second factor"): an admin's powers need a
 * token signed in with the account's authenticator app after it was confirmed. Without
 * it, an admin-only route refuses the admin (`errors.secondFactorRequired`) and a route
 * staff may call treats them as staff, unless the route says `secondFactor: 'notRequired'`
 * (the own-account routes an admin needs to set the app up). Machine routes run their
 * `authenticate` first, so an unauthenticated caller learns nothing of the body. Public
 * and machine routes take no standing check: their functions do not carry it (nor the
 * Cognito client).
 */
export function authorization(
  route: RouteDefinition,
  {
    authenticate,
    standing,
  }: { authenticate?: (event: HttpEvent) => Promise<unknown>; standing?: StandingCheck },
): Middleware {
  if (route.access === 'machine' && !authenticate) {
    throw new Error(`${routeKey(route)} has machine access but no authenticate option`);
  }
  if (hasRoles(route) && !standing) {
    throw new Error(`${routeKey(route)} has roles: its handler checks the caller's standing`);
  }
  return {
    before: async (request) => {
      const state = apiState(request);
      if (route.access === 'machine') {
        state.principal = await authenticate!(request.event);
        return;
      }
      if (!hasRoles(route)) return;
      const claims = request.event.requestContext.authorizer?.jwt?.claims;
      if (!claims || !isRole(claims[roleClaim]) || typeof claims.sub !== 'string') {
        throw new UnauthenticatedError();
      }
      const current = await standing!(claims.sub);
      // An account without an email cannot be told apart in what it writes (created-by
      // fields, audit entries): signed out, as one without a role is.
      if (!current.active || !current.role || !current.email) throw new UnauthenticatedError();
      const session = sessionOf(claims, current);
      let role = current.role;
      if (role === 'admin' && !session.secondFactor && route.secondFactor !== 'notRequired') {
        // Admin powers need the second factor: refused where only admins may go, and
        // acting as staff where staff may (every `role === 'admin'` branch stays shut).
        if (!route.access.includes('staff')) {
          throw new PermissionDeniedError('errors.secondFactorRequired');
        }
        role = 'staff';
      }
      if (!route.access.includes(role)) throw new PermissionDeniedError();
      // The email and name as the account has them now, not as the token was issued.
      const name = accountName(current.name);
      state.caller = {
        sub: claims.sub,
        email: current.email,
        ...(name ? { name } : {}),
        role,
        secondFactor: session.secondFactor,
        authTime: session.authTime,
      };
    },
  };
}

/**
 * What a token proves against the account's standing: when it was signed in (`auth_time`,
 * else `iat`; epoch seconds, which HTTP API passes as strings) and whether that sign-in
 * passed the second factor: the account has its authenticator app on in Cognito and the
 * sign-in was made at or after the app's confirmation (`mfaEnabledAt`), which revoked every
 * earlier session. A token signed in or issued before `revokedBefore`, or without readable
 * times, is signed out (401).
 */
export function sessionOf(
  claims: Record<string, unknown>,
  standing: Pick<Standing, 'mfaEnabled' | 'security'>,
): { authTime: number; secondFactor: boolean } {
  const issuedAt = Number(claims.iat);
  const authTime = Number(claims.auth_time ?? claims.iat);
  if (!Number.isFinite(issuedAt) || !Number.isFinite(authTime)) throw new UnauthenticatedError();
  const { revokedBefore, mfaEnabledAt } = standing.security;
  if (revokedBefore !== undefined && (authTime < revokedBefore || issuedAt < revokedBefore)) {
    throw new UnauthenticatedError();
  }
  const secondFactor =
    standing.mfaEnabled && mfaEnabledAt !== undefined && authTime >= mfaEnabledAt;
  return { authTime, secondFactor };
}

/** Bodies above this size are refused before parsing, unless the route says otherwise. */
export const maxBodyBytes = defaultBodyLimitBytes;

/**
 * The refusal of a body over `route`'s limit: the common message, or for a route that
 * reads files (its own `bodyLimitBytes`), one naming the limit.
 */
export function bodyTooLarge(route: Pick<RouteDefinition, 'bodyLimitBytes'>): DomainError {
  return route.bodyLimitBytes === undefined
    ? new DomainError('payload-too-large', 'errors.payload-too-large')
    : new DomainError('payload-too-large', 'errors.fileTooLarge', {
        megabytes: route.bodyLimitBytes / 1_000_000,
      });
}

/**
 * The body's bytes, decoded from base64 when API Gateway encoded it (a body it passed as
 * text is encoded as UTF-8 again); refused above the route's limit.
 */
function bodyBytes(event: HttpEvent, route: RouteDefinition): Buffer {
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > bodyLimitOf(route)) throw bodyTooLarge(route);
  return bytes;
}

/** The body as text, decoded from base64 when API Gateway encoded it; refused above the limit. */
function bodyText(event: HttpEvent, route: RouteDefinition): string {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > bodyLimitOf(route)) throw bodyTooLarge(route);
  return text;
}

/**
 * A JSON media type: `application/json` or `application/<x>+json`, matched on the type
 * alone (parameters cut off first). middy's own pattern lets a parameter smuggle the
 * `+json` in (`application/x-www-form-urlencoded;+json` passes it, and a browser sends
 * that label cross-site without a preflight), so the label is checked here.
 */
const jsonMediaType = /^application\/([a-z0-9!#$&^_.-]+\+)?json$/;

/** The body is labelled JSON (`Content-Type`, in any letter case, any parameters). */
export function isJsonContentType(contentType: string | undefined): boolean {
  const essence = contentType?.split(';')[0]!.trim().toLowerCase();
  return essence !== undefined && jsonMediaType.test(essence);
}

/**
 * Reads the body the route declares: a text document's bytes (a CSV upload, which its
 * reader decodes and checks as UTF-8 itself: lambdas/shared/contract/csv.ts) or JSON,
 * parsed by middy's JSON body parser. A JSON body must be labelled JSON
 * ({@link isJsonContentType}): a browser sends
 * another site's form or `text/plain` fetch without asking the API first (no CORS
 * preflight), so a body labelled otherwise is refused with "must be sent as JSON"
 * before it is read. An empty body is "no body" (the schema then says what is
 * required); malformed JSON is `invalid-argument` "not valid JSON".
 */
export function bodyReader(route: RouteDefinition): Middleware {
  // The label is checked here first (middy's own check lets a parameter pass for it).
  // (`disableContentTypeCheck` is in 6.4's code; its type declaration leaves it out.)
  const parser = httpJsonBodyParser({ disableContentTypeCheck: true } as JsonParserOptions);
  return {
    before: async (request) => {
      if (!route.body) return;
      const state = apiState(request);
      if (route.body === 'text') {
        state.body = new Uint8Array(bodyBytes(request.event, route));
        return;
      }
      const text = bodyText(request.event, route);
      if (text === '') {
        state.body = undefined;
        return;
      }
      if (!isJsonContentType(request.event.headers?.['content-type'])) {
        throw new ValidationError({}, 'errors.jsonContentType');
      }
      // A number that underflows to 0 (1e-400) stays visible to the schemas, which refuse it.
      const event = { ...request.event, body: keepUnderflowVisible(text), isBase64Encoded: false };
      try {
        await parser.before!({ ...request, event } as typeof request);
      } catch {
        throw new ValidationError({}, 'errors.malformedJson');
      }
      state.body = event.body;
    },
  };
}

function checked<T>(schema: ZodType<T>, input: unknown, invalid?: MessageKey): T {
  const result = validate(schema, input);
  if (!result.success) throw new ValidationError(result.fields, invalid);
  return result.data;
}

/**
 * Validates with the route's shared schemas: the body and the query string
 * (`invalid-argument` naming each field, with the catalogue's messages), then the path
 * parameters (an invalid one names no record: `not-found`).
 */
export function validation(route: RouteDefinition): Middleware {
  return {
    before: (request) => {
      const state = apiState(request);
      const { pathParameters, queryStringParameters } = request.event;
      if (route.body && route.body !== 'text') {
        // A batch's rows are checked by its handler (`batchEnvelope`: contract/api-spec.ts).
        const schema = route.batchEnvelope ?? route.body;
        state.body = checked(schema, state.body, route.invalidBodyMessage);
      }
      if (route.query) state.query = checked(route.query, queryStringParameters ?? {});
      if (route.params) {
        const result = validate(route.params, pathParameters ?? {});
        if (!result.success) throw new NotFoundError();
        state.params = result.data;
      } else {
        state.params = pathParameters ?? {};
      }
    },
  };
}
