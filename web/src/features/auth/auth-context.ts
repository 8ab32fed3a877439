import { createContext } from 'react';
import type { TranslationKey } from '../../i18n/types';
import type { AuthUser } from './session';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface Credentials {
  email: string;
  password: string;
}

/** The outcome of a sign-in; a failure carries the message to show. */
export type SignInResult = { ok: true; user: AuthUser } | { ok: false; messageKey: TranslationKey };

export interface AuthContextValue {
  status: AuthStatus;
  /** Present exactly when `status` is `signedIn`. */
  user?: AuthUser;
  signIn: (credentials: Credentials) => Promise<SignInResult>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
