import type { PressureRatings } from '../../../../lambdas/shared/contract/materials';
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
  materialAfterProductChange,
  materialField,
  rangeMaterialState,
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
        bodyMaterial: 'WCB',
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

/** Pressure ratings of products rating no, one, and several materials. */
const unrated: PressureRatings = { pressureFC: null, pressureWCB: null, pressureSUS: null };
const wcbOnly: PressureRatings = { ...unrated, pressureWCB: 25 };
const several: PressureRatings = { pressureFC: 16, pressureWCB: 25, pressureSUS: null };
const catalogue = new Map<string, PressureRatings>([
  ['p-none', unrated],
  ['p-one', wcbOnly],
  ['p-several', several],
]);
const check = (values: typeof emptySerialForm) =>
  validate(
    createSerialRangeSchema,
    serialRangeInput(values, (id) => catalogue.get(id)),
  );

describe('the body material field', () => {
  it('follows the product: hidden, fixed to its one material, or a choice among several', () => {
    expect(materialField(undefined)).toEqual({ kind: 'pending' });
    expect(materialField(unrated)).toEqual({ kind: 'none' });
    expect(materialField(wcbOnly)).toEqual({ kind: 'fixed', material: 'WCB' });
    expect(materialField(several)).toEqual({ kind: 'choose', materials: ['FC', 'WCB'] });
  });

  it('is required for a product rated in several materials, as the API requires it', () => {
    const values = { ...serialFormValues(range), productId: 'p-several', bodyMaterial: '' };
    const missing = check(values);
    expect(missing.success ? undefined : missing.fields).toEqual({
      bodyMaterial: { key: 'validation.required' },
    });
    const chosen = check({ ...values, bodyMaterial: 'FC' });
    expect(chosen.success && chosen.data.bodyMaterial).toBe('FC');
  });

  it('sends the product’s only material, or none, whatever was chosen before', () => {
    const values = { ...serialFormValues(range), bodyMaterial: '' };
    const one = check({ ...values, productId: 'p-one' });
    expect(one.success && one.data.bodyMaterial).toBe('WCB');
    const none = check({ ...values, productId: 'p-none', bodyMaterial: 'FC' });
    expect(none.success && none.data.bodyMaterial).toBeNull();
  });

  it('leaves the material as chosen for a product not known here, for the API to decide', () => {
    const unknown = check({ ...serialFormValues(range), productId: 'p-elsewhere' });
    expect(unknown.success && unknown.data.bodyMaterial).toBe('WCB');
  });

  it('keeps a choice the new product rates among several, and clears any other', () => {
    expect(materialAfterProductChange('WCB', several)).toBe('WCB');
    expect(materialAfterProductChange('SUS', several)).toBe('');
    expect(materialAfterProductChange('WCB', wcbOnly)).toBe('');
    expect(materialAfterProductChange('FC', unrated)).toBe('');
    expect(materialAfterProductChange('FC', undefined)).toBe('FC');
  });

  it('starts empty (and so required) on a range recorded before materials', () => {
    expect(serialFormValues({ ...range, bodyMaterial: null }).bodyMaterial).toBe('');
  });
});

describe('rangeMaterialState', () => {
  it('says when a range still needs its material: its product rates some', () => {
    expect(rangeMaterialState(range, several)).toEqual({ kind: 'set', material: 'WCB' });
    expect(rangeMaterialState({ bodyMaterial: null }, several)).toEqual({ kind: 'missing' });
    expect(rangeMaterialState({ bodyMaterial: null }, wcbOnly)).toEqual({ kind: 'missing' });
    expect(rangeMaterialState({ bodyMaterial: null }, unrated)).toEqual({ kind: 'none' });
    expect(rangeMaterialState({ bodyMaterial: null }, undefined)).toEqual({ kind: 'none' });
  });
});

describe('changedSerialFields', () => {
  it('names the fields another person changed', () => {
    expect(
      changedSerialFields(range, { ...range, endSerial: 'AV-2024-000299', version: 3 }),
    ).toEqual(['endSerial']);
    expect(changedSerialFields({ ...range, bodyMaterial: null }, range)).toEqual(['bodyMaterial']);
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
      'id,productId,productName,bodyMaterial,startSerial,endSerial,totalUnits,productionDate,version,createdAt,updatedAt',
    );
    expect(first).toBe(
      'r-1,p-1,"球閥, DN50",WCB,AV-2024-000100,AV-2024-000199,100,2024-03-01,2,2026-01-02T03:04:05.000Z,2026-02-03T04:05:06.000Z',
    );
    expect(second?.startsWith('r-2,gone,,WCB,AV-')).toBe(true);
    // A range without a recorded material leaves its cell empty.
    const legacy = serialRangesCsv([{ ...range, bodyMaterial: null }], new Map());
    expect(legacy.slice(1).split('\r\n')[1]).toMatch(/^r-1,p-1,,,AV-/);
  });
});
