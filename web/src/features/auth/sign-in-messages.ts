import type { TranslationKey } from '../../i18n/types';

/** Cognito answers for a wrong password or an unknown user: both get the same message. */
const wrongCredentialErrors = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidParameterException',
  'EmptySignInUsername',
  'EmptySignInPassword',
]);

const throttlingErrors = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'TooManyFailedAttemptsException',
]);

/** The message for a failed sign-in, from the error Amplify threw. */
export function signInFailureMessageKey(error: unknown): TranslationKey {
  const name = error instanceof Error ? error.name : undefined;
  if (name && wrongCredentialErrors.has(name)) return 'auth.login.wrongCredentials';
  if (name === 'NetworkError' || error instanceof TypeError) return 'errors.connectionFailed';
  if (name && throttlingErrors.has(name)) return 'errors.resource-exhausted';
  return 'errors.internal';
}

/** The message when Cognito asks for another step this app does not offer yet. */
export function signInNextStepMessageKey(step: string): TranslationKey {
  return step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' || step === 'RESET_PASSWORD'
    ? 'auth.login.newPasswordRequired'
    : 'auth.login.additionalStepRequired';
}
