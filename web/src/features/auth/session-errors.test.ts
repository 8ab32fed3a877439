import { describe, expect, it } from 'vitest';
import { isSessionEndingError } from './session-errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('isSessionEndingError', () => {
  it('ends the session when Cognito refuses the refresh token', () => {
    for (const name of [
      'NotAuthorizedException',
      'TokenRevokedException',
      'UserNotFoundException',
      'RefreshTokenReuseException',
    ]) {
      expect(isSessionEndingError(named(name)), name).toBe(true);
    }
    expect(isSessionEndingError({ name: 'NotAuthorizedException' })).toBe(true);
  });

  it('keeps the session through network and service trouble', () => {
    for (const error of [
      named('NetworkError'),
      new TypeError('Failed to fetch'),
      named('InternalErrorException'),
      named('TooManyRequestsException'),
      undefined,
      'boom',
    ]) {
      expect(isSessionEndingError(error)).toBe(false);
    }
  });
});
