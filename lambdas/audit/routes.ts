import { listAuditQuerySchema } from '../shared/contract/schemas/audit';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The audit routes (assembled with every feature's in lambdas/routes.ts). */
export const auditRoutes = {
  'GET /api/audit': {
    handler: 'lambdas/audit/list-handler.ts',
    access: staffOrAdmin,
    query: listAuditQuerySchema,
  },
} as const satisfies RouteTable;
