import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  changePasswordFailure,
  revokeSessionsFailure,
  totpSetUpFailure,
  turnOffTotpFailure,
} from './own-account-errors';

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

describe('revokeSessionsFailure', () => {
  it('counts sessions already ended elsewhere as signed out', () => {
    expect(
      revokeSessionsFailure(new ApiError('unauthenticated', 'Your session has ended.', 401)),
    ).toEqual({ type: 'alreadySignedOut' });
  });

  it("shows the API's message, or a connection problem", () => {
    expect(revokeSessionsFailure(new ApiError('network', 'No connection', 0))).toEqual({
      type: 'api',
      message: 'No connection',
    });
    expect(revokeSessionsFailure(new TypeError('Failed to fetch'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
  });
});

describe('totpSetUpFailure', () => {
  it('puts a wrong code on the field, as AWS and the local pool name it', () => {
    for (const name of ['CodeMismatchException', 'EnableSoftwareTokenMFAException']) {
      expect(totpSetUpFailure(cognito(name))).toEqual({
        type: 'field',
        field: 'code',
        messageKey: 'auth.totp.wrongCode',
      });
    }
  });

  it('ends a revoked session and shows what the API answered', () => {
    expect(
      totpSetUpFailure(cognito('NotAuthorizedException', 'Access Token has been revoked')),
    ).toEqual({ type: 'sessionEnded' });
    expect(totpSetUpFailure(new ApiError('internal', 'Something went wrong', 500))).toEqual({
      type: 'api',
      message: 'Something went wrong',
    });
  });
});

describe('turnOffTotpFailure', () => {
  const at = (step: string, error: Error) => Object.assign(error, { step });

  it('tells a wrong password from a wrong code', () => {
    expect(
      turnOffTotpFailure(
        at('password', cognito('NotAuthorizedException', 'Incorrect username or password.')),
      ),
    ).toEqual({ type: 'field', field: 'password', messageKey: 'account.mfa.wrongPassword' });
    expect(turnOffTotpFailure(at('code', cognito('CodeMismatchException')))).toEqual({
      type: 'field',
      field: 'code',
      messageKey: 'auth.totp.wrongCode',
    });
  });

  it('says when the lockout or an expired step stopped it', () => {
    expect(
      turnOffTotpFailure(
        at('password', cognito('NotAuthorizedException', 'Password attempts exceeded')),
      ),
    ).toEqual({ type: 'message', messageKey: 'account.password.tooManyAttempts' });
    expect(
      turnOffTotpFailure(
        at('code', cognito('NotAuthorizedException', 'Invalid session for the user.')),
      ),
    ).toEqual({ type: 'message', messageKey: 'auth.totp.sessionExpired' });
  });

  it("shows the API's refusal", () => {
    expect(turnOffTotpFailure(new ApiError('permission-denied', 'Sign in again', 403))).toEqual({
      type: 'api',
      message: 'Sign in again',
    });
  });
});
