import { createContext } from 'react';
import type { TranslationKey } from '../../i18n/types';
import type { SecondFactorState } from './second-factor';
import type { AuthUser, PendingAccount } from './session';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface Credentials {
  email: string;
  password: string;
}

/** The outcome of a sign-in step (password, new password, "check again"). */
export type SignInOutcome =
  | { type: 'signedIn'; user: AuthUser }
  /** Cognito wants a new password first (an account created with a temporary one). */
  | { type: 'newPasswordRequired' }
  /** Cognito wants a code from the account's authenticator app (TOTP) next. */
  | { type: 'totpRequired' }
  /** Signed in, but the account has no role yet: it counts as signed out. */
  | { type: 'awaitingApproval'; account: PendingAccount }
  /** The email address of the account is not confirmed yet. */
  | { type: 'confirmSignUp' }
  | { type: 'failed'; messageKey: TranslationKey }
  /** Answering the new-password step: Cognito refused the password. */
  | { type: 'passwordRejected'; messageKey: TranslationKey }
  /** Answering the authenticator-app step: Cognito refused the code; the step stays open. */
  | { type: 'codeRejected'; messageKey: TranslationKey }
  /** Answering the new-password or code step: it expired, the person must sign in again. */
  | { type: 'expired' };

export interface AuthContextValue {
  status: AuthStatus;
  /** Present exactly when `status` is `signedIn`. */
  user?: AuthUser;
  /**
   * Whether this session may use the account's admin powers (./second-factor.ts): always
   * `ok` for staff and when signed out; the route guard acts on the rest.
   */
  secondFactor: SecondFactorState;
  signIn: (credentials: Credentials) => Promise<SignInOutcome>;
  signOut: () => Promise<void>;
  /** Reads fresh tokens now, e.g. after the account's name changed (the ID token carries it). */
  refreshSession: () => Promise<void>;
  /**
   * Ends a session that Cognito no longer accepts (its tokens were revoked): signs out
   * here and says so; the route guard then sends the person to sign in.
   */
  endSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
