import { describe, expect, it } from 'vitest';
import { recordPath } from './audit-columns';

describe('where an entry’s record opens', () => {
  it('opens a unit’s page by its serial, one path segment even with a slash', () => {
    expect(recordPath({ action: 'void', entity: 'unit', entityId: 'GV-2026-000123' })).toBe(
      '/units/GV-2026-000123',
    );
    expect(recordPath({ action: 'void', entity: 'unit', entityId: 'AB/12' })).toBe(
      '/units/AB%2F12',
    );
  });

  it('opens products, ranges and the site settings; nothing for a deleted record or a batch', () => {
    const named = { subjectLabel: 'A name' };
    expect(recordPath({ action: 'update', entity: 'product', entityId: 'p1', ...named })).toBe(
      '/edit-product/p1',
    );
    expect(recordPath({ action: 'create', entity: 'serial-range', entityId: 'r1', ...named })).toBe(
      '/edit-serial-number/r1',
    );
    expect(recordPath({ action: 'update', entity: 'settings', entityId: 'site' })).toBe(
      '/settings',
    );
    expect(
      recordPath({ action: 'delete', entity: 'product', entityId: 'p1', ...named }),
    ).toBeUndefined();
    // Not named by the API: deleted since.
    expect(recordPath({ action: 'update', entity: 'product', entityId: 'p1' })).toBeUndefined();
    expect(
      recordPath({ action: 'ingest', entity: 'machine-data', entityId: 'b1' }),
    ).toBeUndefined();
  });

  it('opens accounts and machine keys in their lists, a report request in the search history', () => {
    const named = { subjectLabel: 'A name' };
    expect(recordPath({ action: 'update', entity: 'staff', entityId: 's1', ...named })).toBe(
      '/staffs',
    );
    expect(recordPath({ action: 'revoke', entity: 'machine', entityId: 'm1', ...named })).toBe(
      '/machine-data',
    );
    expect(
      recordPath({
        action: 'resend',
        entity: 'report-request',
        entityId: 'q1',
        subjectLabel: 'TR-0A1B2-C3D4E',
        subjectDetail: 'AB/12 3',
      }),
    ).toBe('/searches?serial=AB%2F12+3');
  });
});
