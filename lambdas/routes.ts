import type { Role } from './shared/contract/roles';

/** Who may call a route: anyone, a machine with its key, or signed-in users with one of the roles. */
export type Access = 'public' | 'machine' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}`. */
  path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  handler: string;
  access: Access;
}

const staffOrAdmin = ['staff', 'admin'] as const;

/**
 * Every API route. CDK builds API Gateway routes and functions from this table,
 * the local gateway serves it, the handler middleware enforces its access rule and
 * the authorization tests iterate over it.
 */
export const routes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'lambdas/health/handler.ts', access: 'public' },
  {
    method: 'GET',
    path: '/api/dashboard',
    handler: 'lambdas/dashboard/handler.ts',
    access: staffOrAdmin,
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
