import type { Role } from './shared/contract/roles';

/** Who may call a route: anyone, a machine with its key, or signed-in users with one of the roles. */
export type Access = 'public' | 'machine' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * AWS permissions a handler needs beyond the table (which every handler may read and
 * write): CDK grants them (lib/constructs/api.ts).
 * - `userPoolAdmin`: the Cognito admin APIs on the user pool (staff accounts);
 * - `dependencyProbes`: describe the table and pool, list the bucket, read the SES account;
 * - `reportsWrite`: store report PDFs in the reports bucket;
 * - `reportsRead`: read report PDFs from the reports bucket.
 */
export type Grant = 'userPoolAdmin' | 'dependencyProbes' | 'reportsWrite' | 'reportsRead';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}`. */
  path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  handler: string;
  access: Access;
  grants?: readonly Grant[];
}

const staffOrAdmin = ['staff', 'admin'] as const;
const adminOnly = ['admin'] as const;

/**
 * Every API route. CDK builds API Gateway routes and functions from this table,
 * the local gateway serves it, the handler middleware enforces its access rule and
 * the authorization tests iterate over it.
 */
export const routes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'lambdas/health/handler.ts',
    access: 'public',
    grants: ['dependencyProbes'],
  },
  {
    method: 'POST',
    path: '/api/report-requests',
    handler: 'lambdas/report-requests/create-handler.ts',
    access: 'public',
    grants: ['reportsWrite'],
  },
  {
    method: 'GET',
    path: '/api/report-requests/{id}/pdf',
    handler: 'lambdas/report-requests/pdf-handler.ts',
    access: 'public',
    grants: ['reportsRead'],
  },
  {
    method: 'GET',
    path: '/api/report-requests/verify/{reportNumber}',
    handler: 'lambdas/report-requests/verify-handler.ts',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/report-requests',
    handler: 'lambdas/report-requests/list-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'POST',
    path: '/api/report-requests/{id}/resend',
    handler: 'lambdas/report-requests/resend-handler.ts',
    access: adminOnly,
  },
  {
    method: 'GET',
    path: '/api/machine-data',
    handler: 'lambdas/machine-data/list-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'POST',
    path: '/api/machine-data',
    handler: 'lambdas/machine-data/upload-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'POST',
    path: '/api/machine-data/ingest',
    handler: 'lambdas/machine-data/ingest-handler.ts',
    access: 'machine',
  },
  {
    method: 'GET',
    path: '/api/machines',
    handler: 'lambdas/machines/list-handler.ts',
    access: adminOnly,
  },
  {
    method: 'POST',
    path: '/api/machines',
    handler: 'lambdas/machines/create-handler.ts',
    access: adminOnly,
  },
  {
    method: 'DELETE',
    path: '/api/machines/{id}',
    handler: 'lambdas/machines/revoke-handler.ts',
    access: adminOnly,
  },
  {
    method: 'GET',
    path: '/api/dashboard',
    handler: 'lambdas/dashboard/handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/products',
    handler: 'lambdas/products/list-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'POST',
    path: '/api/products',
    handler: 'lambdas/products/create-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/products/{id}',
    handler: 'lambdas/products/get-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'PUT',
    path: '/api/products/{id}',
    handler: 'lambdas/products/update-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'DELETE',
    path: '/api/products/{id}',
    handler: 'lambdas/products/delete-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/serial-numbers',
    handler: 'lambdas/serial-ranges/list-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'POST',
    path: '/api/serial-numbers',
    handler: 'lambdas/serial-ranges/create-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/serial-numbers/lookup',
    handler: 'lambdas/serial-ranges/lookup-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/serial-numbers/{id}',
    handler: 'lambdas/serial-ranges/get-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'PUT',
    path: '/api/serial-numbers/{id}',
    handler: 'lambdas/serial-ranges/update-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'DELETE',
    path: '/api/serial-numbers/{id}',
    handler: 'lambdas/serial-ranges/delete-handler.ts',
    access: staffOrAdmin,
  },
  {
    method: 'GET',
    path: '/api/account',
    handler: 'lambdas/staff/account-handler.ts',
    access: staffOrAdmin,
    grants: ['userPoolAdmin'],
  },
  {
    method: 'GET',
    path: '/api/staff',
    handler: 'lambdas/staff/list-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
  },
  {
    method: 'POST',
    path: '/api/staff',
    handler: 'lambdas/staff/create-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
  },
  {
    method: 'PATCH',
    path: '/api/staff/{id}',
    handler: 'lambdas/staff/update-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
  },
];

/** `METHOD /path`, as API Gateway writes `routeKey` into the event. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const byKey = new Map(routes.map((route) => [routeKey(route), route]));

export function findRouteByKey(key: string): RouteDefinition | undefined {
  return byKey.get(key);
}

export function isPublic(route: RouteDefinition): boolean {
  return route.access === 'public';
}

/** Handler modules, each becoming one Lambda function. */
export function handlerModules(): string[] {
  return [...new Set(routes.map((route) => route.handler))];
}
