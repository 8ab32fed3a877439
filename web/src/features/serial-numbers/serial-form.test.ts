import { serialAsTyped } from '../../../../lambdas/shared/contract/serial';
import { describe, expect, it } from 'vitest';
import {
  createSerialRangeSchema,
  type SerialRange,
} from '../../../../lambdas/shared/contract/schemas/serial-range';
import { validate } from '../../../../lambdas/shared/contract/validation';
import { serialRangesCsv } from './serial-csv';
import {
  changedSerialFields,
  emptySerialForm,
  rangeTotal,
  serialFormValues,
  serialRangeInput,
} from './serial-form';

const range: SerialRange = {
  id: 'r-1',
  productId: 'p-1',
  startSerial: 'AV-2024-000100',
  endSerial: 'AV-2024-000199',
  totalUnits: 100,
  productionDate: '2024-03-01',
  gtin: null,
  bodyMaterial: 'WCB',
  version: 2,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-02-03T04:05:06.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'admin@example.com',
};

describe('serialAsTyped', () => {
  it('trims and upper-cases as typed', () => {
    expect(serialAsTyped(' av-2024-000100 ')).toBe('AV-2024-000100');
    expect(serialAsTyped('sn')).toBe('SN');
  });
});

describe('rangeTotal', () => {
  it('counts the units of a range, both ends included', () => {
    expect(rangeTotal('AV-2024-000100', 'AV-2024-000199')).toBe(100);
    expect(rangeTotal('av-1', 'AV-1')).toBe(1);
    expect(rangeTotal('000001', '999999')).toBe(999_999);
  });

  it('stays silent until both serials form a range', () => {
    expect(rangeTotal('', '')).toBeUndefined();
    expect(rangeTotal('AV-2024-000100', '')).toBeUndefined();
    expect(rangeTotal('AV-2024-000100', 'AV-2024-0001')).toBeUndefined(); // width
    expect(rangeTotal('AV-2024-000100', 'BV-2024-000199')).toBeUndefined(); // prefix
    expect(rangeTotal('AV-2024-000199', 'AV-2024-000100')).toBeUndefined(); // order
    expect(rangeTotal('AV-', 'AV-')).toBeUndefined(); // format
  });
});

describe('serialRangeInput', () => {
  it('reports empty fields as required', () => {
    const result = validate(createSerialRangeSchema, serialRangeInput(emptySerialForm));
    expect(result.success).toBe(false);
    if (result.success) return;
    for (const field of ['productId', 'startSerial', 'endSerial', 'productionDate']) {
      expect(result.fields[field], field).toEqual({ key: 'validation.required' });
    }
  });

  it('passes a range the API accepts, and names the broken rule otherwise', () => {
    expect(validate(createSerialRangeSchema, serialRangeInput(serialFormValues(range)))).toEqual({
      success: true,
      data: {
        productId: 'p-1',
        startSerial: 'AV-2024-000100',
        endSerial: 'AV-2024-000199',
        productionDate: '2024-03-01',
      },
    });
    const reversed = validate(
      createSerialRangeSchema,
      serialRangeInput({ ...serialFormValues(range), endSerial: 'AV-2024-000099' }),
    );
    expect(reversed.success ? undefined : reversed.fields.endSerial).toEqual({
      key: 'validation.serialOrder',
    });
    const badDate = validate(
      createSerialRangeSchema,
      serialRangeInput({ ...serialFormValues(range), productionDate: '2024-02-30' }),
    );
    expect(badDate.success ? undefined : badDate.fields.productionDate).toEqual({
      key: 'validation.date',
    });
  });
});

describe('changedSerialFields', () => {
  it('names the fields another person changed', () => {
    expect(
      changedSerialFields(range, { ...range, endSerial: 'AV-2024-000299', version: 3 }),
    ).toEqual(['endSerial']);
  });
});

describe('serialRangesCsv', () => {
  it('writes the API fields with the product name next to its id', () => {
    const csv = serialRangesCsv(
      [range, { ...range, id: 'r-2', productId: 'gone' }],
      new Map([['p-1', { name: '球閥, DN50' }]]),
    );
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'id,productId,productName,startSerial,endSerial,totalUnits,productionDate,version,createdAt,updatedAt',
    );
    expect(first).toBe(
      'r-1,p-1,"球閥, DN50",AV-2024-000100,AV-2024-000199,100,2024-03-01,2,2026-01-02T03:04:05.000Z,2026-02-03T04:05:06.000Z',
    );
    expect(second?.startsWith('r-2,gone,,AV-')).toBe(true);
  });
});
