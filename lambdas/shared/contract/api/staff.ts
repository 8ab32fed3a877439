import { adminOnly, staffOrAdmin, type ApiTable } from '../api-spec';
import { idParams } from '../schemas/params';
import {
  createStaffSchema,
  listStaffQuerySchema,
  staffListSchema,
  staffMemberSchema,
  updateOwnAccountSchema,
  updateStaffSchema,
} from '../schemas/staff';

/** Staff accounts (admins) and the signed-in person's own account (docs/api.md). */
export const staffApi = {
  'GET /api/account': {
    summary: "The caller's own account as Cognito holds it now",
    access: staffOrAdmin,
    answers: { 200: staffMemberSchema },
  },
  'PATCH /api/account': {
    summary: "Changes the caller's own name, with its audit entry",
    access: staffOrAdmin,
    body: updateOwnAccountSchema,
    answers: { 200: staffMemberSchema },
  },
  'GET /api/staff': {
    summary: 'A page of the accounts whose name or email holds the filter, by name',
    access: adminOnly,
    query: listStaffQuerySchema,
    answers: { 200: staffListSchema },
  },
  'POST /api/staff': {
    summary: 'Creates an account with its first password and role',
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
} as const satisfies ApiTable;
