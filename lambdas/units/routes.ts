import { unitApi } from '../shared/contract/api/units';
import { implement } from '../shared/route-spec';

/** The unit page's route (assembled with every feature's in lambdas/routes.ts). */
export const unitRecordRoutes = implement(unitApi, {
  'GET /api/serial-numbers/units/{serial+}': { handler: 'lambdas/units/record-handler.ts' },
});
