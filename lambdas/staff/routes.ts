import { staffApi } from '../shared/contract/api/staff';
import { implement } from '../shared/route-spec';

const ownAccount = {
  handler: 'lambdas/staff/account-handler.ts',
  grants: ['ownAccount'],
} as const;

const staffAccounts = {
  handler: 'lambdas/staff/staff-handler.ts',
  grants: ['userPoolAdmin'],
} as const;

/** The staff routes (assembled with every feature's in lambdas/routes.ts). */
export const staffRoutes = implement(staffApi, {
  // The caller's own account (lambdas/staff/account-handler.ts): their name in Cognito, the
  // global sign-out and turning their authenticator app off; no other admin API (any staff
  // member calls them).
  'GET /api/account': ownAccount,
  'PATCH /api/account': ownAccount,
  'POST /api/account/mfa': ownAccount,
  'DELETE /api/account/mfa': ownAccount,
  'POST /api/account/sessions/revoke': ownAccount,
  // Staff accounts (lambdas/staff/staff-handler.ts): the Cognito admin APIs.
  'GET /api/staff': staffAccounts,
  'POST /api/staff': staffAccounts,
  'PATCH /api/staff/{id}': staffAccounts,
  'POST /api/staff/{id}/invitation': staffAccounts,
  'POST /api/staff/{id}/password-reset': staffAccounts,
  'DELETE /api/staff/{id}/mfa': staffAccounts,
});
