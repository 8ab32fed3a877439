import { idParams } from '../shared/contract/schemas/params';
import {
  createStaffSchema,
  listStaffQuerySchema,
  updateStaffSchema,
} from '../shared/contract/schemas/staff';
import { adminOnly, staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The staff routes (assembled with every feature's in lambdas/routes.ts). */
export const staffRoutes = {
  // Only the caller's own account: the standing check's AdminGetUser grant is all it needs.
  'GET /api/account': {
    handler: 'lambdas/staff/account-handler.ts',
    access: staffOrAdmin,
  },
  'GET /api/staff': {
    handler: 'lambdas/staff/list-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    query: listStaffQuerySchema,
  },
  'POST /api/staff': {
    handler: 'lambdas/staff/create-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    body: createStaffSchema,
  },
  'PATCH /api/staff/{id}': {
    handler: 'lambdas/staff/update-handler.ts',
    access: adminOnly,
    grants: ['userPoolAdmin'],
    body: updateStaffSchema,
    params: idParams,
  },
} as const satisfies RouteTable;
