import { describe, expect, it } from 'vitest';
import { changePasswordFailure, signOutEverywhereFailure } from './own-account-errors';

const cognito = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('changePasswordFailure', () => {
  it('shows a wrong current password on its field (Cognito answers it like a wrong sign-in)', () => {
    expect(
      changePasswordFailure(cognito('NotAuthorizedException', 'Incorrect username or password.')),
    ).toEqual({
      type: 'field',
      field: 'currentPassword',
      messageKey: 'account.password.currentWrong',
    });
  });

  it('says to wait once Cognito locks the account out after too many attempts', () => {
    for (const error of [
      cognito('NotAuthorizedException', 'Password attempts exceeded'),
      cognito('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      cognito('TooManyRequestsException'),
      cognito('TooManyFailedAttemptsException'),
    ]) {
      expect(changePasswordFailure(error), error.message).toEqual({
        type: 'message',
        messageKey: 'account.password.tooManyAttempts',
      });
    }
  });

  it('shows a new password the pool refuses on the new password field', () => {
    expect(
      changePasswordFailure(
        cognito('InvalidPasswordException', 'Password does not conform to policy: x'),
      ),
    ).toEqual({ type: 'field', field: 'password', messageKey: 'errors.passwordRejected' });
  });

  it('ends the session when the token was revoked or the account is gone', () => {
    for (const error of [
      cognito('NotAuthorizedException', 'Access Token has been revoked'),
      cognito('NotAuthorizedException', 'Access Token has expired'),
      cognito('NotAuthorizedException', 'User is disabled.'),
      cognito('UserNotFoundException'),
    ]) {
      expect(changePasswordFailure(error), error.message).toEqual({ type: 'sessionEnded' });
    }
  });

  it('reports connection problems and the rest as messages', () => {
    expect(changePasswordFailure(cognito('NetworkError'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
    expect(changePasswordFailure(cognito('InternalErrorException'))).toEqual({
      type: 'message',
      messageKey: 'errors.internal',
    });
  });
});

describe('signOutEverywhereFailure', () => {
  it('counts sessions already ended elsewhere as signed out', () => {
    expect(
      signOutEverywhereFailure(cognito('NotAuthorizedException', 'Access Token has been revoked')),
    ).toEqual({ type: 'alreadySignedOut' });
  });

  it('reports a request that did not get through, so the person can try again', () => {
    expect(signOutEverywhereFailure(cognito('NetworkError'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
    expect(signOutEverywhereFailure(cognito('TooManyRequestsException'))).toEqual({
      type: 'message',
      messageKey: 'errors.resource-exhausted',
    });
  });
});
