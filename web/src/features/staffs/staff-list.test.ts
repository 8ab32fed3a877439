import { describe, expect, it } from 'vitest';
import { listStaffQuerySchema } from '../../../../lambdas/shared/contract/schemas/staff';
import { staffListQuery } from './api';
import { isOwnAccount, staffActionRequest, staffActions } from './staff-actions';

describe('staffListQuery', () => {
  it('asks for the first page with the page size only', () => {
    expect(staffListQuery({ pageSize: 20 })).toEqual({ limit: 20 });
    expect(staffListQuery({ pageSize: 10, cursor: '', filter: '   ' })).toEqual({ limit: 10 });
  });

  it('passes the cursor as received and the trimmed filter', () => {
    expect(staffListQuery({ pageSize: 5, cursor: 'eyJrIjoxfQ==', filter: '  Ann ' })).toEqual({
      limit: 5,
      cursor: 'eyJrIjoxfQ==',
      filter: 'Ann',
    });
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
    ]) {
      const query = staffListQuery(request);
      const asSent = Object.fromEntries(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      );
      expect(listStaffQuerySchema.safeParse(asSent).success, JSON.stringify(request)).toBe(true);
    }
  });
});

describe('staffActions', () => {
  it('offers approval for pending accounts and role changes for active ones', () => {
    expect(staffActions({ status: 'pending', role: null })).toEqual(['approve', 'disable']);
    expect(staffActions({ status: 'active', role: 'staff' })).toEqual(['changeRole', 'disable']);
    expect(staffActions({ status: 'unverified', role: null })).toEqual(['disable']);
    expect(staffActions({ status: 'disabled', role: 'admin' })).toEqual(['enable', 'changeRole']);
    expect(staffActions({ status: 'disabled', role: null })).toEqual(['enable']);
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
