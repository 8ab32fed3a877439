import type { TranslationKey } from '../../i18n/types';
import { ApiError } from '../../lib/api-client';
import type { FormFailure } from './account-errors';
import { errorName, genericFailureMessageKey, isThrottlingError } from './cognito-errors';

/**
 * The session behind the request is over: its access token was revoked (a sign-out of
 * all devices elsewhere), expired beyond renewal, or the account was disabled or removed.
 */
export type SessionEnded = { type: 'sessionEnded' };

const sessionEndingMessages = [
  'Access Token has been revoked',
  'Access Token has expired',
  'Invalid Access Token',
  'User is disabled.',
  'User does not exist.',
];

function endsSession(error: unknown): boolean {
  if (errorName(error) === 'UserNotFoundException') return true;
  if (errorName(error) !== 'NotAuthorizedException') return false;
  const message = error instanceof Error ? error.message : '';
  return sessionEndingMessages.some((text) => message.startsWith(text));
}

/** Cognito's answer once a user has made too many wrong attempts (its lockout). */
function lockedOut(error: unknown): boolean {
  if (isThrottlingError(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return errorName(error) === 'NotAuthorizedException' && /attempts exceeded/i.test(message);
}

export type ChangePasswordField = 'currentPassword' | 'password';

/** A failed `ChangePassword`. */
export function changePasswordFailure(
  error: unknown,
): FormFailure<ChangePasswordField> | SessionEnded {
  if (endsSession(error)) return { type: 'sessionEnded' };
  if (lockedOut(error)) return { type: 'message', messageKey: 'account.password.tooManyAttempts' };
  switch (errorName(error)) {
    // A wrong current password: Cognito's "Incorrect username or password.".
    case 'NotAuthorizedException':
      return {
        type: 'field',
        field: 'currentPassword',
        messageKey: 'account.password.currentWrong',
      };
    case 'InvalidPasswordException':
      return { type: 'field', field: 'password', messageKey: 'errors.passwordRejected' };
    case 'InvalidParameterException':
      return { type: 'message', messageKey: 'errors.invalid-argument' };
    default:
      return { type: 'message', messageKey: genericFailureMessageKey(error) };
  }
}

/** A failure the API answered: its message is already in the page's language. */
export type ApiMessage = { type: 'api'; message: string };

/**
 * A failed `POST /api/account/sessions/revoke`. A refused token means the sessions are
 * already over (another device signed out everywhere first): that is done, not failed.
 */
export function revokeSessionsFailure(
  error: unknown,
): { type: 'alreadySignedOut' } | ApiMessage | { type: 'message'; messageKey: TranslationKey } {
  if (error instanceof ApiError) {
    return error.code === 'unauthenticated'
      ? { type: 'alreadySignedOut' }
      : { type: 'api', message: error.message };
  }
  return { type: 'message', messageKey: genericFailureMessageKey(error) };
}

function wrongCode(error: unknown): boolean {
  const name = errorName(error);
  return name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException';
}

/**
 * A failed confirmation of a new authenticator app (Cognito's `VerifySoftwareToken`, then
 * the API's record of it): a wrong code is shown on the field, to try the next one.
 */
export function totpSetUpFailure(error: unknown): FormFailure<'code'> | SessionEnded | ApiMessage {
  if (error instanceof ApiError) return { type: 'api', message: error.message };
  if (endsSession(error)) return { type: 'sessionEnded' };
  if (wrongCode(error)) return { type: 'field', field: 'code', messageKey: 'auth.totp.wrongCode' };
  if (lockedOut(error)) return { type: 'message', messageKey: 'account.password.tooManyAttempts' };
  return { type: 'message', messageKey: genericFailureMessageKey(error) };
}

/**
 * A failed turn-off: the fresh sign-in refused the password or the code (each shown on
 * its field), or the API refused the call.
 */
export function turnOffTotpFailure(error: unknown): FormFailure<'password' | 'code'> | ApiMessage {
  if (error instanceof ApiError) return { type: 'api', message: error.message };
  if (lockedOut(error)) return { type: 'message', messageKey: 'account.password.tooManyAttempts' };
  const step = (error as { step?: unknown } | undefined)?.step;
  if (wrongCode(error)) return { type: 'field', field: 'code', messageKey: 'auth.totp.wrongCode' };
  const name = errorName(error);
  if (
    step === 'password' &&
    (name === 'NotAuthorizedException' || name === 'UserNotFoundException')
  ) {
    return { type: 'field', field: 'password', messageKey: 'account.mfa.wrongPassword' };
  }
  // The code step's session expired (minutes): the next try starts again with the password.
  if (step === 'code' && name === 'NotAuthorizedException') {
    return { type: 'message', messageKey: 'auth.totp.sessionExpired' };
  }
  return { type: 'message', messageKey: genericFailureMessageKey(error) };
}
