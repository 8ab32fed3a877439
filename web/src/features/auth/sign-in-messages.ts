import type { TranslationKey } from '../../i18n/types';
import { errorName, genericFailureMessageKey } from './cognito-errors';

/** Cognito answers for a wrong password or an unknown user: both get the same message. */
const wrongCredentialErrors = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidParameterException',
  'EmptySignInUsername',
  'EmptySignInPassword',
]);

/** The message for a failed sign-in, from the error Amplify threw. */
export function signInFailureMessageKey(error: unknown): TranslationKey {
  const name = errorName(error);
  if (name && wrongCredentialErrors.has(name)) return 'auth.login.wrongCredentials';
  return genericFailureMessageKey(error);
}

/** The message when Cognito asks for a step the sign-in page does not handle itself. */
export function signInNextStepMessageKey(step: string): TranslationKey {
  return step === 'RESET_PASSWORD'
    ? 'auth.login.resetRequired'
    : 'auth.login.additionalStepRequired';
}

/** Outcome of answering the NEW_PASSWORD_REQUIRED challenge with a failure. */
export type NewPasswordFailure =
  /** Cognito refused the password (its policy): shown on the password field. */
  | { type: 'field'; messageKey: TranslationKey }
  /** The challenge session is gone (it lasts minutes): sign in again. */
  | { type: 'expired' }
  | { type: 'message'; messageKey: TranslationKey };

export function newPasswordFailure(error: unknown): NewPasswordFailure {
  switch (errorName(error)) {
    case 'InvalidPasswordException':
      return { type: 'field', messageKey: 'errors.passwordRejected' };
    case 'NotAuthorizedException':
    case 'SignInException':
    case 'ExpiredCodeException':
      return { type: 'expired' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}

/**
 * Outcome of answering the authenticator-app (TOTP) step with a failure: a wrong code is
 * the field's message (Cognito keeps the step open); a step Cognito no longer knows (its
 * session lasts minutes, or too many wrong codes ended it) means starting again.
 */
export function totpCodeFailure(error: unknown): NewPasswordFailure {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return { type: 'field', messageKey: 'auth.totp.wrongCode' };
    case 'NotAuthorizedException':
    case 'SignInException':
    case 'ExpiredCodeException':
      return { type: 'expired' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}
