import { created, createHttpHandlers, ok } from '../shared/http';
import {
  createStaff,
  listStaff,
  resendInvitation,
  resetStaffMfa,
  resetStaffPassword,
  updateStaff,
} from './service';
import { staffRoutes } from './routes';

/**
 * Staff accounts (admins), one function for their routes:
 * - `GET /api/staff`: accounts matching the filters, by name or last sign-in, a page at a time;
 * - `POST /api/staff`: creates an account with a temporary password, or invites it by mail;
 * - `PATCH /api/staff/{id}`: changes the role (approval) or switches the account off and on;
 * - `POST /api/staff/{id}/invitation`: mails an invited account a new temporary password;
 * - `POST /api/staff/{id}/password-reset`: ends the account's sessions and mails a reset code;
 * - `DELETE /api/staff/{id}/mfa`: removes another account's authenticator app (a lost device).
 */
export const handler = createHttpHandlers(staffRoutes, {
  'GET /api/staff': async ({ query }) => ok(await listStaff(query)),
  'POST /api/staff': async ({ body, caller }) => created(await createStaff(body, caller)),
  'PATCH /api/staff/{id}': async ({ body, params, caller }) =>
    ok(await updateStaff(params.id, body, caller)),
  'POST /api/staff/{id}/invitation': async ({ body, params, caller }) =>
    ok(await resendInvitation(params.id, body.language, caller)),
  'POST /api/staff/{id}/password-reset': async ({ body, params, caller }) =>
    ok(await resetStaffPassword(params.id, body.language, caller)),
  'DELETE /api/staff/{id}/mfa': async ({ params, caller }) =>
    ok(await resetStaffMfa(params.id, caller)),
});
