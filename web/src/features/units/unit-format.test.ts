import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestResult } from '../../../../lambdas/shared/contract/schemas/machine-data';
import { resources } from '../../i18n/resources';
import { parseUnitView, unitPath } from './api';
import {
  judgedByText,
  materialText,
  measuredText,
  rangeText,
  resultSource,
  voidReasonProblem,
  voidedText,
} from './unit-format';

let t: TFunction;
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
  t = instance.getFixedT('en');
  zh = instance.getFixedT('zh');
});

const result = (fields: Partial<TestResult> = {}): TestResult => ({
  id: 'R1VfMDAx.abcdefghijklmnopqrstuv',
  serialNumber: 'GV-2026-000123',
  testName: 'Shell test (WCB)',
  result: 'pass',
  value: 38.2,
  unit: 'bar',
  testedAt: '2026-11-20T08:00:00.000Z',
  machineId: 'Bench 3',
  operator: 'Chen',
  notes: null,
  receivedAt: '2026-11-20T08:01:00.000Z',
  source: 'machine:Bench 3',
  enteredBy: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  planVersion: 2,
  limit: { lower: 37.5, upper: null, unit: 'bar' },
  ...fields,
});

describe('the unit page’s words', () => {
  it('names the body material with its rating, the material alone without one, else "Not recorded"', () => {
    expect(materialText({ bodyMaterial: 'WCB', pressureRating: 25 }, t, 'en')).toBe(
      'WCB (cast steel), rated 25 bar',
    );
    expect(materialText({ bodyMaterial: 'SUS', pressureRating: 12.5 }, t, 'en')).toBe(
      'SUS (stainless steel), rated 12.5 bar',
    );
    expect(materialText({ bodyMaterial: 'FC', pressureRating: null }, t, 'en')).toBe(
      'FC (cast iron)',
    );
    expect(materialText({ bodyMaterial: null, pressureRating: null }, t, 'en')).toBe(
      'Not recorded',
    );
    expect(materialText({ bodyMaterial: 'WCB', pressureRating: 25 }, zh, 'zh')).toBe(
      'WCB（鑄鋼），額定 25 bar',
    );
  });

  it('shows the range with its size in the reader’s number style', () => {
    const range = {
      id: 'r1',
      startSerial: 'GV-2026-000001',
      endSerial: 'GV-2026-001200',
      totalUnits: 1200,
      productionDate: '2026-06-01',
      version: 3,
    };
    expect(rangeText(range, t, 'en')).toBe('GV-2026-000001 – GV-2026-001200 (1,200 units)');
    expect(rangeText(range, zh, 'zh')).toContain('共 1,200 件');
  });

  it('says which plan version judges the unit, or that none does', () => {
    expect(judgedByText({ judgedByPlanVersion: 3 }, t)).toBe('Judged by test plan version 3');
    expect(judgedByText({ judgedByPlanVersion: null }, t)).toMatch(/^No test plan/);
  });

  it('writes a value with its unit, and "—" without one', () => {
    expect(measuredText(result({ value: -1.5, unit: 'bar' }), t, 'en')).toBe('\u22121.5 bar');
    expect(measuredText(result({ value: 3, unit: null }), t, 'en')).toBe('3');
    expect(measuredText(result({ value: null }), t, 'en')).toBe('—');
  });

  it('names the bench, or who entered an uploaded result for which bench', () => {
    expect(resultSource(result(), t)).toBe('Bench 3');
    expect(resultSource(result({ enteredBy: 'Lin', source: 'upload:lin@example.com' }), t)).toBe(
      'entered by Lin for Bench 3',
    );
    expect(resultSource(result({ enteredBy: 'Lin' }), zh)).toBe('由 Lin 代 Bench 3 輸入');
  });

  it('says who voided a result, when and why; nothing for a result that counts', () => {
    expect(voidedText(result(), t, 'en')).toBeUndefined();
    const text = voidedText(
      result({
        voidedAt: '2026-11-21T09:14:00.000Z',
        voidedBy: 'Chen',
        voidReason: 'Gauge out of calibration',
      }),
      t,
      'en',
    );
    expect(text).toMatch(/^Voided by Chen on .*2026.*: Gauge out of calibration$/);
  });
});

describe('the void’s reason, checked with the API’s schema', () => {
  it('is required, at least 3 and at most 500 characters of text', () => {
    expect(voidReasonProblem('')).toEqual({ key: 'validation.required' });
    expect(voidReasonProblem('   ')).toEqual({ key: 'validation.required' });
    expect(voidReasonProblem('ab')).toEqual({ key: 'validation.minLength', params: { min: 3 } });
    expect(voidReasonProblem('x'.repeat(501))).toEqual({
      key: 'validation.tooLong',
      params: { max: 500 },
    });
    expect(voidReasonProblem('bad\u0000reason')?.key).toBe('validation.controlChars');
    expect(voidReasonProblem('Gauge out of calibration')).toBeUndefined();
    expect(voidReasonProblem('abc')).toBeUndefined();
    expect(voidReasonProblem('x'.repeat(500))).toBeUndefined();
  });

  it('counts characters, not UTF-16 units: three ideographs are enough', () => {
    expect(voidReasonProblem('校正錯')).toBeUndefined();
    expect(voidReasonProblem('𠀀𠀁')).toEqual({ key: 'validation.minLength', params: { min: 3 } });
  });
});

describe('the unit API’s path', () => {
  it('encodes each part of a serial, keeping its slashes as path separators', () => {
    expect(unitPath('GV-2026-000123')).toBe('/api/serial-numbers/units/GV-2026-000123');
    expect(unitPath('AB/12 3')).toBe('/api/serial-numbers/units/AB/12%203');
  });

  it('reads the unit’s answer, and refuses one of another shape', () => {
    const answer = {
      serialNumber: 'GV-2026-000123',
      identityLink: 'https://id.example/01/09506000134352/21/GV-2026-000123',
      elementString: '(01)09506000134352(21)GV-2026-000123',
      product: { id: 'p1', name: 'Gate valve', gtin: '09506000134352', planVersion: 2 },
      range: {
        id: 'r1',
        startSerial: 'GV-2026-000001',
        endSerial: 'GV-2026-000200',
        totalUnits: 200,
        productionDate: '2026-06-01',
        version: 1,
      },
      bodyMaterial: 'WCB',
      pressureRating: 25,
      verdict: 'pass',
      judgedByPlanVersion: 2,
      results: [result()],
      reports: [
        {
          reportNumber: 'TR-7K3MQ-9X2HB',
          issuedAt: '2026-11-21T10:00:00.000Z',
          language: 'en',
          verdict: 'pass',
          status: null,
          requestId: null,
        },
      ],
      history: [
        {
          at: '2026-11-21T09:14:00.000Z',
          actor: { id: 'u1', email: 'chen@example.com' },
          action: 'void',
          entity: 'unit',
          entityId: 'GV-2026-000123',
          changes: { voidReason: { from: null, to: 'Gauge out of calibration' } },
        },
      ],
    };
    expect(parseUnitView(answer)).toEqual(answer);
    expect(() => parseUnitView({ ...answer, verdict: 'maybe' })).toThrow();
  });
});
