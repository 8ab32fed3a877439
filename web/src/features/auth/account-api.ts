import {
  confirmResetPassword,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signUp,
} from 'aws-amplify/auth';
import { currentLanguage } from '../../i18n';
import {
  forgotPasswordAnswer,
  forgotPasswordMinimumMs,
  type ForgotPasswordAnswer,
} from './account-errors';

/**
 * Passed to Cognito's triggers: the CustomMessage trigger writes the email in the
 * person's language and builds the reset link on the address they used.
 */
function clientMetadata(): Record<string, string> {
  return { language: currentLanguage(), appUrl: window.location.origin };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks Cognito to email a reset link. Always takes at least
 * {@link forgotPasswordMinimumMs} and answers `sent` unless Cognito could not be
 * reached, so neither the answer nor its timing tells whether the email has an account.
 */
export async function requestPasswordReset(
  email: string,
  minimumMs = forgotPasswordMinimumMs,
): Promise<ForgotPasswordAnswer> {
  const started = Date.now();
  let answer: ForgotPasswordAnswer;
  try {
    await resetPassword({ username: email, options: { clientMetadata: clientMetadata() } });
    answer = forgotPasswordAnswer();
  } catch (error) {
    answer = forgotPasswordAnswer(error);
  }
  await sleep(Math.max(0, minimumMs - (Date.now() - started)));
  return answer;
}

/** Sets the new password with the code of the emailed link. Throws Amplify's errors. */
export async function setNewPassword(input: {
  email: string;
  code: string;
  password: string;
}): Promise<void> {
  await confirmResetPassword({
    username: input.email,
    confirmationCode: input.code,
    newPassword: input.password,
    options: { clientMetadata: clientMetadata() },
  });
}

/**
 * Registers an account (no role: it waits for an administrator). Resolves whether a
 * confirmation code was sent (`false` when the pool confirmed the account itself).
 */
export async function register(input: {
  name: string;
  email: string;
  password: string;
}): Promise<{ codeSent: boolean }> {
  const { isSignUpComplete, nextStep } = await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: { email: input.email, name: input.name },
      clientMetadata: clientMetadata(),
    },
  });
  return { codeSent: !isSignUpComplete && nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export async function confirmRegistration(input: { email: string; code: string }): Promise<void> {
  await confirmSignUp({
    username: input.email,
    confirmationCode: input.code,
    options: { clientMetadata: clientMetadata() },
  });
}

export async function resendRegistrationCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email, options: { clientMetadata: clientMetadata() } });
}
