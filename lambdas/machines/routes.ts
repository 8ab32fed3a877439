import { machineApi } from '../shared/contract/api/machines';
import { implement } from '../shared/route-spec';

const handler = 'lambdas/machines/handler.ts';

/** The machines routes (assembled with every feature's in lambdas/routes.ts), one function. */
export const machineRoutes = implement(machineApi, {
  'GET /api/machines': { handler },
  'POST /api/machines': { handler },
  'DELETE /api/machines/{id}': { handler },
});
