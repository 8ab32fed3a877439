import { dashboardApi } from '../shared/contract/api/dashboard';
import { implement } from '../shared/route-spec';

/** The dashboard routes (assembled with every feature's in lambdas/routes.ts). */
export const dashboardRoutes = implement(dashboardApi, {
  'GET /api/dashboard': { handler: 'lambdas/dashboard/handler.ts' },
});
