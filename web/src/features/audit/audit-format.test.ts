import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { formatDateTime } from '../../lib/format';
import { productFieldNames } from '../../../../lambdas/shared/contract/schemas/product-record';
import { valvePlanTemplate } from '../../../../lambdas/shared/contract/schemas/test-plan';
import {
  actorName,
  auditActor,
  auditChanges,
  auditFieldLabel,
  auditSubject,
  formatAuditValue,
  planChangeLines,
  subjectName,
} from './audit-format';

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

  it('names a range’s product by the names the entry keeps, both before and after, never by id', () => {
    const moved = auditChanges(
      {
        entity: 'serial-range',
        changes: {
          productId: {
            from: 'p-1',
            to: 'p-2',
            fromLabel: 'Angle Valve AV-65',
            toLabel: 'Globe Valve GV-80',
          },
          productionDate: { from: '2026-10-01', to: '2026-10-02' },
        },
      },
      en,
      'en',
    );
    expect(moved).toEqual([
      {
        field: 'productId',
        label: 'Product',
        from: 'Angle Valve AV-65',
        to: 'Globe Valve GV-80',
      },
      {
        field: 'productionDate',
        label: 'Production date',
        from: 'Oct 1, 2026',
        to: 'Oct 2, 2026',
      },
    ]);
    // An older entry of a product since deleted (the API could not name it): its kind.
    const [gone] = auditChanges(
      { entity: 'serial-range', changes: { productId: { from: null, to: 'p-gone' } } },
      zh,
      'zh',
    );
    expect(gone).toMatchObject({ from: '—', to: '產品（已刪除）' });
    expect(JSON.stringify(gone)).not.toContain('p-gone');
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

  it('says how a first password was given, an admin’s reset and an MFA reset, in both languages', () => {
    const entry = {
      entity: 'staff' as const,
      changes: {
        invitation: { from: null, to: 'mail' },
        passwordReset: { from: false, to: true },
        mfa: { from: true, to: false },
      },
    };
    expect(auditChanges(entry, en, 'en')).toEqual([
      {
        field: 'invitation',
        label: 'First password',
        from: '—',
        to: 'Temporary password mailed (invitation)',
      },
      { field: 'passwordReset', label: 'Password reset by an admin', from: 'No', to: 'Yes' },
      { field: 'mfa', label: 'Authenticator app (MFA)', from: 'Yes', to: 'No' },
    ]);
    expect(
      auditChanges(
        { entity: 'staff', changes: { invitation: { from: null, to: 'typed' } } },
        zh,
        'zh',
      ),
    ).toEqual([{ field: 'invitation', label: '首次密碼', from: '—', to: '由管理員輸入臨時密碼' }]);
  });

  it('says why an account’s sessions ended and when its app was confirmed, in both languages', () => {
    const at = '2026-11-27T02:00:00.000Z';
    const revoke = (reason: string) => ({
      entity: 'staff' as const,
      changes: { reason: { from: null, to: reason }, sessionsBefore: { from: null, to: at } },
    });
    expect(auditChanges(revoke('signOutEverywhere'), en, 'en')).toEqual([
      {
        field: 'sessionsBefore',
        label: 'Sessions ended (signed in before)',
        from: '—',
        to: formatDateTime(at, 'en'),
      },
      { field: 'reason', label: 'Reason', from: '—', to: 'Signed out of all devices' },
    ]);
    expect(auditChanges(revoke('passwordChanged'), en, 'en')[1]?.to).toBe('Password changed');
    expect(auditChanges(revoke('passwordReset'), en, 'en')[1]?.to).toBe(
      'Password reset with a mailed code',
    );
    expect(auditChanges(revoke('adminReset'), en, 'en')[1]?.to).toBe('Password reset by an admin');
    expect(auditChanges(revoke('passwordReset'), zh, 'zh')).toEqual([
      expect.objectContaining({ label: '已結束的登入工作階段（此時間前登入）' }),
      { field: 'reason', label: '原因', from: '—', to: '以郵件代碼重設密碼' },
    ]);
    // A reason the app does not know is shown as written.
    expect(auditChanges(revoke('somethingNew'), en, 'en')[1]?.to).toBe('somethingNew');
    expect(
      auditChanges(
        { entity: 'staff', changes: { mfaEnabledAt: { from: null, to: at } } },
        en,
        'en',
      ),
    ).toEqual([
      {
        field: 'mfaEnabledAt',
        label: 'Authenticator app confirmed',
        from: '—',
        to: formatDateTime(at, 'en'),
      },
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

describe('a unit’s and the site settings’ entries', () => {
  it('show a void as the result it voided and why, in both languages', () => {
    const entry = {
      entity: 'unit' as const,
      changes: {
        result: {
          from: null,
          to: {
            id: 'R1VfMDAx.abcdefghijklmnopqrstuv',
            testName: 'Shell test (WCB)',
            testedAt: '2026-11-20T08:00:00.000Z',
            machineId: 'Bench 3',
            result: 'fail',
            value: 36.5,
            unit: 'bar',
          },
        },
        voidReason: { from: null, to: 'Gauge out of calibration' },
      },
    };
    const [result, reason] = auditChanges(entry, en, 'en');
    expect(result).toMatchObject({ label: 'Result', from: '—' });
    expect(result?.to).toMatch(/^Shell test \(WCB\): Fail, 36\.5 bar, tested .*2026.* on Bench 3$/);
    expect(reason).toEqual({
      field: 'voidReason',
      label: 'Reason',
      from: '—',
      to: 'Gauge out of calibration',
    });
    const [chinese] = auditChanges(entry, zh, 'zh');
    expect(chinese?.to).toContain('不合格');
    expect(chinese?.to).toContain('Bench 3');
  });

  it('show the verdicts visitors may receive by their names', () => {
    const [change] = auditChanges(
      {
        entity: 'settings',
        changes: { publicVerdicts: { from: ['pass', 'fail'], to: ['pass', 'incomplete'] } },
      },
      en,
      'en',
    );
    expect(change).toEqual({
      field: 'publicVerdicts',
      label: 'Verdicts visitors may receive',
      from: 'Pass, Fail',
      to: 'Pass, Incomplete',
    });
    expect(formatAuditValue('settings', 'publicVerdicts', [], en, 'en')).toBe('—');
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

  it('labels every field a product entry records (productFieldNames), as the form does', () => {
    for (const field of productFieldNames) {
      expect(auditFieldLabel('product', field, en)).toBe(en(`product.fields.${field}`));
    }
    expect(auditFieldLabel('product', 'gtin', zh)).toBe('GTIN');
  });
});

describe('who and which record', () => {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const id = 'e38e6a8e-4b1c-4d2e-9f3a-0123456789ab';

  it('names a person by name with the email beside it, a machine by its name, never by id', () => {
    const person = { id, name: 'Ann Lee', email: 'ann@example.com' };
    expect(auditActor(person, en)).toEqual({ name: 'Ann Lee', detail: 'ann@example.com' });
    expect(actorName(person, en)).toBe('Ann Lee (ann@example.com)');
    expect(actorName(person, zh)).toBe('Ann Lee（ann@example.com）');
    // Entries written before names were kept: the email.
    expect(actorName({ id, email: 'ann@example.com' }, en)).toBe('ann@example.com');
    expect(actorName({ id, machine: 'Bench 3' }, en)).toBe('Bench 3 (machine)');
    expect(actorName({ id }, en)).toBe('Someone');
    expect(actorName({ id }, zh)).toBe('某人');
  });

  it('names a record by the label the entry keeps, with its kind and what tells it apart', () => {
    const range = auditSubject(
      {
        entity: 'serial-range',
        entityId: id,
        subjectLabel: 'AV-0001 – AV-0100',
        subjectDetail: 'Ball valve DN50',
        changes: {},
      },
      en,
      'en',
    );
    expect(range).toEqual({
      kind: 'Serial number range',
      label: 'AV-0001 – AV-0100',
      detail: 'Ball valve DN50',
      named: true,
    });
    expect(subjectName(range, en)).toBe('Serial number range AV-0001 – AV-0100');
    const zhRange = auditSubject(
      { entity: 'serial-range', entityId: id, subjectLabel: 'AV-0001 – AV-0100', changes: {} },
      zh,
      'zh',
    );
    expect(subjectName(zhRange, zh)).toBe('序號範圍「AV-0001 – AV-0100」');
  });

  it('names records without a label gracefully: a unit by serial, a batch by its size, a gone record by its kind', () => {
    const unit = auditSubject({ entity: 'unit', entityId: 'AV-0042', changes: {} }, en, 'en');
    expect(unit).toMatchObject({ label: 'AV-0042', named: true });
    const settings = auditSubject({ entity: 'settings', entityId: 'site', changes: {} }, en, 'en');
    expect(settings).toMatchObject({ label: 'Site settings', named: true });
    expect(subjectName(settings, en)).toBe('Site settings');
    const batch = auditSubject(
      {
        entity: 'machine-data',
        entityId: id,
        changes: {
          results: { from: null, to: 2 },
          serialNumbers: { from: null, to: ['AV-1', 'AV-2'] },
        },
      },
      en,
      'en',
    );
    expect(batch).toMatchObject({ label: '2 results', detail: 'AV-1, AV-2' });
    for (const [entity, english, chinese] of [
      ['product', 'Product (deleted)', '產品（已刪除）'],
      ['staff', 'Staff account (deleted)', '人員帳號（已刪除）'],
      ['machine', 'Machine key (deleted)', '機台金鑰（已刪除）'],
      ['serial-range', 'Serial number range (deleted)', '序號範圍（已刪除）'],
      ['report-request', 'Report request (deleted)', '報告申請（已刪除）'],
    ] as const) {
      const gone = auditSubject({ entity, entityId: id, changes: {} }, en, 'en');
      expect(gone).toMatchObject({ label: english, named: false });
      expect(subjectName(gone, en)).toBe(english);
      expect(auditSubject({ entity, entityId: id, changes: {} }, zh, 'zh').label).toBe(chinese);
      expect(JSON.stringify(gone)).not.toMatch(uuid);
    }
  });
});

describe('test plan changes', () => {
  const tests = valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null });
  const [shell, seat, gas] = tests as [
    (typeof tests)[number],
    (typeof tests)[number],
    (typeof tests)[number],
  ];
  const version = (n: number, list = tests, allowExtraTests = false) => ({
    version: n,
    tests: list,
    allowExtraTests,
  });

  it('shows a first plan as its version and each test added, limit first', () => {
    const lines = auditChanges(
      { entity: 'product', changes: { testPlan: { from: null, to: version(1) } } },
      en,
      'en',
    );
    expect(lines.map((line) => [line.label, line.from])).toEqual([
      ['Test plan', '—'],
      ['Test: Shell test (WCB)', '—'],
      ['Test: Seat test high pressure (WCB)', '—'],
      ['Test: Seat test low pressure (gas)', '—'],
    ]);
    expect(lines[0]!.to).toBe('Version 1');
    // The template's Chinese texts last.
    expect(lines[1]!.to).toBe(
      `limit ≥ 37.5 bar; for WCB; required; held 60 s; method: ${shell.method}; ` +
        `Chinese name: ${shell.nameZh}; Chinese method: ${shell.methodZh}`,
    );
    // A test for every unit says nothing of materials: that is the rule.
    expect(lines[3]!.to).toMatch(/^limit 4 – 7 bar; required; /);
    // Keys of their own: a History line per test.
    expect(new Set(lines.map((line) => line.field)).size).toBe(4);
  });

  it('shows only what changed in a test, removals, the new order and the extra-tests switch', () => {
    const stricter = { ...shell, lower: 40 };
    const lines = planChangeLines(
      { from: version(1), to: version(2, [seat, stricter], true) },
      en,
      'en',
    );
    expect(lines).toEqual([
      {
        field: 'testPlan',
        label: 'Test plan',
        from: 'Version 1',
        to: 'Version 2',
      },
      {
        field: 'testPlan.test.Shell test (WCB)',
        label: 'Test: Shell test (WCB)',
        from: 'limit ≥ 37.5 bar',
        to: 'limit ≥ 40 bar',
      },
      {
        field: 'testPlan.test.Seat test low pressure (gas)',
        label: 'Test: Seat test low pressure (gas)',
        from: `limit 4 – 7 bar; required; held 60 s; method: ${gas.method}; Chinese name: ${gas.nameZh}; Chinese method: ${gas.methodZh}`,
        to: '—',
      },
      {
        field: 'testPlan.order',
        label: 'Order of tests',
        from: 'Shell test (WCB), Seat test high pressure (WCB), Seat test low pressure (gas)',
        to: 'Seat test high pressure (WCB), Shell test (WCB)',
      },
      {
        field: 'testPlan.allowExtraTests',
        label: 'Other tests accepted',
        from: 'No',
        to: 'Yes',
      },
    ]);
  });

  it('shows a change of a test’s Chinese name or method, and its removal', () => {
    const renamed = { ...shell, nameZh: '殼體耐壓試驗（WCB）', methodZh: null };
    const lines = planChangeLines(
      { from: version(1), to: version(2, [renamed, seat, gas]) },
      en,
      'en',
    );
    expect(lines?.slice(1)).toEqual([
      {
        field: 'testPlan.test.Shell test (WCB)',
        label: 'Test: Shell test (WCB)',
        from: `Chinese name: ${shell.nameZh}; Chinese method: ${shell.methodZh}`,
        to: 'Chinese name: 殼體耐壓試驗（WCB）; no Chinese method',
      },
    ]);
  });

  it('reads in Chinese too', () => {
    const optional = { ...gas, required: false, holdSeconds: null };
    const lines = planChangeLines(
      { from: version(1), to: version(2, [shell, seat, optional]) },
      zh,
      'zh',
    );
    expect(lines).toEqual([
      {
        field: 'testPlan',
        label: '測試計畫',
        from: '第 1 版',
        to: '第 2 版',
      },
      {
        field: 'testPlan.test.Seat test low pressure (gas)',
        label: '測試：Seat test low pressure (gas)',
        from: '必要；保壓 60 秒',
        to: '非必要；無保壓時間',
      },
    ]);
  });

  it('shows a change of the materials a test applies to, in both languages', () => {
    const wider: typeof shell = { ...shell, materials: ['FC', 'WCB'] };
    const narrower: typeof gas = { ...gas, materials: ['SUS'] };
    const change = { from: version(1), to: version(2, [wider, seat, narrower]) };
    expect(planChangeLines(change, en, 'en')?.slice(1)).toEqual([
      {
        field: 'testPlan.test.Shell test (WCB)',
        label: 'Test: Shell test (WCB)',
        from: 'for WCB',
        to: 'for FC, WCB',
      },
      {
        field: 'testPlan.test.Seat test low pressure (gas)',
        label: 'Test: Seat test low pressure (gas)',
        from: 'for every unit',
        to: 'for SUS',
      },
    ]);
    expect(
      planChangeLines(change, zh, 'zh')
        ?.slice(1)
        .map((line) => [line.from, line.to]),
    ).toEqual([
      ['適用 WCB', '適用 FC、WCB'],
      ['每一件皆適用', '適用 SUS'],
    ]);
  });

  it('shows a value that is not a plan as any other value', () => {
    expect(planChangeLines({ from: null, to: { version: 'x' } }, en, 'en')).toBeUndefined();
    const [line] = auditChanges(
      { entity: 'product', changes: { testPlan: { from: null, to: 'removed' } } },
      en,
      'en',
    );
    expect(line).toEqual({ field: 'testPlan', label: 'Test plan', from: '—', to: 'removed' });
  });
});
