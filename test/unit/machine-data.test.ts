import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '../../lambdas/shared/contract/csv';
import {
  csvRecordToResult,
  ingestResultSchema,
  uploadResultSchema,
} from '../../lambdas/shared/contract/schemas/machine-data';
import { message } from '../../lambdas/shared/contract/messages';
import { maskEmail } from '../../lambdas/shared/contract/schemas/report-request';
import { validate } from '../../lambdas/shared/contract/validation';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
    ]);
  });

  it('keeps a last line without a line end and skips blank lines', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('csvRecords', () => {
  it('keys each line by the header and names missing required columns', () => {
    const { records, missing } = csvRecords('serialNumber, testName\nA-1,Shell', [
      'serialNumber',
      'testName',
      'result',
    ]);
    expect(records).toEqual([{ serialNumber: 'A-1', testName: 'Shell' }]);
    expect(missing).toEqual(['result']);
  });

  it('keeps a __proto__ column as a column', () => {
    const { records } = csvRecords('__proto__,b\nx,y', []);
    expect(Object.keys(records[0]!)).toEqual(['__proto__', 'b']);
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });
});

describe('csvRecordToResult', () => {
  it('reads numbers as numbers, leaves empty cells out and other text as text', () => {
    expect(
      csvRecordToResult({ value: ' -1.5e2 ', unit: '', notes: '=1+1', testName: '007' }),
    ).toEqual({ value: -150, notes: '=1+1', testName: '007' });
    expect(csvRecordToResult({ value: '12 bar' })).toEqual({ value: '12 bar' });
  });
});

describe('test result schemas', () => {
  const base = {
    serialNumber: ' av-2026-000123 ',
    testName: 'Shell test',
    result: 'pass',
    testedAt: '2026-11-21T08:15:00+08:00',
  };

  it('normalises serials and times to UTC', () => {
    const checked = validate(ingestResultSchema, base);
    expect(checked).toMatchObject({
      success: true,
      data: {
        serialNumber: 'AV-2026-000123',
        testedAt: '2026-11-21T00:15:00.000Z',
        value: null,
        unit: null,
        machineId: null,
      },
    });
  });

  it('refuses times in the future, control characters and a missing machine on upload', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const checked = validate(uploadResultSchema, {
      ...base,
      testedAt: future,
      testName: 'Shell\u0007test',
    });
    expect(checked).toEqual({
      success: false,
      fields: {
        testedAt: { key: 'validation.future' },
        testName: { key: 'validation.controlChars' },
        machineId: { key: 'validation.required' },
      },
    });
  });

  it('refuses times before 2000-01-01T00:00:00Z, whatever their zone, on ingest and upload', () => {
    for (const testedAt of [
      '0001-01-01T00:00:00Z',
      '1970-01-01T00:00:00-14:00',
      '1999-12-31T23:59:59.999Z',
      '2000-01-01T07:59:59+08:00',
    ]) {
      for (const schema of [ingestResultSchema, uploadResultSchema]) {
        expect(validate(schema, { ...base, machineId: 'Bench 1', testedAt }), testedAt).toEqual({
          success: false,
          fields: {
            testedAt: { key: 'validation.testedAtMin', params: { min: '2000-01-01T00:00:00Z' } },
          },
        });
      }
    }
    expect(
      validate(ingestResultSchema, { ...base, testedAt: '2000-01-01T08:00:00+08:00' }),
    ).toEqual(expect.objectContaining({ success: true }));
    expect(message('validation.testedAtMin', { min: '2000-01-01T00:00:00Z' })).toBe(
      'The test time must not be before 2000-01-01T00:00:00Z: set the bench clock',
    );
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@a.b')).toBe('x***@a.b');
    expect(maskEmail('broken')).toBe('***');
  });
});

describe('dates of list filters', () => {
  it('refuses impossible dates instead of failing on them', async () => {
    const { isoDateField } = await import('../../lambdas/shared/contract/schemas/serial-range');
    for (const value of ['2026-13-01', '2026-02-30', '2026-00-10', '9999-99-99']) {
      expect(validate(isoDateField, value)).toEqual({
        success: false,
        fields: { _: { key: 'validation.date' } },
      });
    }
    expect(validate(isoDateField, '2028-02-29')).toEqual({ success: true, data: '2028-02-29' });
  });
});
