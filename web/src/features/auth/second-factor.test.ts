import { describe, expect, it } from 'vitest';
import { secondFactorStateOf } from './second-factor';

const account = { role: 'admin', mfaEnabled: true, secondFactor: true };

describe('secondFactorStateOf', () => {
  it('takes an admin without an authenticator app to set one up', () => {
    expect(secondFactorStateOf({ ...account, mfaEnabled: false, secondFactor: false })).toBe(
      'setUpRequired',
    );
  });

  it('asks an admin signed in without the code to sign in again', () => {
    expect(
      secondFactorStateOf({
        ...account,
        secondFactor: false,
        mfaEnabledAt: '2026-11-27T02:00:00.000Z',
      }),
    ).toBe('signInAgain');
  });

  it('has an admin whose app is on in Cognito but not confirmed to the API confirm it', () => {
    // Signing in again would change nothing: the API counts no session without its record.
    expect(secondFactorStateOf({ ...account, secondFactor: false, mfaEnabledAt: null })).toBe(
      'confirmRequired',
    );
    // Staff are never stopped; their account page offers the confirmation.
    expect(
      secondFactorStateOf({
        role: 'staff',
        mfaEnabled: true,
        secondFactor: false,
        mfaEnabledAt: null,
      }),
    ).toBe('ok');
  });

  it('lets an admin signed in with the code, and every staff member, on', () => {
    expect(secondFactorStateOf(account)).toBe('ok');
    expect(secondFactorStateOf({ role: 'staff', mfaEnabled: false, secondFactor: false })).toBe(
      'ok',
    );
    expect(secondFactorStateOf(null)).toBe('ok');
  });
});
