import { machineApi } from '../shared/contract/api/machines';
import { implement } from '../shared/route-spec';

/** The machines routes (assembled with every feature's in lambdas/routes.ts). */
export const machineRoutes = implement(machineApi, {
  'GET /api/machines': { handler: 'lambdas/machines/list-handler.ts' },
  'POST /api/machines': { handler: 'lambdas/machines/create-handler.ts' },
  'DELETE /api/machines/{id}': { handler: 'lambdas/machines/revoke-handler.ts' },
});
