import { reportNumberParams, requestIdParams } from '../shared/contract/schemas/params';
import {
  createReportRequestSchema,
  listReportRequestsQuerySchema,
} from '../shared/contract/schemas/report-request';
import { adminOnly, staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The report-requests routes (assembled with every feature's in lambdas/routes.ts). */
export const reportRequestRoutes = {
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
} as const satisfies RouteTable;
