import {
  confirmSignIn,
  fetchAuthSession,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { i18n } from '../../i18n';
import { onUnauthenticated } from '../../lib/api-client';
import {
  AuthContext,
  type AuthContextValue,
  type Credentials,
  type SignInOutcome,
} from './auth-context';
import {
  pendingAccountFromIdTokenPayload,
  userFromIdTokenPayload,
  type AuthUser,
  type PendingAccount,
} from './session';
import { genericFailureMessageKey } from './cognito-errors';
import { isSessionEndingError } from './session-errors';
import {
  newPasswordFailure,
  signInFailureMessageKey,
  signInNextStepMessageKey,
} from './sign-in-messages';

type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut'; pendingAccount?: PendingAccount }
  | { status: 'signedIn'; user: AuthUser };

type SessionRead =
  | { kind: 'user'; user: AuthUser }
  | { kind: 'pending'; account: PendingAccount }
  | { kind: 'none' }
  /** The tokens could not be read or refreshed (`isSessionEndingError` tells which failures end it). */
  | { kind: 'error'; error: unknown };

async function signOutQuietly(): Promise<void> {
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
async function readSession(forceRefresh = false): Promise<SessionRead> {
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

function stateOf(session: SessionRead): AuthState {
  switch (session.kind) {
    case 'user':
      return { status: 'signedIn', user: session.user };
    case 'pending':
      return { status: 'signedOut', pendingAccount: session.account };
    default:
      return { status: 'signedOut' };
  }
}

/** The local stack's cognito-local supports only USER_PASSWORD_AUTH, and so does the AWS client. */
async function passwordSignIn({ email, password }: Credentials): Promise<SignInOutput> {
  const attempt = () =>
    amplifySignIn({
      username: email.trim(),
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  try {
    return await attempt();
  } catch (error) {
    // Stale tokens (e.g. of an account awaiting approval) block a new sign-in: clear and retry once.
    if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
      await signOutQuietly();
      return attempt();
    }
    throw error;
  }
}

/**
 * Holds the session state and offers sign-in and sign-out to the whole app. Amplify
 * refreshes tokens silently; when that is no longer possible, or the API answers 401,
 * the user is signed out here and the route guard sends them to /login with `to`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  /** Ends a session the user did not end themselves, and says so once. */
  const endSession = useCallback(async () => {
    const wasSignedIn = stateRef.current.status === 'signedIn';
    stateRef.current = { status: 'signedOut' };
    setState({ status: 'signedOut' });
    await signOutQuietly();
    // The module's i18n (not the hook's `t`): a language switch must not restart the session effect.
    if (wasSignedIn) showToast({ type: 'warning', content: i18n.t('errors.unauthenticated') });
  }, [showToast]);

  useEffect(() => {
    let active = true;
    void readSession().then((session) => {
      if (active) setState(stateOf(session));
    });
    const stopListening = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        // Another tab signed out, or this one did.
        case 'signedOut':
          setState({ status: 'signedOut' });
          break;
        // New tokens may carry a new role (changed by an administrator).
        case 'tokenRefresh':
          void readSession().then((session) => {
            if (active && stateRef.current.status !== 'loading' && session.kind !== 'error') {
              setState(stateOf(session));
            }
          });
          break;
        // Only a refused refresh ends the session; a network blip keeps it for a retry.
        case 'tokenRefresh_failure':
          if (isSessionEndingError(payload.data?.error)) void endSession();
          break;
      }
    });
    const stopUnauthenticated = onUnauthenticated(() => void endSession());
    return () => {
      active = false;
      stopListening();
      stopUnauthenticated();
    };
  }, [endSession]);

  /** After Cognito said DONE: who signed in, as the new ID token says. */
  const finishSignIn = useCallback(async (): Promise<SignInOutcome> => {
    const session = await readSession();
    setState(stateOf(session));
    switch (session.kind) {
      case 'user':
        return { type: 'signedIn', user: session.user };
      case 'pending':
        return { type: 'awaitingApproval', account: session.account };
      default:
        return { type: 'failed', messageKey: 'errors.internal' };
    }
  }, []);

  const afterStep = useCallback(
    (nextStep: SignInOutput['nextStep']): Promise<SignInOutcome> | SignInOutcome => {
      switch (nextStep.signInStep) {
        case 'DONE':
          return finishSignIn();
        case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
          return { type: 'newPasswordRequired' };
        case 'CONFIRM_SIGN_UP':
          return { type: 'confirmSignUp' };
        default:
          return { type: 'failed', messageKey: signInNextStepMessageKey(nextStep.signInStep) };
      }
    },
    [finishSignIn],
  );

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (credentials) => {
      try {
        const { nextStep } = await passwordSignIn(credentials);
        return await afterStep(nextStep);
      } catch (error) {
        return { type: 'failed', messageKey: signInFailureMessageKey(error) };
      }
    },
    [afterStep],
  );

  const completeNewPassword = useCallback<AuthContextValue['completeNewPassword']>(
    async (newPassword) => {
      try {
        const { nextStep } = await confirmSignIn({ challengeResponse: newPassword });
        return await afterStep(nextStep);
      } catch (error) {
        const failure = newPasswordFailure(error);
        if (failure.type === 'field')
          return { type: 'passwordRejected', messageKey: failure.messageKey };
        if (failure.type === 'expired') return { type: 'expired' };
        return { type: 'failed', messageKey: failure.messageKey };
      }
    },
    [afterStep],
  );

  const checkApproval = useCallback<AuthContextValue['checkApproval']>(async () => {
    const session = await readSession(true);
    // A passing failure (network, service) keeps the waiting state: "check again" later.
    if (session.kind === 'error' && !isSessionEndingError(session.error)) {
      return { type: 'failed', messageKey: genericFailureMessageKey(session.error) };
    }
    setState(stateOf(session));
    switch (session.kind) {
      case 'user':
        return { type: 'signedIn', user: session.user };
      case 'pending':
        return { type: 'awaitingApproval', account: session.account };
      default:
        return { type: 'failed', messageKey: 'errors.unauthenticated' };
    }
  }, []);

  const signOut = useCallback(async () => {
    await signOutQuietly();
    setState({ status: 'signedOut' });
  }, []);

  const refreshSession = useCallback<AuthContextValue['refreshSession']>(async () => {
    const session = await readSession(true);
    if (session.kind === 'error') {
      // A passing failure keeps the current session (and its name) until the next refresh.
      if (isSessionEndingError(session.error)) await endSession();
      return;
    }
    setState(stateOf(session));
  }, [endSession]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.status === 'signedIn' ? state.user : undefined,
      pendingAccount: state.status === 'signedOut' ? state.pendingAccount : undefined,
      signIn,
      completeNewPassword,
      checkApproval,
      signOut,
      refreshSession,
      endSession,
    }),
    [state, signIn, completeNewPassword, checkApproval, signOut, refreshSession, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
