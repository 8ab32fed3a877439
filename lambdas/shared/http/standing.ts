import {
  AdminGetUserCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { clearStaleMfa, readAccountSecurity, type AccountSecurity } from '../account-security';
import { getCognito } from '../aws/cognito';
import { getConfig } from '../config';
import { isRole, roleClaim, type Role } from '../contract/roles';
import { isServiceUnreachable } from '../errors';
import { logger } from '../logger';

/**
 * A signed-in caller's standing now, not when their token was issued: whether their
 * account still exists and is enabled, its role, whether its authenticator app is on, and
 * its security record (before when its tokens are refused, since when its second factor
 * is confirmed). An ID token lives an hour; an admin disabled, demoted or signed out
 * everywhere a minute ago must not keep their powers until it expires, so every call to a
 * route with roles reads the account (Cognito `AdminGetUser`) and its record (one
 * strongly consistent GetItem, at the same time), at most {@link freshForMs} old.
 *
 * While the user pool or the table cannot be reached, the last standing read within
 * {@link usableWhileUnreachableMs} stands: nobody can change an account then either.
 * Without one, the call answers `unavailable`.
 */
export interface Standing {
  /** Exists and is enabled. */
  active: boolean;
  role: Role | null;
  /** The account's email and name now (a token carries them as they were when issued). */
  email: string | null;
  name: string | null;
  /** Cognito asks the account for an authenticator app's code at sign-in (`SOFTWARE_TOKEN_MFA`). */
  mfaEnabled: boolean;
  /** The account's security record (lambdas/shared/account-security.ts). */
  security: AccountSecurity;
}

/** How long a read standing is taken as current. */
export const freshForMs = 5_000;
/** How long a read standing stands in for one that cannot be read. */
export const usableWhileUnreachableMs = 10 * 60_000;

const cache = new Map<string, { standing: Standing; readAt: number }>();

interface AccountRead {
  active: boolean;
  role: Role | null;
  email: string | null;
  name: string | null;
  mfaEnabled: boolean;
}

async function readAccount(sub: string): Promise<AccountRead> {
  try {
    const user = await getCognito().send(
      new AdminGetUserCommand({ UserPoolId: getConfig().USER_POOL_ID, Username: sub }),
    );
    const attribute = (name: string) =>
      user.UserAttributes?.find((item) => item.Name === name)?.Value ?? null;
    const role = attribute(roleClaim);
    return {
      active: user.Enabled !== false,
      role: isRole(role) ? role : null,
      email: attribute('email') || null,
      name: attribute('name'),
      mfaEnabled: user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false,
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) {
      return { active: false, role: null, email: null, name: null, mfaEnabled: false };
    }
    throw error;
  }
}

async function readStanding(sub: string): Promise<Standing> {
  let [account, security] = await Promise.all([
    readAccount(sub),
    readAccountSecurity(sub, { consistent: true }),
  ]);
  const confirmedAt = security.mfaEnabledAt;
  if (!account.mfaEnabled && confirmedAt !== undefined && account.active) {
    // The app was turned off in Cognito itself (by the person, or an operator's recovery):
    // the confirmation no longer stands, and a later set-up must be confirmed again. The
    // account is read once more first: both reads ran at once, so the record may hold a
    // confirmation made after the account was read.
    account = await readAccount(sub);
    if (!account.mfaEnabled) {
      security = { ...security };
      delete security.mfaEnabledAt;
      // Without the app the token has no second factor whatever the record says: a failed
      // clean-up costs nothing now, and is tried again on the next read.
      await clearStaleMfa(sub, confirmedAt).catch((error: unknown) =>
        logger.warn('stale second-factor confirmation not cleared', { error: String(error) }),
      );
    }
  }
  return { ...account, security };
}

/** The caller's current standing, from a read at most {@link freshForMs} old. */
export async function currentStanding(sub: string, now = Date.now()): Promise<Standing> {
  const known = cache.get(sub);
  if (known && now - known.readAt < freshForMs) return known.standing;
  try {
    const standing = await readStanding(sub);
    for (const [key, entry] of cache) {
      if (now - entry.readAt > usableWhileUnreachableMs) cache.delete(key);
    }
    cache.set(sub, { standing, readAt: now });
    return standing;
  } catch (error) {
    if (known && isServiceUnreachable(error) && now - known.readAt < usableWhileUnreachableMs) {
      logger.warn('user pool or table unreachable: using the last standing read', {
        ageMs: now - known.readAt,
      });
      return known.standing;
    }
    throw error;
  }
}

/** Forgets what was read (tests; an account change made by this same process). */
export function forgetStanding(sub?: string): void {
  if (sub === undefined) cache.clear();
  else cache.delete(sub);
}
