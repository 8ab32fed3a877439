import { staffApi } from '../shared/contract/api/staff';
import { implement } from '../shared/route-spec';

/** The staff routes (assembled with every feature's in lambdas/routes.ts). */
export const staffRoutes = implement(staffApi, {
  // Only the caller's own account: the standing check's AdminGetUser grant is all it needs.
  'GET /api/account': { handler: 'lambdas/staff/account-handler.ts' },
  // The caller's own name, with its audit entry (the app changes it here, not in Cognito).
  'PATCH /api/account': {
    handler: 'lambdas/staff/account-update-handler.ts',
    grants: ['userPoolAdmin'],
  },
  'GET /api/staff': { handler: 'lambdas/staff/list-handler.ts', grants: ['userPoolAdmin'] },
  'POST /api/staff': { handler: 'lambdas/staff/create-handler.ts', grants: ['userPoolAdmin'] },
  'PATCH /api/staff/{id}': {
    handler: 'lambdas/staff/update-handler.ts',
    grants: ['userPoolAdmin'],
  },
});
