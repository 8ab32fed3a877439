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
    expect(secondFactorStateOf({ ...account, secondFactor: false })).toBe('signInAgain');
  });

  it('lets an admin signed in with the code, and every staff member, on', () => {
    expect(secondFactorStateOf(account)).toBe('ok');
    expect(secondFactorStateOf({ role: 'staff', mfaEnabled: false, secondFactor: false })).toBe(
      'ok',
    );
    expect(secondFactorStateOf(null)).toBe('ok');
  });
});
