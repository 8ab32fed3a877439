import type { Role } from '../../../lambdas/shared/contract/roles';
import type { SecondFactorState } from '../features/auth';
import { paths } from './paths';
import { loginRedirectPath, postSignInPath, returnPath } from './redirect';

/**
 * Who may open a route: anyone (`public`), only visitors who are not signed in
 * (`unauthenticatedOnly`, e.g. the login page), or signed-in users with one of the roles.
 */
export type AccessRule = 'public' | 'unauthenticatedOnly' | readonly Role[];

/** What the guard knows about the session. */
export type SessionSnapshot =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /** `secondFactor`: whether the session may use its admin powers (`ok` when left out). */
  | { status: 'signedIn'; role: Role; secondFactor?: SecondFactorState };

export type GuardDecision =
  | { type: 'allow' }
  /** The session is still being read: show a loader, decide afterwards. */
  | { type: 'wait' }
  | { type: 'redirect'; to: string };

/** Whether a signed-in user with this role may open a route with this rule. */
export function roleMayAccess(rule: AccessRule, role: Role): boolean {
  return typeof rule !== 'string' && rule.includes(role);
}

/**
 * The route guard's decision, in this order: public routes are open; an admin whose
 * session lacks the second factor sees only the second-factor page (sent there with
 * `to`; while the account is read, wait), which sends everyone else on; the
 * unauthenticated-only ones send signed-in users on (to their `to` page or the
 * dashboard); role routes let in the listed roles, send other signed-in users to
 * /not-authorized and signed-out visitors to /login (with `to`).
 */
export function decideAccess(
  rule: AccessRule,
  session: SessionSnapshot,
  location: { pathname: string; search: string },
): GuardDecision {
  if (rule === 'public') return { type: 'allow' };
  if (session.status === 'loading') return { type: 'wait' };
  if (session.status === 'signedIn') {
    const atSecondFactor = location.pathname === paths.secondFactor;
    const secondFactor = session.secondFactor ?? 'ok';
    if (secondFactor === 'checking') return { type: 'wait' };
    if (secondFactor !== 'ok') {
      return atSecondFactor
        ? { type: 'allow' }
        : { type: 'redirect', to: returnPath(paths.secondFactor, location) };
    }
    if (atSecondFactor) return { type: 'redirect', to: postSignInPath(location.search) };
  }
  if (rule === 'unauthenticatedOnly') {
    return session.status === 'signedIn'
      ? { type: 'redirect', to: postSignInPath(location.search) }
      : { type: 'allow' };
  }
  if (session.status === 'signedIn') {
    return roleMayAccess(rule, session.role)
      ? { type: 'allow' }
      : { type: 'redirect', to: paths.notAuthorized };
  }
  return { type: 'redirect', to: loginRedirectPath(location) };
}
