import { describe, expect, it } from 'vitest';
import { signInFailureMessageKey, signInNextStepMessageKey } from './sign-in-messages';

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
  it('explains a required password change', () => {
    expect(signInNextStepMessageKey('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED')).toBe(
      'auth.login.newPasswordRequired',
    );
    expect(signInNextStepMessageKey('CONFIRM_SIGN_IN_WITH_TOTP_CODE')).toBe(
      'auth.login.additionalStepRequired',
    );
  });
});
