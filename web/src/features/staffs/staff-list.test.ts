import { describe, expect, it } from 'vitest';
import { listStaffQuerySchema } from '../../../../lambdas/shared/contract/schemas/staff';
import { staffListQuery } from './api';
import {
  isOwnAccount,
  isStaffChange,
  sendsMail,
  staffActionRequest,
  staffActions,
} from './staff-actions';
import { notSignedInSince } from './staff-filters';

describe('staffListQuery', () => {
  it('asks for the first page with the page size only', () => {
    expect(staffListQuery({ pageSize: 20 })).toEqual({ limit: 20 });
    expect(staffListQuery({ pageSize: 10, cursor: '', filter: '   ' })).toEqual({ limit: 10 });
    // Name order is the API's default: not sent.
    expect(staffListQuery({ pageSize: 10, sort: 'name' })).toEqual({ limit: 10 });
  });

  it('passes the cursor as received and the trimmed filter', () => {
    expect(staffListQuery({ pageSize: 5, cursor: 'eyJrIjoxfQ==', filter: '  Ann ' })).toEqual({
      limit: 5,
      cursor: 'eyJrIjoxfQ==',
      filter: 'Ann',
    });
  });

  it('passes the order by last sign-in and the sign-in filters', () => {
    expect(
      staffListQuery({
        pageSize: 20,
        sort: 'lastSignIn',
        mfa: 'off',
        notSignedInSince: '2026-08-29',
      }),
    ).toEqual({ limit: 20, sort: 'lastSignIn', mfa: 'off', notSignedInSince: '2026-08-29' });
  });

  it('passes the order by authenticator app', () => {
    expect(staffListQuery({ pageSize: 20, sort: 'mfa' })).toEqual({ limit: 20, sort: 'mfa' });
  });

  it('asks for the maximum for "All" and keeps limits within 1..1000', () => {
    expect(staffListQuery({ pageSize: 1000 }).limit).toBe(1000);
    expect(staffListQuery({ pageSize: 5000 }).limit).toBe(1000);
    expect(staffListQuery({ pageSize: 0 }).limit).toBe(1);
    expect(staffListQuery({ pageSize: Number.NaN }).limit).toBe(1);
  });

  it('always builds a query the API accepts', () => {
    for (const request of [
      { pageSize: 1000, filter: 'x'.repeat(300) },
      { pageSize: 25, cursor: 'c', filter: '王小明' },
      { pageSize: -3 },
      { pageSize: 10, sort: 'lastSignIn' as const, mfa: 'on' as const },
      { pageSize: 10, sort: 'mfa' as const },
      {
        pageSize: 10,
        sort: 'name' as const,
        notSignedInSince: notSignedInSince('365', new Date('2026-11-27T01:00:00Z')),
      },
    ]) {
      const query = staffListQuery(request);
      const asSent = Object.fromEntries(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      );
      expect(listStaffQuerySchema.safeParse(asSent).success, JSON.stringify(request)).toBe(true);
    }
  });
});

describe('notSignedInSince', () => {
  it('is the UTC day the chosen number of days ago', () => {
    const now = new Date('2026-11-27T01:30:00Z');
    expect(notSignedInSince('30', now)).toBe('2026-10-28');
    expect(notSignedInSince('90', now)).toBe('2026-08-29');
    expect(notSignedInSince('365', now)).toBe('2025-11-27');
  });

  it('counts in UTC days, whatever the hour', () => {
    expect(notSignedInSince('30', new Date('2026-03-31T23:59:59Z'))).toBe('2026-03-01');
    expect(notSignedInSince('30', new Date('2026-04-01T00:00:00Z'))).toBe('2026-03-02');
  });
});

describe('staffActions', () => {
  const account = (status: Parameters<typeof staffActions>[0]['status'], more = {}) => ({
    status,
    role: 'staff' as const,
    mfaEnabled: false,
    ...more,
  });

  it('offers approval for pending accounts and role changes for active ones', () => {
    expect(staffActions(account('pending', { role: null }))).toEqual(['approve', 'disable']);
    expect(staffActions(account('unverified', { role: null }))).toEqual(['disable']);
    expect(staffActions(account('disabled', { role: 'admin' }))).toEqual(['enable', 'changeRole']);
    expect(staffActions(account('disabled', { role: null }))).toEqual(['enable']);
  });

  it('offers a password reset to active accounts, and the MFA reset where it is on', () => {
    expect(staffActions(account('active'))).toEqual(['changeRole', 'disable', 'resetPassword']);
    expect(staffActions(account('active', { mfaEnabled: true }))).toEqual([
      'changeRole',
      'disable',
      'resetPassword',
      'resetMfa',
    ]);
    // Already reset: its code expires within the hour, so a new one can be mailed.
    expect(staffActions(account('resetRequired', { mfaEnabled: true }))).toEqual([
      'changeRole',
      'disable',
      'resetPassword',
      'resetMfa',
    ]);
    expect(staffActions(account('resetRequired'))).toEqual([
      'changeRole',
      'disable',
      'resetPassword',
    ]);
    // A disabled account cannot sign in: nothing to help with until enabled.
    expect(staffActions(account('disabled', { mfaEnabled: true }))).toEqual([
      'enable',
      'changeRole',
    ]);
  });

  it('offers the invitation again to invited accounts, expired or not, and no reset', () => {
    for (const status of ['invited', 'invitationExpired'] as const) {
      expect(staffActions(account(status))).toEqual(['changeRole', 'disable', 'resendInvitation']);
    }
  });

  it('tells changes from sign-in help, and which actions mail the person', () => {
    expect(
      ['approve', 'changeRole', 'disable', 'enable'].every((a) => isStaffChange(a as never)),
    ).toBe(true);
    expect(isStaffChange('resetPassword')).toBe(false);
    expect(sendsMail('resendInvitation')).toBe(true);
    expect(sendsMail('resetPassword')).toBe(true);
    expect(sendsMail('resetMfa')).toBe(false);
    expect(sendsMail('disable')).toBe(false);
  });

  it('builds the PATCH bodies', () => {
    expect(staffActionRequest('approve', 'staff')).toEqual({ role: 'staff' });
    expect(staffActionRequest('changeRole', 'admin')).toEqual({ role: 'admin' });
    expect(staffActionRequest('disable')).toEqual({ enabled: false });
    expect(staffActionRequest('enable')).toEqual({ enabled: true });
    expect(() => staffActionRequest('approve')).toThrow();
  });

  it('recognizes the own account whatever the letter case', () => {
    expect(isOwnAccount({ email: 'Admin@Example.com' }, 'admin@example.com')).toBe(true);
    expect(isOwnAccount({ email: 'other@example.com' }, 'admin@example.com')).toBe(false);
    expect(isOwnAccount({ email: 'admin@example.com' }, undefined)).toBe(false);
  });
});
