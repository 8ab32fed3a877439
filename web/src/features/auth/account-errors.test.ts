import { describe, expect, it } from 'vitest';
import {
  confirmRegistrationFailure,
  forgotPasswordAnswer,
  forgotPasswordMinimumMs,
  registerFailure,
  resetPasswordFailure,
} from './account-errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('forgotPasswordAnswer', () => {
  it('answers the same whether or not the email has an account', () => {
    expect(forgotPasswordAnswer()).toBe('sent');
    for (const name of [
      'UserNotFoundException',
      'NotAuthorizedException',
      'InvalidParameterException',
      'LimitExceededException',
      'TooManyRequestsException',
      'CodeDeliveryFailureException',
      'InternalErrorException',
    ]) {
      expect(forgotPasswordAnswer(named(name)), name).toBe('sent');
    }
  });

  it('reports only a request that never reached Cognito', () => {
    expect(forgotPasswordAnswer(named('NetworkError'))).toBe('connectionFailed');
    expect(forgotPasswordAnswer(new TypeError('Failed to fetch'))).toBe('connectionFailed');
  });

  it('takes at least 1.5 s', () => {
    expect(forgotPasswordMinimumMs).toBeGreaterThanOrEqual(1500);
  });
});

describe('resetPasswordFailure', () => {
  it('treats a wrong, expired or used code as a link that cannot be used', () => {
    for (const name of ['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException']) {
      expect(resetPasswordFailure(named(name)), name).toEqual({ type: 'invalidLink' });
    }
  });

  it('shows a password Cognito refuses on the password field', () => {
    expect(resetPasswordFailure(named('InvalidPasswordException'))).toEqual({
      type: 'field',
      field: 'password',
      messageKey: 'errors.passwordRejected',
    });
  });

  it('reports connection problems, throttling and the rest as messages', () => {
    expect(resetPasswordFailure(named('NetworkError'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
    expect(resetPasswordFailure(named('LimitExceededException'))).toEqual({
      type: 'message',
      messageKey: 'errors.resource-exhausted',
    });
    expect(resetPasswordFailure(named('Whatever'))).toEqual({
      type: 'message',
      messageKey: 'errors.internal',
    });
  });
});

describe('registerFailure', () => {
  it('tells a sign-up refused because it is closed from other refusals of the trigger', () => {
    const refusal = (message: string) =>
      Object.assign(new Error(message), { name: 'UserLambdaValidationException' });
    expect(registerFailure(refusal('PreSignUp failed with error Sign-up is closed.'))).toEqual({
      type: 'closed',
    });
    expect(registerFailure(refusal('PreSignUp failed with error Something else.'))).toEqual({
      type: 'message',
      messageKey: 'errors.internal',
    });
  });

  it('shows a taken email on the email field', () => {
    expect(registerFailure(named('UsernameExistsException'))).toEqual({
      type: 'field',
      field: 'email',
      messageKey: 'errors.staffEmailTaken',
    });
  });

  it('shows a refused password on the password field', () => {
    expect(registerFailure(named('InvalidPasswordException'))).toEqual({
      type: 'field',
      field: 'password',
      messageKey: 'errors.passwordRejected',
    });
  });

  it('asks to wait when the product refused the code mail for its quota, not another trigger failure', () => {
    const refused = (reason: string) =>
      Object.assign(new Error(`CustomMessage failed with error ${reason}.`), {
        name: 'UserLambdaValidationException',
      });
    expect(
      registerFailure(refused('Too many mails to this address; try again in 42 minutes')),
    ).toEqual({ type: 'message', messageKey: 'errors.resource-exhausted' });
    expect(registerFailure(refused('Task timed out after 5.00 seconds'))).toEqual({
      type: 'message',
      messageKey: 'errors.internal',
    });
  });

  it('reports the rest as messages', () => {
    expect(registerFailure(named('InvalidParameterException'))).toEqual({
      type: 'message',
      messageKey: 'errors.invalid-argument',
    });
    expect(registerFailure(new TypeError('Failed to fetch'))).toEqual({
      type: 'message',
      messageKey: 'errors.connectionFailed',
    });
  });
});

describe('confirmRegistrationFailure', () => {
  it('shows a wrong or expired code on the code field', () => {
    expect(confirmRegistrationFailure(named('CodeMismatchException'))).toEqual({
      type: 'field',
      field: 'code',
      messageKey: 'auth.register.codeInvalid',
    });
    expect(confirmRegistrationFailure(named('ExpiredCodeException'))).toEqual({
      type: 'field',
      field: 'code',
      messageKey: 'auth.register.codeExpired',
    });
  });

  it('counts an account that is already confirmed as done', () => {
    expect(confirmRegistrationFailure(named('NotAuthorizedException'))).toEqual({
      type: 'alreadyConfirmed',
    });
  });

  it('reports the rest as messages', () => {
    expect(confirmRegistrationFailure(named('TooManyFailedAttemptsException'))).toEqual({
      type: 'message',
      messageKey: 'errors.resource-exhausted',
    });
  });
});
