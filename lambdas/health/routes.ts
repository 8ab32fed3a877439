import { healthApi } from '../shared/contract/api/health';
import { implement } from '../shared/route-spec';

/** The health routes (assembled with every feature's in lambdas/routes.ts). */
export const healthRoutes = implement(healthApi, {
  'GET /api/health': { handler: 'lambdas/health/handler.ts', grants: ['dependencyProbes'] },
});
