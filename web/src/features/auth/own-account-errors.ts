import type { TranslationKey } from '../../i18n/types';
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

/**
 * A failed `GlobalSignOut`. A refused token means the sessions are already over (another
 * device signed out everywhere first): that is done, not failed.
 */
export function signOutEverywhereFailure(
  error: unknown,
): { type: 'alreadySignedOut' } | { type: 'message'; messageKey: TranslationKey } {
  const name = errorName(error);
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
    return { type: 'alreadySignedOut' };
  }
  return { type: 'message', messageKey: genericFailureMessageKey(error) };
}
