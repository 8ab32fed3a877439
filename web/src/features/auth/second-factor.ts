import type { staffApi } from '../../../../lambdas/shared/contract/api/staff';
import { apiRequest } from '../../lib/api-client';
import { routeUrls } from '../../lib/api-routes';

/**
 * Whether a signed-in admin may use admin powers in this session (docs/access-control.md,
 * "The web guard"): the API refuses admin calls of a session not signed in with the
 * authenticator app, so the back office takes such an admin to set the app up, or to sign
 * in again with it, before any page. Staff are never stopped here.
 * - `checking`: the account is being read (the guard waits);
 * - `setUpRequired`: an admin without an authenticator app;
 * - `confirmRequired`: an admin whose app is on in Cognito but whose confirmation never
 *   reached the API (no `mfaEnabledAt`): no session counts as signed in with it until the
 *   API records it (`POST /api/account/mfa`);
 * - `signInAgain`: an admin with one, in a session signed in without its code.
 */
export type SecondFactorState =
  'checking' | 'ok' | 'setUpRequired' | 'confirmRequired' | 'signInAgain';

/** The account route, named from the contract without loading its schemas at start-up. */
const ownAccountUrl = routeUrls<typeof staffApi>()('GET /api/account', {});

/** The state an answer of `GET /api/account` gives; an answer of another shape is no reason to stop. */
export function secondFactorStateOf(account: unknown): Exclude<SecondFactorState, 'checking'> {
  if (typeof account !== 'object' || account === null) return 'ok';
  const { role, mfaEnabled, mfaEnabledAt, secondFactor } = account as Record<string, unknown>;
  if (role !== 'admin') return 'ok';
  if (mfaEnabled === false) return 'setUpRequired';
  // Signing in again would not help: the API counts the code only once it has the record.
  if (secondFactor === false && mfaEnabledAt === null) return 'confirmRequired';
  if (secondFactor === false) return 'signInAgain';
  return 'ok';
}

/**
 * Reads the caller's account and tells its state. A failed read lets the session on (the
 * API still refuses what it must, and a refusal brings the admin back here); a 401 has
 * ended the session already (the API client's listener).
 */
export async function readSecondFactorState(): Promise<Exclude<SecondFactorState, 'checking'>> {
  try {
    return secondFactorStateOf(await apiRequest<unknown>(ownAccountUrl));
  } catch {
    return 'ok';
  }
}
