import { describe, expect, it } from 'vitest';
import { labelsQuerySchema } from '../../lambdas/shared/contract/labels';
import { listTestResultsQuerySchema } from '../../lambdas/shared/contract/schemas/machine-data';
import { listReportRequestsQuerySchema } from '../../lambdas/shared/contract/schemas/report-request';
import {
  createSerialRangeSchema,
  listSerialRangesQuerySchema,
} from '../../lambdas/shared/contract/schemas/serial-range';
import { normalizeSerial, parseSerial } from '../../lambdas/shared/contract/serial';
import { validate } from '../../lambdas/shared/contract/validation';

/**
 * Characters that are not ASCII but that `toUpperCase` or `toLowerCase` map onto ASCII
 * letters, or that look like them: upper-casing before the check let `HſYN-000000001`
 * name the unit `HSYN-000000001`.
 */
const lookAlikes = [
  ['\u017F', 'LATIN SMALL LETTER LONG S (upper-cases to S)', 'H\u017FYN-000000001'],
  ['\u0131', 'LATIN SMALL LETTER DOTLESS I (upper-cases to I)', 'A\u0131R-0001'],
  ['\u212A', 'KELVIN SIGN (lower-cases to k)', '\u212AV-0001'],
  ['\u00DF', 'LATIN SMALL LETTER SHARP S (upper-cases to SS)', 'A\u00DF-0001'],
  ['\uFB01', 'LATIN SMALL LIGATURE FI (upper-cases to FI)', '\uFB01X-0001'],
  ['\uFF41', 'FULLWIDTH LATIN SMALL LETTER A', '\uFF41V-0001'],
  ['\uFF21', 'FULLWIDTH LATIN CAPITAL LETTER A', '\uFF21V-0001'],
  ['\uFF11', 'FULLWIDTH DIGIT ONE', 'AV-000\uFF11'],
  ['\u0663', 'ARABIC-INDIC DIGIT THREE', 'AV-000\u0663'],
] as const;

describe('normalizeSerial', () => {
  it('trims and upper-cases ASCII serials', () => {
    expect(normalizeSerial('  av-2024-000123 ')).toBe('AV-2024-000123');
    expect(normalizeSerial('hsyn-000000001')).toBe('HSYN-000000001');
    expect(normalizeSerial('a_b.c/d-1')).toBe('A_B.C/D-1');
    expect(normalizeSerial('')).toBe('');
  });

  it.each(lookAlikes)('refuses %s (%s) instead of mapping it onto ASCII', (_, __, serial) => {
    expect(normalizeSerial(serial)).toBeNull();
    expect(parseSerial(serial)).toBeNull();
  });

  it('refuses every character outside ASCII letters, digits and - _ . /', () => {
    for (const character of [
      ' ',
      '!',
      '#',
      '%',
      '+',
      ':',
      '~',
      '\u00E9',
      '\u0130',
      '序',
      '\u200B',
    ]) {
      expect(normalizeSerial(`A${character}1`), character).toBeNull();
    }
  });

  it('is what every request schema that takes a serial answers with', () => {
    const field = { key: 'validation.serialFormat' };
    const range = { productId: 'p', productionDate: '2024-01-01' };
    expect(
      validate(createSerialRangeSchema, {
        ...range,
        startSerial: 'hsyn-000000001',
        endSerial: 'HSYN-000000009',
      }),
    ).toMatchObject({ success: true, data: { startSerial: 'HSYN-000000001' } });
    for (const [, , serial] of lookAlikes) {
      expect(
        validate(createSerialRangeSchema, { ...range, startSerial: serial, endSerial: serial }),
      ).toMatchObject({ success: false, fields: { startSerial: field, endSerial: field } });
      expect(validate(listSerialRangesQuerySchema, { filter: serial })).toMatchObject({
        success: false,
        fields: { filter: field },
      });
      expect(validate(listReportRequestsQuerySchema, { serial })).toMatchObject({
        success: false,
        fields: { serial: field },
      });
      expect(validate(listTestResultsQuerySchema, { serial })).toMatchObject({
        success: false,
        fields: { serial: field },
      });
      expect(validate(labelsQuerySchema, { from: serial })).toMatchObject({
        success: false,
        fields: { from: field },
      });
    }
    expect(validate(listSerialRangesQuerySchema, { filter: 'hsyn' })).toMatchObject({
      data: { filter: 'HSYN' },
    });
  });
});

describe('report numbers on the verification route', () => {
  it('upper-case ASCII letters only, so a look-alike number never verifies as a real one', async () => {
    const { reportNumberParams } = await import('../../lambdas/shared/contract/schemas/params');
    const number = (typed: string) =>
      reportNumberParams.parse({ reportNumber: typed }).reportNumber;
    expect(number(' tr-ab12c-3de4f ')).toBe('TR-AB12C-3DE4F');
    expect(number('TR-\u017f1234-ABCDE')).toBe('TR-\u017f1234-ABCDE');
    expect(number('TR-\u01311234-ABCDE')).toBe('TR-\u01311234-ABCDE');
  });
});
