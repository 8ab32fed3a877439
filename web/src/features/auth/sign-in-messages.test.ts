import { describe, expect, it } from 'vitest';
import {
  newPasswordFailure,
  signInFailureMessageKey,
  signInNextStepMessageKey,
  totpCodeFailure,
} from './sign-in-messages';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('signInFailureMessageKey', () => {
  it('gives the same message for a wrong password and an unknown email', () => {
    expect(signInFailureMessageKey(named('NotAuthorizedException'))).toBe(
      'auth.login.wrongCredentials',
    );
    expect(signInFailureMessageKey(named('UserNotFoundException'))).toBe(
      'auth.login.wrongCredentials',
    );
  });

  it('reports a network failure as a connection problem', () => {
    expect(signInFailureMessageKey(named('NetworkError'))).toBe('errors.connectionFailed');
    expect(signInFailureMessageKey(new TypeError('Failed to fetch'))).toBe(
      'errors.connectionFailed',
    );
  });

  it('reports throttling and anything else with catalogue messages', () => {
    expect(signInFailureMessageKey(named('TooManyRequestsException'))).toBe(
      'errors.resource-exhausted',
    );
    expect(signInFailureMessageKey(named('SomethingNew'))).toBe('errors.internal');
    expect(signInFailureMessageKey('boom')).toBe('errors.internal');
  });
});

describe('signInNextStepMessageKey', () => {
  it('explains a required reset and anything unsupported', () => {
    expect(signInNextStepMessageKey('RESET_PASSWORD')).toBe('auth.login.resetRequired');
    expect(signInNextStepMessageKey('CONTINUE_SIGN_IN_WITH_TOTP_SETUP')).toBe(
      'auth.login.additionalStepRequired',
    );
  });
});

describe('newPasswordFailure', () => {
  it('puts a password Cognito refuses on the field', () => {
    expect(newPasswordFailure(named('InvalidPasswordException'))).toEqual({
      type: 'field',
      messageKey: 'errors.passwordRejected',
    });
  });

  it('starts over when the challenge has expired', () => {
    expect(newPasswordFailure(named('NotAuthorizedException'))).toEqual({ type: 'expired' });
    expect(newPasswordFailure(named('SignInException'))).toEqual({ type: 'expired' });
  });

  it('reports the rest as messages', () => {
    expect(newPasswordFailure(named('NetworkError'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
    expect(newPasswordFailure(named('InternalErrorException'))).toEqual({
      type: 'message',
      messageKey: 'errors.internal',
    });
  });
});

describe('totpCodeFailure', () => {
  it('puts a wrong code on the field, as Cognito and cognito-local name it', () => {
    for (const name of ['CodeMismatchException', 'EnableSoftwareTokenMFAException']) {
      expect(totpCodeFailure(named(name))).toEqual({
        type: 'field',
        messageKey: 'auth.totp.wrongCode',
      });
    }
  });

  it('starts over when the step is gone', () => {
    for (const name of ['NotAuthorizedException', 'SignInException', 'ExpiredCodeException']) {
      expect(totpCodeFailure(named(name))).toEqual({ type: 'expired' });
    }
  });

  it('reports the rest as messages', () => {
    expect(totpCodeFailure(named('TooManyRequestsException'))).toEqual({
      type: 'message',
      messageKey: 'errors.resource-exhausted',
    });
    expect(totpCodeFailure(new TypeError('Failed to fetch'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
  });
});
