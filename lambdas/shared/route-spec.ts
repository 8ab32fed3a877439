import type { ZodType } from 'zod';
import type { MessageKey } from './contract/messages';
import type { Role } from './contract/roles';

/**
 * The shape of the route table (lambdas/routes.ts, assembled from each feature's
 * `routes.ts`). Kept apart from the table itself, so the handler pipeline can read a
 * route's rules without importing every feature's schemas.
 */

/** Who may call a route: anyone, a machine with its key, or signed-in users with one of the roles. */
export type Access = 'public' | 'machine' | readonly Role[];

/** HEAD and OPTIONS: the identification-link resolver answers them itself (GS1 resolver 2.2). */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * AWS permissions a handler needs beyond the table (which every handler may read and
 * write): CDK grants them (lib/constructs/api.ts). Every route with roles may also read
 * its caller's account (`cognito-idp:AdminGetUser`): the standing check.
 * - `userPoolAdmin`: the Cognito admin APIs on the user pool (staff accounts);
 * - `dependencyProbes`: describe the table and pool, list the bucket, read the SES account;
 * - `reportsWrite`: store report PDFs in the reports bucket;
 * - `reportsRead`: read report PDFs from the reports bucket.
 */
export type Grant = 'userPoolAdmin' | 'dependencyProbes' | 'reportsWrite' | 'reportsRead';

/** One route: who may call it, what it reads, and the handler module that answers it. */
export interface RouteSpec {
  /** Handler module, relative to the repository root; it exports `handler`. */
  handler: string;
  access: Access;
  grants?: readonly Grant[];
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
  /** The query string's schema; a route without one ignores its query string. */
  query?: ZodType;
  /** Path parameters (`{id}`); invalid ones answer `not-found`, as an unknown id would. */
  params?: ZodType;
}

/**
 * `METHOD /path`, as API Gateway writes `routeKey` into the event. Paths are under `/api`,
 * except the identification-link resolver's (`/01/...`, `/id/...`, `/.well-known/gs1resolver`),
 * which sit at the root because the links printed on units must be short and GS1 Digital
 * Link puts them there; CloudFront sends exactly those paths to the API as well
 * (lib/constructs/web.ts). A greedy parameter (`{path+}`) takes the rest of the path.
 */
export type RouteKey = `${HttpMethod} /${string}`;

/** A feature's routes, by key. */
export type RouteTable = Record<RouteKey, RouteSpec>;

/** A route with its method and path spelled out. */
export interface RouteDefinition extends RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}` or `/01/{path+}` (greedy). */
  path: string;
}

export const staffOrAdmin = ['staff', 'admin'] as const;
export const adminOnly = ['admin'] as const;

/** `METHOD /path`, as API Gateway writes `routeKey` into the event. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The route of `key` in `table`, with its method and path. */
export function definitionOf(key: string, spec: RouteSpec): RouteDefinition {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { ...spec, method, path };
}

/** Routes with roles: the caller is signed in, and their standing is checked per call. */
export function hasRoles(
  route: Pick<RouteDefinition, 'access'>,
): route is { access: readonly Role[] } {
  return Array.isArray(route.access);
}

/** The keys of `T`'s routes with roles (a signed-in caller whose standing is checked). */
export type RoleRouteKey<T extends RouteTable> = {
  [K in keyof T]: T[K] extends { access: readonly Role[] } ? K : never;
}[keyof T] &
  string;

/** The keys of `T`'s public and machine routes (no signed-in caller). */
export type OpenRouteKey<T extends RouteTable> = {
  [K in keyof T]: T[K] extends { access: 'public' | 'machine' } ? K : never;
}[keyof T] &
  string;
