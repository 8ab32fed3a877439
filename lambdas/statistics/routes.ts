import { statisticsApi } from '../shared/contract/api/statistics';
import { implement } from '../shared/route-spec';

/** The statistics routes (assembled with every feature's in lambdas/routes.ts). */
export const statisticsRoutes = implement(statisticsApi, {
  'GET /api/statistics/filters': { handler: 'lambdas/statistics/filters-handler.ts' },
  'GET /api/statistics/yield': { handler: 'lambdas/statistics/yield-handler.ts' },
  'GET /api/statistics/pareto': { handler: 'lambdas/statistics/pareto-handler.ts' },
  'GET /api/statistics/capability': { handler: 'lambdas/statistics/capability-handler.ts' },
  'GET /api/statistics/values': { handler: 'lambdas/statistics/values-handler.ts' },
});
