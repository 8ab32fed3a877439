import { openApiApi } from '../shared/contract/api/openapi';
import { implement } from '../shared/route-spec';

/** The OpenAPI document's route (assembled with every feature's in lambdas/routes.ts). */
export const openApiRoutes = implement(openApiApi, {
  'GET /api/openapi.json': { handler: 'lambdas/openapi/handler.ts' },
});
