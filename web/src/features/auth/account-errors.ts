import type { TranslationKey } from '../../i18n/types';
import { errorName, genericFailureMessageKey, isNetworkError } from './cognito-errors';

/**
 * What the forgot-password page answers. Whether the email has an account must not
 * show: Cognito's "no such user", "not allowed", "invalid parameter" (e.g. an
 * unverified email) and per-user limits all give the same answer as a success.
 * Only a request that never reached Cognito is reported, so the person can retry.
 */
export type ForgotPasswordAnswer = 'sent' | 'connectionFailed';

export function forgotPasswordAnswer(error?: unknown): ForgotPasswordAnswer {
  return error !== undefined && isNetworkError(error) ? 'connectionFailed' : 'sent';
}

/** The forgot-password page never answers faster than this, so timing reveals nothing either. */
export const forgotPasswordMinimumMs = 1500;

/** A failure shown on one form field, or as a message for the whole form. */
export type FormFailure<Field extends string> =
  | { type: 'field'; field: Field; messageKey: TranslationKey }
  | { type: 'message'; messageKey: TranslationKey };

/**
 * A failed `confirmResetPassword`. The code comes from the emailed link, so a wrong,
 * expired or used code (or an account that is gone) means the link cannot be used.
 */
export type ResetPasswordFailure = { type: 'invalidLink' } | FormFailure<'password'>;

export function resetPasswordFailure(error: unknown): ResetPasswordFailure {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
    case 'UserNotFoundException':
      return { type: 'invalidLink' };
    case 'InvalidPasswordException':
      return { type: 'field', field: 'password', messageKey: 'errors.passwordRejected' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}

/**
 * What the PreSignUp trigger answers while sign-up is off (lambdas/auth/pre-sign-up.ts
 * `signUpClosedMessage`; test/unit/sign-up-closed.test.ts holds both the same): Cognito
 * wraps it as `UserLambdaValidationException` "PreSignUp failed with error Sign-up is closed.".
 */
export const signUpClosedReason = 'Sign-up is closed';

/** A failed `signUp`; `closed`: an admin has turned sign-up off (since the page opened). */
export function registerFailure(
  error: unknown,
): FormFailure<'email' | 'password'> | { type: 'closed' } {
  if (
    errorName(error) === 'UserLambdaValidationException' &&
    error instanceof Error &&
    error.message.includes(signUpClosedReason)
  ) {
    return { type: 'closed' };
  }
  switch (errorName(error)) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return { type: 'field', field: 'email', messageKey: 'errors.staffEmailTaken' };
    case 'InvalidPasswordException':
      return { type: 'field', field: 'password', messageKey: 'errors.passwordRejected' };
    case 'InvalidParameterException':
      return { type: 'message', messageKey: 'errors.invalid-argument' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}

/**
 * A failed `confirmSignUp`. Cognito answers NotAuthorized when the account is
 * already confirmed (e.g. a second click): the registration is done, not failed.
 */
export type ConfirmRegistrationFailure = { type: 'alreadyConfirmed' } | FormFailure<'code'>;

export function confirmRegistrationFailure(error: unknown): ConfirmRegistrationFailure {
  switch (errorName(error)) {
    case 'CodeMismatchException':
      return { type: 'field', field: 'code', messageKey: 'auth.register.codeInvalid' };
    case 'ExpiredCodeException':
      return { type: 'field', field: 'code', messageKey: 'auth.register.codeExpired' };
    case 'NotAuthorizedException':
      return { type: 'alreadyConfirmed' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}
