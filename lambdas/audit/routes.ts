import { auditApi } from '../shared/contract/api/audit';
import { implement } from '../shared/route-spec';

/** The audit routes (assembled with every feature's in lambdas/routes.ts). */
export const auditRoutes = implement(auditApi, {
  'GET /api/audit': { handler: 'lambdas/audit/list-handler.ts' },
});
