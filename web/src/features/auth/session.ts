import { isRole, roleClaim, type Role } from '../../../../lambdas/shared/contract/roles';

/** The signed-in person, as the verified ID token describes them. */
export interface AuthUser {
  /** The account's id: the token's subject, which the API names callers and audit entries by. */
  id: string;
  email: string;
  name?: string;
  role: Role;
}

/**
 * Reads the user from the ID token's claims. The role comes only from `custom:role`;
 * without a known role (or an email, or a subject) there is no usable session.
 */
export function userFromIdTokenPayload(
  payload: Readonly<Record<string, unknown>> | undefined,
): AuthUser | undefined {
  if (!payload) return undefined;
  const role = payload[roleClaim];
  const { sub: id, email } = payload;
  if (!isRole(role) || typeof email !== 'string' || email === '') return undefined;
  if (typeof id !== 'string' || id === '') return undefined;
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name : undefined;
  return name ? { id, email, name, role } : { id, email, role };
}

/** A signed-in person whose account has no role yet (waiting for an administrator). */
export interface PendingAccount {
  email: string;
  name?: string;
}

/**
 * Reads an account awaiting approval from the ID token's claims: a valid email and
 * no role at all. A role the app does not know is not "pending": such tokens are
 * simply not a session.
 */
export function pendingAccountFromIdTokenPayload(
  payload: Readonly<Record<string, unknown>> | undefined,
): PendingAccount | undefined {
  if (!payload) return undefined;
  const role = payload[roleClaim];
  if (role !== undefined && role !== null && role !== '') return undefined;
  const email = payload.email;
  if (typeof email !== 'string' || email === '') return undefined;
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name : undefined;
  return name ? { email, name } : { email };
}
