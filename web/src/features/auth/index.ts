/**
 * Public surface of the auth feature. Pages are not exported here: the router
 * lazy-loads them by path so they stay out of the start-up bundle.
 */
export { AuthProvider } from './auth-provider';
export { useAuth } from './use-auth';
export type { AuthContextValue, AuthStatus, Credentials, SignInOutcome } from './auth-context';
export type { AuthUser, PendingAccount } from './session';
export type { SecondFactorState } from './second-factor';
