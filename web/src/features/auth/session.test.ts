import { describe, expect, it } from 'vitest';
import { pendingAccountFromIdTokenPayload, userFromIdTokenPayload } from './session';

describe('userFromIdTokenPayload', () => {
  it('reads id (the subject), email, name and role', () => {
    expect(
      userFromIdTokenPayload({
        sub: 'sub-a',
        email: 'a@example.com',
        name: 'Ann',
        'custom:role': 'admin',
      }),
    ).toEqual({ id: 'sub-a', email: 'a@example.com', name: 'Ann', role: 'admin' });
    expect(
      userFromIdTokenPayload({ sub: 'sub-s', email: 's@example.com', 'custom:role': 'staff' }),
    ).toEqual({ id: 'sub-s', email: 's@example.com', role: 'staff' });
  });

  it('needs the subject the API knows the caller by', () => {
    expect(
      userFromIdTokenPayload({ email: 'a@example.com', 'custom:role': 'admin' }),
    ).toBeUndefined();
    expect(
      userFromIdTokenPayload({ sub: '', email: 'a@example.com', 'custom:role': 'admin' }),
    ).toBeUndefined();
  });

  it('takes the role only from custom:role', () => {
    expect(
      userFromIdTokenPayload({ sub: 'sub-a', email: 'a@example.com', role: 'admin' }),
    ).toBeUndefined();
    expect(
      userFromIdTokenPayload({ sub: 'sub-a', email: 'a@example.com', 'cognito:groups': ['admin'] }),
    ).toBeUndefined();
  });

  it('treats an unknown or missing role as no session', () => {
    expect(
      userFromIdTokenPayload({ sub: 'sub-a', email: 'a@example.com', 'custom:role': 'root' }),
    ).toBeUndefined();
    expect(
      userFromIdTokenPayload({ sub: 'sub-a', email: 'a@example.com', 'custom:role': '' }),
    ).toBeUndefined();
    expect(userFromIdTokenPayload({ sub: 'sub-a', 'custom:role': 'admin' })).toBeUndefined();
    expect(userFromIdTokenPayload(undefined)).toBeUndefined();
  });
});

describe('pendingAccountFromIdTokenPayload', () => {
  it('reads an account without a role as waiting for approval', () => {
    expect(pendingAccountFromIdTokenPayload({ email: 'p@example.com', name: 'Pat' })).toEqual({
      email: 'p@example.com',
      name: 'Pat',
    });
    expect(pendingAccountFromIdTokenPayload({ email: 'p@example.com', 'custom:role': '' })).toEqual(
      { email: 'p@example.com' },
    );
  });

  it('is not pending with a role, an unknown role or no email', () => {
    expect(
      pendingAccountFromIdTokenPayload({ email: 'a@example.com', 'custom:role': 'admin' }),
    ).toBeUndefined();
    expect(
      pendingAccountFromIdTokenPayload({ email: 'a@example.com', 'custom:role': 'root' }),
    ).toBeUndefined();
    expect(pendingAccountFromIdTokenPayload({ name: 'Pat' })).toBeUndefined();
    expect(pendingAccountFromIdTokenPayload(undefined)).toBeUndefined();
  });
});
