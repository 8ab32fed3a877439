import {
  fetchAuthSession,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue, type Credentials } from './auth-context';
import { userFromIdTokenPayload, type AuthUser } from './session';
import { signInFailureMessageKey, signInNextStepMessageKey } from './sign-in-messages';

type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

async function signOutQuietly(): Promise<void> {
  try {
    await amplifySignOut();
  } catch {
    // Token revocation failed (offline): the local tokens are cleared regardless.
  }
}

/**
 * The user of the current session, or none. Tokens without a valid role are
 * cleared, so such a person is simply signed out and can sign in again.
 */
async function readSessionUser(): Promise<AuthUser | undefined> {
  try {
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload;
    if (!payload) return undefined;
    const user = userFromIdTokenPayload(payload);
    if (!user) await signOutQuietly();
    return user;
  } catch {
    return undefined;
  }
}

/** The local stack's cognito-local supports only USER_PASSWORD_AUTH, and so does the AWS client. */
async function passwordSignIn({ email, password }: Credentials) {
  const attempt = () =>
    amplifySignIn({
      username: email.trim(),
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  try {
    return await attempt();
  } catch (error) {
    // Stale tokens (e.g. of a user without a role) block a new sign-in: clear and retry once.
    if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
      await signOutQuietly();
      return attempt();
    }
    throw error;
  }
}

/** Holds the session state and offers sign-in and sign-out to the whole app. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    void readSessionUser().then((user) => {
      if (active) setState(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    });
    // Sessions also end outside this provider: a failed token refresh, another tab.
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
        setState({ status: 'signedOut' });
      }
    });
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  const signIn = useCallback<AuthContextValue['signIn']>(async (credentials) => {
    try {
      const { nextStep } = await passwordSignIn(credentials);
      if (nextStep.signInStep !== 'DONE') {
        return { ok: false, messageKey: signInNextStepMessageKey(nextStep.signInStep) };
      }
      const user = await readSessionUser();
      if (!user) return { ok: false, messageKey: 'auth.login.noRole' };
      setState({ status: 'signedIn', user });
      return { ok: true, user };
    } catch (error) {
      return { ok: false, messageKey: signInFailureMessageKey(error) };
    }
  }, []);

  const signOut = useCallback(async () => {
    await signOutQuietly();
    setState({ status: 'signedOut' });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.status === 'signedIn' ? state.user : undefined,
      signIn,
      signOut,
    }),
    [state, signIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
