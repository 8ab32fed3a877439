import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessRule, type SessionSnapshot } from './access';

const loading: SessionSnapshot = { status: 'loading' };
const signedOut: SessionSnapshot = { status: 'signedOut' };
const staff: SessionSnapshot = { status: 'signedIn', role: 'staff' };
const admin: SessionSnapshot = { status: 'signedIn', role: 'admin' };
const staffOrAdmin: AccessRule = ['staff', 'admin'];
const adminOnly: AccessRule = ['admin'];

const at = (pathname: string, search = '') => ({ pathname, search });

describe('decideAccess', () => {
  it('lets everyone open public routes, even while the session loads', () => {
    for (const session of [loading, signedOut, staff, admin]) {
      expect(decideAccess('public', session, at('/not-authorized'))).toEqual({ type: 'allow' });
    }
  });

  it('waits for the session on every other route', () => {
    expect(decideAccess('unauthenticatedOnly', loading, at('/login'))).toEqual({ type: 'wait' });
    expect(decideAccess(staffOrAdmin, loading, at('/dashboard'))).toEqual({ type: 'wait' });
  });

  describe('unauthenticatedOnly', () => {
    it('lets signed-out visitors stay', () => {
      expect(decideAccess('unauthenticatedOnly', signedOut, at('/login'))).toEqual({
        type: 'allow',
      });
    });

    it('sends signed-in users to the dashboard', () => {
      expect(decideAccess('unauthenticatedOnly', staff, at('/login'))).toEqual({
        type: 'redirect',
        to: '/dashboard',
      });
    });

    it('sends signed-in users to a safe `to` instead', () => {
      expect(decideAccess('unauthenticatedOnly', admin, at('/login', '?to=%2Fstaffs'))).toEqual({
        type: 'redirect',
        to: '/staffs',
      });
      expect(decideAccess('unauthenticatedOnly', admin, at('/login', '?to=%2F%2Fevil'))).toEqual({
        type: 'redirect',
        to: '/dashboard',
      });
    });
  });

  describe('role lists', () => {
    it('let in the listed roles', () => {
      expect(decideAccess(staffOrAdmin, staff, at('/products'))).toEqual({ type: 'allow' });
      expect(decideAccess(staffOrAdmin, admin, at('/products'))).toEqual({ type: 'allow' });
      expect(decideAccess(adminOnly, admin, at('/staffs'))).toEqual({ type: 'allow' });
    });

    it('send other signed-in users to /not-authorized', () => {
      expect(decideAccess(adminOnly, staff, at('/staffs'))).toEqual({
        type: 'redirect',
        to: '/not-authorized',
      });
      expect(decideAccess([], admin, at('/x'))).toEqual({
        type: 'redirect',
        to: '/not-authorized',
      });
    });

    it('send signed-out visitors to /login with `to` and the original query', () => {
      expect(decideAccess(staffOrAdmin, signedOut, at('/products', '?page=3'))).toEqual({
        type: 'redirect',
        to: '/login?page=3&to=/products',
      });
      expect(decideAccess(adminOnly, signedOut, at('/staffs'))).toEqual({
        type: 'redirect',
        to: '/login?to=/staffs',
      });
    });

    it('send a signed-out visitor of /products?x=1 to /login?x=1&to=/products', () => {
      const decision = decideAccess(staffOrAdmin, signedOut, at('/products', '?x=1'));
      expect(decision).toEqual({ type: 'redirect', to: '/login?x=1&to=/products' });
      // After signing in there, the login page's guard forwards to the original address.
      expect(decideAccess('unauthenticatedOnly', staff, at('/login', '?x=1&to=/products'))).toEqual(
        { type: 'redirect', to: '/products?x=1' },
      );
    });

    it('leave `to` out when the target is the root', () => {
      expect(decideAccess(staffOrAdmin, signedOut, at('/'))).toEqual({
        type: 'redirect',
        to: '/login',
      });
    });
  });

  describe("an admin's second factor", () => {
    const withFactor = (secondFactor: 'checking' | 'ok' | 'setUpRequired' | 'signInAgain') =>
      ({ status: 'signedIn', role: 'admin', secondFactor }) as const;

    it('waits while the account is read', () => {
      expect(decideAccess(staffOrAdmin, withFactor('checking'), at('/products'))).toEqual({
        type: 'wait',
      });
    });

    it('shows only the second-factor page until it is set up or used, keeping `to`', () => {
      for (const state of ['setUpRequired', 'signInAgain'] as const) {
        expect(decideAccess(adminOnly, withFactor(state), at('/staffs', '?page=2'))).toEqual({
          type: 'redirect',
          to: '/authenticator-app?page=2&to=/staffs',
        });
        expect(
          decideAccess(staffOrAdmin, withFactor(state), at('/pages/account-settings/account')),
        ).toEqual({
          type: 'redirect',
          to: '/authenticator-app?to=/pages/account-settings/account',
        });
        expect(decideAccess(adminOnly, withFactor(state), at('/authenticator-app'))).toEqual({
          type: 'allow',
        });
      }
      // Public pages stay open.
      expect(decideAccess('public', withFactor('setUpRequired'), at('/not-authorized'))).toEqual({
        type: 'allow',
      });
    });

    it('sends everyone with nothing to do there on from the second-factor page', () => {
      expect(
        decideAccess(adminOnly, withFactor('ok'), at('/authenticator-app', '?to=%2Fstaffs')),
      ).toEqual({
        type: 'redirect',
        to: '/staffs',
      });
      expect(decideAccess(adminOnly, staff, at('/authenticator-app'))).toEqual({
        type: 'redirect',
        to: '/dashboard',
      });
      expect(decideAccess(adminOnly, withFactor('ok'), at('/staffs'))).toEqual({ type: 'allow' });
    });
  });
});
