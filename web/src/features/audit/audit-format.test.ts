import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { actorName, auditChanges, auditFieldLabel, formatAuditValue } from './audit-format';

let en: TFunction;
let zh: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  en = instance.getFixedT('en');
  zh = instance.getFixedT('zh');
});

describe('auditChanges', () => {
  it('labels a product update’s fields as the form does, before → after', () => {
    const changes = auditChanges(
      {
        entity: 'product',
        changes: {
          name: { from: 'Gate Valve', to: 'Gate Valve GV-2' },
          pressureFC: { from: 16, to: 25.5 },
          fluid: { from: 'water', to: 'steam' },
          temperatureMin: { from: -20, to: -29 },
        },
      },
      en,
      'en',
    );
    // In the form's order, whatever order the entry has; numbers with their units.
    expect(changes).toEqual([
      { field: 'name', label: 'Product name', from: 'Gate Valve', to: 'Gate Valve GV-2' },
      { field: 'temperatureMin', label: 'Minimum temperature', from: '−20 °C', to: '−29 °C' },
      { field: 'fluid', label: 'Fluid', from: 'Water', to: 'Steam' },
      { field: 'pressureFC', label: 'Pressure FC (cast iron)', from: '16 bar', to: '25.5 bar' },
    ]);
  });

  it('shows a create’s missing before and a cleared value as a dash', () => {
    const [created, cleared] = auditChanges(
      {
        entity: 'product',
        changes: {
          application: { from: null, to: 'Heating' },
          applicationMedium: { from: 'Hot water', to: null },
        },
      },
      en,
      'en',
    );
    expect(created).toMatchObject({ from: '—', to: 'Heating' });
    expect(cleared).toMatchObject({ from: 'Hot water', to: '—' });
  });

  it('speaks the reader’s language: labels, choices and numbers', () => {
    const [fluid, pressure] = auditChanges(
      {
        entity: 'product',
        changes: { fluid: { from: 'oil', to: 'gas' }, pressureWCB: { from: 1234.5, to: 0 } },
      },
      zh,
      'zh',
    );
    expect(fluid!.label).not.toBe('Fluid');
    expect(fluid!.from).not.toBe('Oil');
    expect(pressure!.from).toBe('1,234.5 bar');
  });

  it('names a serial range’s product by what the page knows, its id otherwise', () => {
    const names = new Map([['p-1', 'Angle Valve AV-65']]);
    const changes = auditChanges(
      {
        entity: 'serial-range',
        changes: {
          productId: { from: 'p-1', to: 'p-gone' },
          productionDate: { from: '2026-10-01', to: '2026-10-02' },
        },
      },
      en,
      'en',
      (field, value) =>
        field === 'productId' && typeof value === 'string' ? names.get(value) : undefined,
    );
    expect(changes).toEqual([
      { field: 'productId', label: 'Product', from: 'Angle Valve AV-65', to: 'p-gone' },
      {
        field: 'productionDate',
        label: 'Production date',
        from: 'Oct 1, 2026',
        to: 'Oct 2, 2026',
      },
    ]);
  });

  it('says a staff account’s role and status as the staff table does', () => {
    expect(
      auditChanges(
        {
          entity: 'staff',
          changes: { role: { from: 'staff', to: 'admin' }, enabled: { from: true, to: false } },
        },
        en,
        'en',
      ),
    ).toEqual([
      { field: 'role', label: 'Role', from: 'Staff', to: 'Administrator' },
      { field: 'enabled', label: 'Status', from: 'Active', to: 'Disabled' },
    ]);
  });

  it('shows a batch’s serial numbers as the first few and how many more', () => {
    const serials = Array.from({ length: 8 }, (_, i) => `AV-${i + 1}`);
    const [batch] = auditChanges(
      { entity: 'machine-data', changes: { serialNumbers: { from: null, to: serials } } },
      en,
      'en',
    );
    expect(batch).toEqual({
      field: 'serialNumbers',
      label: 'Serial numbers',
      from: '—',
      to: 'AV-1, AV-2, AV-3, AV-4, AV-5 and 3 more',
    });
  });

  it('lists fields the app has no label for last, as the entry has them', () => {
    const changes = auditChanges(
      {
        entity: 'machine',
        changes: {
          zeta: { from: 1, to: 2 },
          revokedAt: { from: null, to: null },
          alpha: { from: 1, to: 2 },
        },
      },
      en,
      'en',
    );
    expect(changes.map((shown) => shown.field)).toEqual(['revokedAt', 'zeta', 'alpha']);
  });

  it('has nothing to show for an entry without changed fields', () => {
    expect(auditChanges({ entity: 'machine', changes: {} }, en, 'en')).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('formats times, yes and no, and anything else as JSON', () => {
    expect(formatAuditValue('machine', 'revokedAt', '2026-11-21T10:00:00.000Z', en, 'en')).toMatch(
      /Nov 21, 2026/,
    );
    expect(formatAuditValue('product', 'flag', true, en, 'en')).toBe('Yes');
    expect(formatAuditValue('product', 'flag', false, zh, 'zh')).toBe('否');
    expect(formatAuditValue('product', 'shape', { a: 1 }, en, 'en')).toBe('{"a":1}');
    expect(formatAuditValue('product', 'list', [], en, 'en')).toBe('—');
    expect(formatAuditValue('product', 'name', '', en, 'en')).toBe('—');
  });

  it('keeps a word the app does not know as it is', () => {
    expect(formatAuditValue('product', 'fluid', 'plasma', en, 'en')).toBe('plasma');
    expect(formatAuditValue('report-request', 'status', 'sent', en, 'en')).toBe('Sent');
  });
});

describe('auditFieldLabel', () => {
  it('shows a field the app has no label for under its API name, prototype names included', () => {
    expect(auditFieldLabel('product', 'version', en)).toBe('version');
    expect(auditFieldLabel('product', 'constructor', en)).toBe('constructor');
    expect(auditFieldLabel('staff', 'toString', en)).toBe('toString');
  });
});

describe('actorName', () => {
  it('names an account by its email and a machine by its name', () => {
    expect(actorName({ id: 'u-1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(actorName({ id: 'm-1', machine: 'Bench 3' })).toBe('Bench 3');
    expect(actorName({ id: 'u-2' })).toBe('u-2');
  });
});
