import { importApi } from '../shared/contract/api/imports';
import { implement } from '../shared/route-spec';

/** The imports' progress route (assembled with every feature's in lambdas/routes.ts). */
export const importRoutes = implement(importApi, {
  'GET /api/imports/{id}': { handler: 'lambdas/imports/get-handler.ts' },
});
