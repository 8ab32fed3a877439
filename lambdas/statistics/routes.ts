import { statisticsApi } from '../shared/contract/api/statistics';
import { implement } from '../shared/route-spec';

const handler = 'lambdas/statistics/handler.ts';

/** The statistics routes (assembled with every feature's in lambdas/routes.ts), one function. */
export const statisticsRoutes = implement(statisticsApi, {
  'GET /api/statistics/filters': { handler },
  'GET /api/statistics/yield': { handler },
  'GET /api/statistics/pareto': { handler },
  'GET /api/statistics/capability': { handler },
  'GET /api/statistics/values': { handler },
});
