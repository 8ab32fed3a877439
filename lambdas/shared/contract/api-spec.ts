import type { z, ZodType } from 'zod';
import type { MessageKey } from './messages';
import type { Role } from './roles';

/**
 * The public half of the API's contract: what a route is to its callers (method, path,
 * access, the schemas of its body, query string, path and answers). Each feature's routes
 * are written once in `contract/api/<feature>.ts`, which the web app imports as well; the
 * server half (the handler module, its grants) joins them in the feature's `routes.ts`
 * (lambdas/shared/route-spec.ts `implement`). The web client (web/src/lib/api-client.ts),
 * the OpenAPI document (contract/openapi.ts) and the tests are derived from it.
 */

/** Who may call a route: anyone, a machine with its key, or signed-in users with one of the roles. */
export type Access = 'public' | 'machine' | readonly Role[];

export const staffOrAdmin = ['staff', 'admin'] as const satisfies readonly Role[];
export const adminOnly = ['admin'] as const satisfies readonly Role[];

/** HEAD and OPTIONS: the identification-link resolver answers them itself (GS1 resolver 2.2). */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `METHOD /path`, as API Gateway writes `routeKey` into the event. Paths are under `/api`,
 * except the identification-link resolver's (`/01/...`, `/id/...`, `/{code}`,
 * `/.well-known/gs1resolver`), which sit at the root because the links printed on units
 * must be short and GS1 Digital Link puts them there. A greedy parameter (`{path+}`) takes
 * the rest of the path.
 */
export type RouteKey = `${HttpMethod} /${string}`;

/**
 * One success answer of a route: a JSON body and its schema, no body (`'none'`), a file
 * of a media type (`{ file: 'application/pdf' }`), or a redirect (`'redirect'`, its target
 * in `Location`).
 */
export type Answer = ZodType | 'none' | 'redirect' | { file: `${string}/${string}` };

/**
 * A route's success answers by status: usually one (`{ 200: productSchema }`). 503 is the
 * health check's: a degraded state is an answer it gives, with its own body.
 */
export type Answers = Partial<Record<200 | 201 | 202 | 204 | 307 | 503, Answer>>;

/** What a route is to its callers. */
export interface ApiSpec {
  access: Access;
  /** One line for the route's documentation (OpenAPI `summary`). */
  summary: string;
  /**
   * The JSON body's schema, or `'text'` for a text document its handler reads itself (a
   * CSV upload): the handler gets the body's bytes, size-limited, and decodes them.
   */
  body?: ZodType | 'text';
  /**
   * The message of an invalid body.
   * @default 'errors.invalid-argument'
   */
  invalidBodyMessage?: MessageKey;
  /**
   * The largest body the route reads, in bytes, when it takes more than the API's
   * {@link defaultBodyLimitBytes} (a file import). Larger bodies are refused (413
   * `payload-too-large`, naming the limit) before they are read, by the local gateway and
   * the handler. Lambda takes at most 6 MB per request, the event's headers and the body's
   * escaping included: keep it well below.
   * @default defaultBodyLimitBytes
   */
  bodyLimitBytes?: number;
  /**
   * For a batch whose every problem one answer must name: the outer shape the pipeline
   * checks (`{ results: unknown[] }`, its size bounds included). The handler checks each row
   * with `body`'s row schema itself, together with what only the table can tell (a serial
   * in no range), and refuses the batch naming them all. `body` stays what the route takes
   * (the OpenAPI document, the web client).
   */
  batchEnvelope?: ZodType;
  /** The query string's schema; a route without one ignores its query string. */
  query?: ZodType;
  /** Path parameters (`{id}`); invalid ones answer `not-found`, as an unknown id would. */
  params?: ZodType;
  /**
   * Whether an admin's powers on this route need a token issued after a second factor
   * (docs/access-control.md "Second factor"). By default they do: an admin-only route
   * refuses such a token (`errors.secondFactorRequired`) and a staff-or-admin route answers
   * its admin as staff. `'notRequired'`: the caller's own account routes an admin needs to
   * set the second factor up, which see the role as it is.
   * @default 'required'
   */
  secondFactor?: 'required' | 'notRequired';
  answers: Answers;
}

/** The largest body a route reads unless it says otherwise (`bodyLimitBytes`): 1 MiB. */
export const defaultBodyLimitBytes = 1_048_576;

/** The largest body `route` reads, in bytes. */
export const bodyLimitOf = (route: Pick<ApiSpec, 'bodyLimitBytes'>): number =>
  route.bodyLimitBytes ?? defaultBodyLimitBytes;

/** A feature's routes, by key. */
export type ApiTable = Record<RouteKey, ApiSpec>;

/** `METHOD /path`, as API Gateway writes `routeKey` into the event. */
export function routeKey(route: { method: HttpMethod; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** Method and path of a key (`'GET /api/products/{id}'`). */
export function splitRouteKey(key: string): { method: HttpMethod; path: string } {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { method, path };
}

/** Routes with roles: the caller is signed in, and their standing is checked per call. */
export function hasRoles(route: Pick<ApiSpec, 'access'>): route is { access: readonly Role[] } {
  return Array.isArray(route.access);
}

/** The keys of `T`'s routes with roles (a signed-in caller whose standing is checked). */
export type RoleRouteKey<T> = {
  [K in keyof T]: T[K] extends { access: readonly Role[] } ? K : never;
}[keyof T] &
  string;

/** The keys of `T`'s public and machine routes (no signed-in caller). */
export type OpenRouteKey<T> = {
  [K in keyof T]: T[K] extends { access: 'public' | 'machine' } ? K : never;
}[keyof T] &
  string;

type Headers = Record<string, string>;

/** One answer as a handler gives it, typed by the route: a JSON body as its schema reads it. */
type AnswerAs<S extends number, A> = A extends ZodType
  ? { status: S; body: z.input<A>; binary?: undefined; headers?: Headers }
  : A extends 'none'
    ? { status: S; body?: undefined; binary?: undefined; headers?: Headers }
    : A extends 'redirect'
      ? { status: S; body?: undefined; binary?: undefined; headers: Headers & { location: string } }
      : { status: S; binary: Uint8Array; body?: undefined; headers: Headers };

/** The answers a route's handler may give (any one of its success answers). */
export type HandlerAnswer<T> = T extends { answers: infer A }
  ? { [S in keyof A & number]: AnswerAs<S, A[S]> }[keyof A & number]
  : never;

/** The JSON body of a route's answer of `status`, as its schema reads it (what a client gets). */
export type AnswerBody<T, S extends number = 200> = T extends { answers: infer A }
  ? S extends keyof A
    ? A[S] extends ZodType
      ? z.output<A[S]>
      : undefined
    : never
  : never;
