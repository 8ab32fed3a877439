import { auditRoutes } from './audit/routes';
import { dashboardRoutes } from './dashboard/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './imports/routes';
import { labelRoutes } from './labels/routes';
import { machineDataRoutes } from './machine-data/routes';
import { machineRoutes } from './machines/routes';
import { openApiRoutes } from './openapi/routes';
import { productRoutes } from './products/routes';
import { reportRequestRoutes } from './report-requests/routes';
import { resolverRoutes } from './resolver/routes';
import { unitRoutes } from './resolver/unit-routes';
import { serialRangeRoutes } from './serial-ranges/routes';
import { settingsRoutes } from './settings/routes';
import { statisticsRoutes } from './statistics/routes';
import { unitRecordRoutes } from './units/routes';
import { definitionOf, type RouteDefinition, type RouteSpec, routeKey } from './shared/route-spec';
import { staffRoutes } from './staff/routes';

export {
  hasRoles,
  routeKey,
  type Access,
  type Grant,
  type HttpMethod,
  type RouteDefinition,
  type RouteKey,
  type RouteSpec,
} from './shared/route-spec';

/**
 * Every API route, by its key (`METHOD /path`, as API Gateway writes `routeKey`), each
 * defined once in its feature's `routes.ts` with its access rule and the shared schemas of
 * its body, query string and path. CDK builds API Gateway routes and functions from this
 * table, the local gateway serves it, the handler pipeline enforces each route's rule and
 * validates with its schemas (a handler imports only its own feature's routes, so its
 * bundle carries no other feature's schemas), and the authorization and fuzz tests
 * iterate over it, so no route goes untested.
 */
export const routeTable = {
  ...healthRoutes,
  ...reportRequestRoutes,
  ...unitRoutes,
  ...resolverRoutes,
  ...machineDataRoutes,
  ...machineRoutes,
  ...dashboardRoutes,
  ...auditRoutes,
  ...productRoutes,
  ...serialRangeRoutes,
  ...unitRecordRoutes,
  ...importRoutes,
  ...statisticsRoutes,
  ...settingsRoutes,
  ...labelRoutes,
  ...staffRoutes,
  ...openApiRoutes,
} as const;

export type RouteName = keyof typeof routeTable;

/** Every route, in table order. */
export const routes: readonly RouteDefinition[] = Object.entries(routeTable).map(([key, spec]) =>
  definitionOf(key, spec as RouteSpec),
);

const byKey = new Map<string, RouteDefinition>(routes.map((route) => [routeKey(route), route]));

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
