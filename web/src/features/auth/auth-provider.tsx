import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { i18n } from '../../i18n';
import { onSecondFactorRequired, onUnauthenticated } from '../../lib/api-client';
import { retryingLoader } from '../../lib/retrying-loader';
import { AuthContext, type AuthContextValue, type SignInOutcome } from './auth-context';
import { genericFailureMessageKey } from './cognito-errors';
import { readSecondFactorState, type SecondFactorState } from './second-factor';
import type { AuthUser } from './session';
import { isSessionEndingError } from './session-errors';
import { readSession, signOutQuietly, type SessionRead } from './session-flow';

/**
 * Amplify's sign-in steps (SRP, passkeys, challenges: a twentieth of a page's first load)
 * are fetched when someone signs in here (the reset-password page), not with every page.
 */
const loadSignInFlow = retryingLoader(() => import('./sign-in-flow'));

type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

/**
 * An account waiting for approval counts as signed out here: the route guard sends it to
 * the sign-in page, which shows the waiting state (login.html).
 */
function stateOf(session: SessionRead): AuthState {
  return session.kind === 'user'
    ? { status: 'signedIn', user: session.user }
    : { status: 'signedOut' };
}

function stateAfter(outcome: SignInOutcome): AuthState | undefined {
  if (outcome.type === 'signedIn') return { status: 'signedIn', user: outcome.user };
  if (outcome.type === 'awaitingApproval') return { status: 'signedOut' };
  return undefined;
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
        // The sign-in itself (this page's flow) and redirects (none here): nothing to follow.
        default:
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

  // An admin's second factor, read from the API once per signed-in account, and again when
  // the API refuses an admin call for want of it. A new reading replaces the last only once
  // it has come (no "checking" in between), so a page refused again cannot loop.
  const adminId =
    state.status === 'signedIn' && state.user.role === 'admin' ? state.user.id : undefined;
  const [secondFactorReading, setSecondFactorReading] = useState<{
    userId: string;
    state: Exclude<SecondFactorState, 'checking'>;
  }>();
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    if (!adminId) return;
    let active = true;
    void readSecondFactorState().then((reading) => {
      if (active) setSecondFactorReading({ userId: adminId, state: reading });
    });
    return () => {
      active = false;
    };
  }, [adminId, recheck]);
  useEffect(() => onSecondFactorRequired(() => setRecheck((count) => count + 1)), []);
  let secondFactor: SecondFactorState = 'ok';
  if (adminId) {
    secondFactor = secondFactorReading?.userId === adminId ? secondFactorReading.state : 'checking';
  }

  const signIn = useCallback<AuthContextValue['signIn']>(async (credentials) => {
    const outcome = await loadSignInFlow().then(
      ({ signInWithPassword }) => signInWithPassword(credentials),
      (error: unknown): SignInOutcome => ({
        type: 'failed',
        messageKey: genericFailureMessageKey(error),
      }),
    );
    const next = stateAfter(outcome);
    if (next) setState(next);
    return outcome;
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
      secondFactor,
      signIn,
      signOut,
      refreshSession,
      endSession,
    }),
    [state, secondFactor, signIn, signOut, refreshSession, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
