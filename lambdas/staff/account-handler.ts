import { createHttpHandlers, ok } from '../shared/http';
import { confirmOwnMfa, getOwnAccount, revokeOwnSessions, turnOffOwnMfa } from './own-account';
import { changeOwnName } from './service';
import { staffRoutes } from './routes';

/**
 * The signed-in person's own account (the account page), one function for its routes:
 * - `GET /api/account`: the account, its authenticator app's state and whether this
 *   session was signed in with it;
 * - `PATCH /api/account`: changes their own name;
 * - `POST /api/account/mfa`: confirms the authenticator app set up in Cognito; every
 *   session ends (the web signs in again, with a code);
 * - `DELETE /api/account/mfa`: turns the app off, from a session signed in with its code
 *   a moment ago; every session ends;
 * - `POST /api/account/sessions/revoke`: ends every session ("sign out of all devices",
 *   a password change), tokens already issued included.
 */
export const handler = createHttpHandlers(staffRoutes, {
  'GET /api/account': async ({ caller }) => ok(await getOwnAccount(caller)),
  'PATCH /api/account': async ({ body, caller }) => ok(await changeOwnName(caller, body.name)),
  'POST /api/account/mfa': async ({ caller }) => {
    await confirmOwnMfa(caller);
    return { status: 204 as const };
  },
  'DELETE /api/account/mfa': async ({ caller }) => {
    await turnOffOwnMfa(caller);
    return { status: 204 as const };
  },
  'POST /api/account/sessions/revoke': async ({ body, caller }) => {
    await revokeOwnSessions(caller, body);
    return { status: 204 as const };
  },
});
