import {
  splitRouteKey,
  type ApiSpec,
  type ApiTable,
  type HttpMethod,
  type RouteKey,
} from './contract/api-spec';

/**
 * The server half of the route table (lambdas/routes.ts, assembled from each feature's
 * `routes.ts`): the handler module that answers a route of the contract
 * (contract/api-spec.ts, contract/api/<feature>.ts) and the AWS permissions it needs.
 * Kept apart from the table itself, so the handler pipeline can read a route's rules
 * without importing every feature's schemas.
 */

export {
  adminOnly,
  hasRoles,
  routeKey,
  staffOrAdmin,
  type Access,
  type HttpMethod,
  type OpenRouteKey,
  type RoleRouteKey,
  type RouteKey,
} from './contract/api-spec';

/**
 * AWS permissions a handler needs beyond the table (which every handler may read and
 * write): CDK grants them (lib/constructs/api.ts). Every route with roles may also read
 * its caller's account (`cognito-idp:AdminGetUser`): the standing check.
 * - `userPoolAdmin`: the Cognito admin APIs on the user pool (staff accounts);
 * - `ownAccount`: change the caller's name, end their sessions and turn their
 *   authenticator app off (`AdminUpdateUserAttributes`, `AdminUserGlobalSignOut`,
 *   `AdminSetUserMFAPreference`), nothing else of the pool: the own-account routes any
 *   staff member calls (the handler names the caller's account only);
 * - `dependencyProbes`: describe the table and pool, list the bucket, read the SES account;
 * - `reportsWrite`: store report PDFs in the reports bucket;
 * - `reportsRead`: read report PDFs from the reports bucket;
 * - `importsWrite`: keep an import's file for the import worker (`imports/` in that bucket);
 * - `reportSigning`: sign with the report signing key (KMS `Sign`) and read its public key
 *   and certificate chain: the report request alone;
 * - `signingPublicKey`: read the signing key's public key (the signature check, the DID
 *   document), never sign.
 */
export type Grant =
  | 'userPoolAdmin'
  | 'ownAccount'
  | 'dependencyProbes'
  | 'reportsWrite'
  | 'reportsRead'
  | 'importsWrite'
  | 'reportSigning'
  | 'signingPublicKey';

/** What answers a route: its handler module and the permissions that module needs. */
export interface ServerSpec {
  /** Handler module, relative to the repository root; it exports `handler`. */
  handler: string;
  grants?: readonly Grant[];
  /**
   * The function's time limit in seconds, when the route needs more than the default 10 s
   * (a file import). CDK sets it on the route's function and the local gateway waits as long.
   * API Gateway's HTTP API gives up on a function after 30 s: at most 28.
   * @default 10
   */
  timeoutSeconds?: number;
}

/** One route: its contract and the handler that answers it. */
export type RouteSpec = ApiSpec & ServerSpec;

/** A feature's routes, by key. */
export type RouteTable = Record<RouteKey, RouteSpec>;

/** A route with its method and path spelled out. */
export interface RouteDefinition extends RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}` or `/01/{path+}` (greedy). */
  path: string;
}

/**
 * A feature's routes: its contract (`api`) with the handler of every route of it. The
 * types require a handler for each route of the contract and refuse one for a route it
 * does not have, so neither half exists without the other.
 */
export function implement<const A extends ApiTable>(
  api: A,
  server: { [K in keyof A]: ServerSpec },
): { [K in keyof A]: A[K] & ServerSpec } {
  const served = Object.keys(server);
  const missing = Object.keys(api).filter((key) => !served.includes(key));
  const extra = served.filter((key) => !(key in api));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `Routes without a handler: ${missing.join(', ')}; not in the contract: ${extra.join(', ')}`,
    );
  }
  return Object.fromEntries(
    Object.entries(api).map(([key, spec]) => [key, { ...spec, ...server[key as keyof A] }]),
  ) as unknown as { [K in keyof A]: A[K] & ServerSpec };
}

/** The route of `key` in `table`, with its method and path. */
export function definitionOf(key: string, spec: RouteSpec): RouteDefinition {
  return { ...spec, ...splitRouteKey(key) };
}
