import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import {
  pendingAccountFromIdTokenPayload,
  userFromIdTokenPayload,
  type AuthUser,
  type PendingAccount,
} from './session';

/**
 * The session as the ID token describes it, and its end, through Amplify: what every page
 * of the back office needs as it opens (its AuthProvider), and the sign-in page too.
 * Signing in is ./sign-in-flow.ts, fetched only where someone signs in.
 */

export type SessionRead =
  | { kind: 'user'; user: AuthUser }
  | { kind: 'pending'; account: PendingAccount }
  | { kind: 'none' }
  /** The tokens could not be read or refreshed (`isSessionEndingError` tells which failures end it). */
  | { kind: 'error'; error: unknown };

export async function signOutQuietly(): Promise<void> {
  try {
    await amplifySignOut();
  } catch {
    // Token revocation failed (offline): the local tokens are cleared regardless.
  }
}

/**
 * The session as the ID token describes it: a user with a role, an account waiting
 * for approval (no role; its tokens are kept so "check again" can refresh them), or
 * nothing. Tokens with a role the app does not know are cleared.
 */
export async function readSession(forceRefresh = false): Promise<SessionRead> {
  try {
    const payload = (await fetchAuthSession({ forceRefresh })).tokens?.idToken?.payload;
    if (!payload) return { kind: 'none' };
    const user = userFromIdTokenPayload(payload);
    if (user) return { kind: 'user', user };
    const account = pendingAccountFromIdTokenPayload(payload);
    if (account) return { kind: 'pending', account };
    await signOutQuietly();
    return { kind: 'none' };
  } catch (error) {
    return { kind: 'error', error };
  }
}
