import { type RouteTable } from '../shared/route-spec';

/** The health routes (assembled with every feature's in lambdas/routes.ts). */
export const healthRoutes = {
  'GET /api/health': {
    handler: 'lambdas/health/handler.ts',
    access: 'public',
    grants: ['dependencyProbes'],
  },
} as const satisfies RouteTable;
