import {
  confirmSignIn,
  fetchAuthSession,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  type SignInOutput,
} from 'aws-amplify/auth';
import type { Credentials, SignInOutcome } from './auth-context';
import { genericFailureMessageKey } from './cognito-errors';
import { isSessionEndingError } from './session-errors';
import {
  pendingAccountFromIdTokenPayload,
  userFromIdTokenPayload,
  type AuthUser,
  type PendingAccount,
} from './session';
import {
  newPasswordFailure,
  signInFailureMessageKey,
  signInNextStepMessageKey,
} from './sign-in-messages';

/**
 * Amplify's sign-in steps and the session as the ID token describes it, without React or
 * texts: the back office's AuthProvider and the sign-in page (login.html) both use them.
 */

export type SessionRead =
  | { kind: 'user'; user: AuthUser }
  | { kind: 'pending'; account: PendingAccount }
  | { kind: 'none' }
  /** The tokens could not be read or refreshed (`isSessionEndingError` tells which failures end it). */
  | { kind: 'error'; error: unknown };

export async function signOutQuietly(): Promise<void> {
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
export async function readSession(forceRefresh = false): Promise<SessionRead> {
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

/** Who is signed in, as a read session says; without a session, `failure`. */
function outcomeOf(
  session: SessionRead,
  failure: Extract<SignInOutcome, { type: 'failed' }>['messageKey'],
): SignInOutcome {
  switch (session.kind) {
    case 'user':
      return { type: 'signedIn', user: session.user };
    case 'pending':
      return { type: 'awaitingApproval', account: session.account };
    default:
      return { type: 'failed', messageKey: failure };
  }
}

/** After Cognito said DONE: who signed in, as the new ID token says. */
async function finishSignIn(): Promise<SignInOutcome> {
  return outcomeOf(await readSession(), 'errors.internal');
}

function afterStep(nextStep: SignInOutput['nextStep']): Promise<SignInOutcome> | SignInOutcome {
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
}

/** Signs in with email and password; a failure carries its message. */
export async function signInWithPassword(credentials: Credentials): Promise<SignInOutcome> {
  try {
    const { nextStep } = await passwordSignIn(credentials);
    return await afterStep(nextStep);
  } catch (error) {
    return { type: 'failed', messageKey: signInFailureMessageKey(error) };
  }
}

/** Answers the NEW_PASSWORD_REQUIRED step of the sign-in in progress. */
export async function answerNewPassword(newPassword: string): Promise<SignInOutcome> {
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
}

/**
 * Fetches fresh tokens to see whether a waiting account has been given a role. A passing
 * failure (network, service) keeps the waiting state: "check again" later; a session
 * Cognito no longer accepts is `errors.unauthenticated`.
 */
export async function checkApproval(): Promise<SignInOutcome> {
  const session = await readSession(true);
  if (session.kind === 'error' && !isSessionEndingError(session.error)) {
    return { type: 'failed', messageKey: genericFailureMessageKey(session.error) };
  }
  return outcomeOf(session, 'errors.unauthenticated');
}
