import { describe, expect, it } from 'vitest';
import {
  productFieldsSchema,
  updateProductSchema,
} from '../../../../lambdas/shared/contract/schemas/product';
import { type Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import { validate } from '../../../../lambdas/shared/contract/validation';
import { shownIssue } from '../../lib/use-schema-form';
import { productsCsv } from './product-csv';
import {
  changedProductFields,
  emptyProductForm,
  productFormValues,
  productInput,
  type ProductFormValues,
} from './product-form';

const product: Product = {
  id: 'p-1',
  name: 'Ball valve BV-50',
  nameZh: '球閥 BV-50',
  connectionZh: null,
  applicationZh: null,
  applicationMediumZh: null,
  temperatureMin: -29,
  temperatureMax: 425,
  fluid: 'steam',
  connection: 'Flanged DN50',
  pressureFC: 16,
  pressureWCB: 40,
  pressureSUS: null,
  application: 'Boilers',
  applicationMedium: null,
  planVersion: null,
  gtin: null,
  version: 3,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-02-03T04:05:06.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'staff@example.com',
};

const typed: ProductFormValues = {
  name: '  Gate valve ',
  nameZh: ' 閘閥 ',
  connectionZh: '',
  applicationZh: '',
  applicationMediumZh: '',
  temperatureMin: '-10',
  temperatureMax: '180.5',
  fluid: 'water',
  connection: '2" BSP',
  pressureFC: '',
  pressureWCB: '25',
  pressureSUS: '１６',
  application: '',
  applicationMedium: 'Drinking water',
  gtin: ' 9506000134352 ',
};

describe('productInput', () => {
  it('turns typed text into what the shared schema accepts', () => {
    const result = validate(productFieldsSchema, productInput(typed));
    expect(result).toEqual({
      success: true,
      data: {
        name: 'Gate valve',
        // The Chinese texts are trimmed like the English ones; empty is none.
        nameZh: '閘閥',
        temperatureMin: -10,
        temperatureMax: 180.5,
        fluid: 'water',
        connection: '2" BSP',
        connectionZh: null,
        pressureFC: null,
        pressureWCB: 25,
        pressureSUS: 16,
        application: null,
        applicationZh: null,
        applicationMedium: 'Drinking water',
        applicationMediumZh: null,
        gtin: '09506000134352',
      },
    });
  });

  it('reports empty required fields as required, and bad numbers as not valid', () => {
    const result = validate(productFieldsSchema, productInput(emptyProductForm));
    expect(result.success).toBe(false);
    if (result.success) return;
    for (const field of [
      'name',
      'temperatureMin',
      'temperatureMax',
      'fluid',
      'connection',
    ] as const) {
      const issue = result.fields[field];
      expect(issue && shownIssue(issue, emptyProductForm[field]), field).toEqual({
        key: 'validation.required',
      });
    }
    // Empty pressures mean "not offered": no message.
    expect(result.fields.pressureFC).toBeUndefined();

    // A typed value that is wrong stays "not valid".
    expect(shownIssue({ key: 'validation.invalid' }, 'abc')).toEqual({ key: 'validation.invalid' });
    const wrong = validate(
      productFieldsSchema,
      productInput({ ...typed, temperatureMin: 'abc', pressureFC: '-1', pressureSUS: '1001' }),
    );
    expect(wrong.success).toBe(false);
    if (wrong.success) return;
    expect(wrong.fields.temperatureMin).toEqual({ key: 'validation.invalid' });
    expect(wrong.fields.pressureFC).toEqual({ key: 'validation.numberMin', params: { min: 0 } });
    expect(wrong.fields.pressureSUS).toEqual({
      key: 'validation.numberMax',
      params: { max: 1000 },
    });
  });

  it('puts a reversed temperature span on the maximum', () => {
    const result = validate(
      productFieldsSchema,
      productInput({ ...typed, temperatureMin: '200', temperatureMax: '100' }),
    );
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.fields.temperatureMax).toEqual({ key: 'validation.temperatureOrder' });
    }
  });
  it('refuses control characters in free text, which would break CSV exports', () => {
    const result = validate(
      productFieldsSchema,
      productInput({ ...typed, name: 'Gate\u0007valve', application: 'Boilers\u001b[31m' }),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fields.name).toEqual({ key: 'validation.controlChars' });
    expect(result.fields.application).toEqual({ key: 'validation.controlChars' });
    expect(result.fields.connection).toBeUndefined();
  });
});

describe('productFormValues', () => {
  it('fills the form from a product, and reads back to the same fields', () => {
    const values = productFormValues(product);
    expect(values).toMatchObject({
      temperatureMin: '-29',
      pressureSUS: '',
      applicationMedium: '',
      fluid: 'steam',
    });
    const result = validate(updateProductSchema, {
      ...productInput(values),
      version: product.version,
    });
    expect(result.success).toBe(true);
    if (result.success) {
      const { version, ...fields } = result.data;
      expect(version).toBe(3);
      expect(fields).toEqual({
        name: product.name,
        nameZh: product.nameZh,
        connectionZh: null,
        applicationZh: null,
        applicationMediumZh: null,
        temperatureMin: product.temperatureMin,
        temperatureMax: product.temperatureMax,
        fluid: product.fluid,
        connection: product.connection,
        pressureFC: product.pressureFC,
        pressureWCB: product.pressureWCB,
        pressureSUS: product.pressureSUS,
        application: product.application,
        applicationMedium: product.applicationMedium,
        gtin: product.gtin,
      });
    }
  });
});

describe('changedProductFields', () => {
  it('names the fields another person changed', () => {
    const newer = { ...product, name: 'Ball valve BV-50 v2', pressureSUS: 25, version: 4 };
    expect(changedProductFields(product, newer)).toEqual(['name', 'pressureSUS']);
    expect(changedProductFields(product, { ...product, version: 4 })).toEqual([]);
  });
});

describe('productsCsv', () => {
  it('writes every field under its API name, raw values, empty for none', () => {
    const csv = productsCsv([
      product,
      { ...product, id: 'p-2', name: '=cmd|calc', fluid: 'oil', gtin: '09506000134352' },
    ]);
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'id,name,nameZh,temperatureMax,temperatureMin,fluid,connection,connectionZh,pressureFC,pressureWCB,pressureSUS,application,applicationZh,applicationMedium,applicationMediumZh,gtin,version,createdAt,updatedAt',
    );
    // Both texts of each pair; a missing Chinese text is empty.
    expect(first).toBe(
      'p-1,Ball valve BV-50,球閥 BV-50,425,-29,steam,Flanged DN50,,16,40,,Boilers,,,,,3,2026-01-02T03:04:05.000Z,2026-02-03T04:05:06.000Z',
    );
    expect(second?.split(',')[1]).toBe("'=cmd|calc");
    expect(second?.split(',')[15]).toBe('09506000134352');
  });
});
