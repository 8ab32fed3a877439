import type { ZodType } from 'zod';
import type { MessageKey } from './shared/contract/messages';
import type { Role } from './shared/contract/roles';
import { listAuditQuerySchema } from './shared/contract/schemas/audit';
import {
  createMachineSchema,
  ingestBatchSchema,
  listMachinesQuerySchema,
  listTestResultsQuerySchema,
} from './shared/contract/schemas/machine-data';
import { idParams, reportNumberParams, requestIdParams } from './shared/contract/schemas/params';
import {
  createProductSchema,
  listProductsQuerySchema,
  updateProductSchema,
} from './shared/contract/schemas/product';
import {
  createReportRequestSchema,
  listReportRequestsQuerySchema,
} from './shared/contract/schemas/report-request';
import {
  createSerialRangeSchema,
  listSerialRangesQuerySchema,
  lookupSerialQuerySchema,
  updateSerialRangeSchema,
} from './shared/contract/schemas/serial-range';
import {
  createStaffSchema,
  listStaffQuerySchema,
  updateStaffSchema,
} from './shared/contract/schemas/staff';

/** Who may call a route: anyone, a machine with its key, or signed-in users with one of the roles. */
export type Access = 'public' | 'machine' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  /** The JSON body's schema, or `'text'` for the raw text (a CSV upload), size-limited. */
  body?: ZodType | 'text';
  /**
   * The message of an invalid body.
   * @default 'errors.invalid-argument'
   */
  invalidBodyMessage?: MessageKey;
  /** The query string's schema; a route without one takes no query string. */
  query?: ZodType;
  /** Path parameters (`{id}`); invalid ones answer `not-found`, as an unknown id would. */
  params?: ZodType;
}

export type RouteKey = `${HttpMethod} /api/${string}`;

const staffOrAdmin = ['staff', 'admin'] as const;
const adminOnly = ['admin'] as const;

/**
 * Every API route, by its key (`METHOD /path`, as API Gateway writes `routeKey`). CDK
 * builds API Gateway routes and functions from this table, the local gateway serves it,
 * the handler pipeline enforces its access rule and validates with its schemas, and the
 * authorization and fuzz tests iterate over it, so no route goes untested.
 */
export const routeTable = {
  'GET /api/health': {
    handler: 'lambdas/health/handler.ts',
    access: 'public',
    grants: ['dependencyProbes'],
  },
  'POST /api/report-requests': {
    handler: 'lambdas/report-requests/create-handler.ts',
    access: 'public',
    grants: ['reportsWrite'],
    body: createReportRequestSchema,
  },
  'GET /api/report-requests/{id}/pdf': {
    handler: 'lambdas/report-requests/pdf-handler.ts',
    access: 'public',
    grants: ['reportsRead'],
    params: requestIdParams,
  },
  'GET /api/report-requests/verify/{reportNumber}': {
    handler: 'lambdas/report-requests/verify-handler.ts',
    access: 'public',
    params: reportNumberParams,
  },
  'GET /api/report-requests': {
    handler: 'lambdas/report-requests/list-handler.ts',
    access: staffOrAdmin,
    query: listReportRequestsQuerySchema,
  },
  'POST /api/report-requests/{id}/resend': {
    handler: 'lambdas/report-requests/resend-handler.ts',
    access: adminOnly,
    params: requestIdParams,
  },
  'GET /api/machine-data': {
    handler: 'lambdas/machine-data/list-handler.ts',
    access: staffOrAdmin,
    query: listTestResultsQuerySchema,
  },
  'POST /api/machine-data': {
    handler: 'lambdas/machine-data/upload-handler.ts',
    access: staffOrAdmin,
    body: 'text',
  },
  'POST /api/machine-data/ingest': {
    handler: 'lambdas/machine-data/ingest-handler.ts',
    access: 'machine',
    body: ingestBatchSchema,
    invalidBodyMessage: 'errors.batchRefused',
  },
  'GET /api/machines': {
    handler: 'lambdas/machines/list-handler.ts',
    access: adminOnly,
    query: listMachinesQuerySchema,
  },
  'POST /api/machines': {
    handler: 'lambdas/machines/create-handler.ts',
    access: adminOnly,
    body: createMachineSchema,
  },
  'DELETE /api/machines/{id}': {
    handler: 'lambdas/machines/revoke-handler.ts',
    access: adminOnly,
    params: idParams,
  },
  'GET /api/dashboard': {
    handler: 'lambdas/dashboard/handler.ts',
    access: staffOrAdmin,
  },
  'GET /api/audit': {
    handler: 'lambdas/audit/list-handler.ts',
    access: staffOrAdmin,
    query: listAuditQuerySchema,
  },
  'GET /api/products': {
    handler: 'lambdas/products/list-handler.ts',
    access: staffOrAdmin,
    query: listProductsQuerySchema,
  },
  'POST /api/products': {
    handler: 'lambdas/products/create-handler.ts',
    access: staffOrAdmin,
    body: createProductSchema,
  },
  'GET /api/products/{id}': {
    handler: 'lambdas/products/get-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'PUT /api/products/{id}': {
    handler: 'lambdas/products/update-handler.ts',
    access: staffOrAdmin,
    body: updateProductSchema,
    params: idParams,
  },
  'DELETE /api/products/{id}': {
    handler: 'lambdas/products/delete-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'GET /api/serial-numbers': {
    handler: 'lambdas/serial-ranges/list-handler.ts',
    access: staffOrAdmin,
    query: listSerialRangesQuerySchema,
  },
  'POST /api/serial-numbers': {
    handler: 'lambdas/serial-ranges/create-handler.ts',
    access: staffOrAdmin,
    body: createSerialRangeSchema,
  },
  'GET /api/serial-numbers/lookup': {
    handler: 'lambdas/serial-ranges/lookup-handler.ts',
    access: staffOrAdmin,
    query: lookupSerialQuerySchema,
  },
  'GET /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/get-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'PUT /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/update-handler.ts',
    access: staffOrAdmin,
    body: updateSerialRangeSchema,
    params: idParams,
  },
  'DELETE /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/delete-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'GET /api/staff': {
    handler: 'lambdas/staff/list-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    query: listStaffQuerySchema,
  },
  'POST /api/staff': {
    handler: 'lambdas/staff/create-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    body: createStaffSchema,
  },
  'PATCH /api/staff/{id}': {
    handler: 'lambdas/staff/update-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    body: updateStaffSchema,
    params: idParams,
  },
} as const satisfies Record<RouteKey, RouteSpec>;

export type RouteName = keyof typeof routeTable;

/** A route with its method and path spelled out. */
export interface RouteDefinition extends RouteSpec {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/products/{id}`. */
  path: string;
}

/** Every route, in table order. */
export const routes: readonly RouteDefinition[] = Object.entries(routeTable).map(([key, spec]) => {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { ...(spec as RouteSpec), method, path };
});

/** `METHOD /path`, as API Gateway writes `routeKey` into the event. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const byKey = new Map<string, RouteDefinition>(routes.map((route) => [routeKey(route), route]));

export function findRouteByKey(key: string): RouteDefinition | undefined {
  return byKey.get(key);
}

export function isPublic(route: RouteDefinition): boolean {
  return route.access === 'public';
}

/** Routes with roles: the caller is signed in, and their standing is checked per call. */
export function hasRoles(
  route: Pick<RouteDefinition, 'access'>,
): route is { access: readonly Role[] } {
  return Array.isArray(route.access);
}

/** Handler modules, each becoming one Lambda function. */
export function handlerModules(): string[] {
  return [...new Set(routes.map((route) => route.handler))];
}
