import {
  AdminGetUserCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { getCognito } from '../aws/cognito';
import { getConfig } from '../config';
import { isRole, roleClaim, type Role } from '../contract/roles';
import { isServiceUnreachable } from '../errors';
import { logger } from '../logger';

/**
 * A signed-in caller's standing now, not when their token was issued: whether their
 * account still exists and is enabled, and its role. An ID token lives an hour; an admin
 * disabled or demoted a minute ago must not keep their powers until it expires, so every
 * call to a route with roles reads the account (Cognito `AdminGetUser`, one read), at
 * most {@link freshForMs} old.
 *
 * While the user pool cannot be reached, the last standing read within
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
}

/** How long a read standing is taken as current. */
export const freshForMs = 5_000;
/** How long a read standing stands in for one that cannot be read. */
export const usableWhileUnreachableMs = 10 * 60_000;

const cache = new Map<string, { standing: Standing; readAt: number }>();

async function readStanding(sub: string): Promise<Standing> {
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
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) {
      return { active: false, role: null, email: null, name: null };
    }
    throw error;
  }
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
      logger.warn('user pool unreachable: using the last standing read', {
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
