import { idParams } from '../shared/contract/schemas/params';
import {
  createStaffSchema,
  listStaffQuerySchema,
  updateOwnAccountSchema,
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
  // The caller's own name, with its audit entry (the app changes it here, not in Cognito).
  'PATCH /api/account': {
    handler: 'lambdas/staff/account-update-handler.ts',
    access: staffOrAdmin,
    grants: ['userPoolAdmin'],
    body: updateOwnAccountSchema,
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
