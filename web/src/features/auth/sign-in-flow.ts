import { confirmSignIn, signIn as amplifySignIn, type SignInOutput } from 'aws-amplify/auth';
import type { Credentials, SignInOutcome } from './auth-context';
import { genericFailureMessageKey } from './cognito-errors';
import { isSessionEndingError } from './session-errors';
import { readSession, signOutQuietly, type SessionRead } from './session-flow';
import {
  newPasswordFailure,
  signInFailureMessageKey,
  signInNextStepMessageKey,
  totpCodeFailure,
} from './sign-in-messages';

/**
 * Amplify's sign-in steps, without React or texts: the sign-in page (login.html) uses
 * them, and the back office's AuthProvider fetches them when someone signs in there (the
 * reset-password page), not with every page. The session itself is ./session-flow.ts.
 */

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
    // The pool's MFA is optional: only accounts that set an app up are asked (an admin
    // without one is taken to set it up once signed in, by the back office's guard).
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { type: 'totpRequired' };
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
 * Answers the SOFTWARE_TOKEN_MFA step of the sign-in in progress with a code from the
 * authenticator app. A wrong code keeps the step open for another try.
 */
export async function answerTotpCode(code: string): Promise<SignInOutcome> {
  try {
    const { nextStep } = await confirmSignIn({ challengeResponse: code.trim() });
    return await afterStep(nextStep);
  } catch (error) {
    const failure = totpCodeFailure(error);
    if (failure.type === 'field') return { type: 'codeRejected', messageKey: failure.messageKey };
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
