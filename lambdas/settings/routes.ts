import { settingsApi } from '../shared/contract/api/settings';
import { implement } from '../shared/route-spec';

/** The site settings routes (assembled with every feature's in lambdas/routes.ts). */
export const settingsRoutes = implement(settingsApi, {
  'GET /api/settings': { handler: 'lambdas/settings/get-handler.ts' },
  'PUT /api/settings': { handler: 'lambdas/settings/update-handler.ts' },
  'GET /api/sign-up': { handler: 'lambdas/settings/sign-up-handler.ts' },
});
