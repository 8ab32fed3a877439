import { unitDataApi } from '../shared/contract/api/unit-data';
import { implement } from '../shared/route-spec';

/** The unit data route (assembled with every feature's in lambdas/routes.ts). */
export const unitRoutes = implement(unitDataApi, {
  'GET /api/units/{serial+}': { handler: 'lambdas/resolver/unit-handler.ts' },
});
