import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The dashboard routes (assembled with every feature's in lambdas/routes.ts). */
export const dashboardRoutes = {
  'GET /api/dashboard': {
    handler: 'lambdas/dashboard/handler.ts',
    access: staffOrAdmin,
  },
} as const satisfies RouteTable;
