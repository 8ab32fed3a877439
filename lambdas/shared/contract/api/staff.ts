import { adminOnly, staffOrAdmin, type ApiTable } from '../api-spec';
import { idParams } from '../schemas/params';
import {
  createStaffSchema,
  listStaffQuerySchema,
  ownAccountSchema,
  revokeSessionsSchema,
  staffListSchema,
  staffMailSchema,
  staffMemberSchema,
  updateOwnAccountSchema,
  updateStaffSchema,
} from '../schemas/staff';

/** Staff accounts (admins) and the signed-in person's own account (docs/api.md). */
export const staffApi = {
  'GET /api/account': {
    summary: "The caller's own account as Cognito holds it now, and this session's factors",
    access: staffOrAdmin,
    secondFactor: 'notRequired',
    answers: { 200: ownAccountSchema },
  },
  'PATCH /api/account': {
    summary: "Changes the caller's own name, with its audit entry",
    access: staffOrAdmin,
    secondFactor: 'notRequired',
    body: updateOwnAccountSchema,
    answers: { 200: ownAccountSchema },
  },
  'POST /api/account/mfa': {
    summary:
      'Confirms the authenticator app the caller set up in Cognito; ends every session (sign in with a code)',
    access: staffOrAdmin,
    secondFactor: 'notRequired',
    answers: { 204: 'none' },
  },
  'DELETE /api/account/mfa': {
    summary:
      "Turns the caller's authenticator app off (a session signed in with a code in the last 5 minutes); ends every session",
    access: staffOrAdmin,
    secondFactor: 'notRequired',
    answers: { 204: 'none' },
  },
  'POST /api/account/sessions/revoke': {
    summary:
      "Ends every session of the caller's account: refresh tokens and every token issued before now",
    access: staffOrAdmin,
    secondFactor: 'notRequired',
    body: revokeSessionsSchema,
    answers: { 204: 'none' },
  },
  'GET /api/staff': {
    summary: 'A page of the accounts whose name or email holds the filter, by name',
    access: adminOnly,
    query: listStaffQuerySchema,
    answers: { 200: staffListSchema },
  },
  'POST /api/staff': {
    summary:
      'Creates an account with a temporary password, or mails an invitation with one (no password given)',
    access: adminOnly,
    body: createStaffSchema,
    answers: { 201: staffMemberSchema },
  },
  'PATCH /api/staff/{id}': {
    summary: "Changes an account's role (approving it) or switches it off and on",
    access: adminOnly,
    body: updateStaffSchema,
    params: idParams,
    answers: { 200: staffMemberSchema },
  },
  'POST /api/staff/{id}/invitation': {
    summary: 'Mails an invited account a new temporary password (its validity starts again)',
    access: adminOnly,
    body: staffMailSchema,
    params: idParams,
    answers: { 200: staffMemberSchema },
  },
  'POST /api/staff/{id}/password-reset': {
    summary: "Resets an account's password: its sessions end and the person is mailed a reset code",
    access: adminOnly,
    body: staffMailSchema,
    params: idParams,
    answers: { 200: staffMemberSchema },
  },
  'DELETE /api/staff/{id}/mfa': {
    summary: "Removes another account's authenticator app (a lost device); its sessions end",
    access: adminOnly,
    params: idParams,
    answers: { 200: staffMemberSchema },
  },
} as const satisfies ApiTable;
