import * as z from 'zod';
import { gtinCheckDigit, gtinProblem, toGtin14 } from '../gs1';
import { decimalField, versionField } from '../numbers';
import { optionalPrintedText, printedText } from '../printed-text';
import { fluids, type ProductFieldName } from './product-record';

/** Temperatures are °C, to 0.01 °C; anything outside this span is a typing error for a valve. */
export const temperatureLimits = { min: -273, max: 1200, decimals: 2 } as const;
/** Pressure ratings are bar (gauge) per body material, to 0.01 bar. */
export const pressureLimits = { min: 0, max: 1000, decimals: 2 } as const;

const temperature = decimalField(temperatureLimits);
const pressure = decimalField(pressureLimits)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/**
 * The product's GTIN (GS1 trade item number), as typed: 8, 12, 13 or 14 digits, not all
 * zero before a correct check digit, stored as GTIN-14; empty or absent is none. The wrong check digit's
 * message names the right one.
 */
const gtinRules = { format: 'gtinFormat', length: 'gtinLength', zero: 'gtinZero' } as const;

export const gtinField = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value === '') return;
    const problem = gtinProblem(value);
    if (!problem) return;
    context.addIssue({
      code: 'custom',
      params:
        problem === 'checkDigit'
          ? { rule: 'gtinCheckDigit', expected: gtinCheckDigit(value.slice(0, -1)) }
          : { rule: gtinRules[problem] },
    });
  })
  .transform((value) => (value === '' ? null : toGtin14(value)))
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/**
 * A product as it is typed: every field of the form. The texts are printed on the report
 * (the name on the labels too), so they take only characters the PDFs' fonts draw.
 */
// Exactly the record's product fields (product-record.ts): a field missing or extra fails
// the type check.
const productShape = {
  name: printedText(120),
  /** The name in Traditional Chinese, for Chinese reports and labels; empty is none. */
  nameZh: optionalPrintedText(120),
  temperatureMin: temperature,
  temperatureMax: temperature,
  fluid: z.enum(fluids),
  connection: printedText(100),
  connectionZh: optionalPrintedText(100),
  /** bar, cast iron (FC) body; null when the product is not offered in it. */
  pressureFC: pressure,
  /** bar, cast steel (WCB) body. */
  pressureWCB: pressure,
  /** bar, stainless steel (SUS) body. */
  pressureSUS: pressure,
  application: optionalPrintedText(200),
  applicationZh: optionalPrintedText(200),
  applicationMedium: optionalPrintedText(200),
  applicationMediumZh: optionalPrintedText(200),
  /** GTIN-14, or null. Fixed once the product has serial ranges (labels carry it). */
  gtin: gtinField,
} satisfies Record<ProductFieldName, z.ZodType>;

const inOrder = (value: { temperatureMin: number; temperatureMax: number }) =>
  value.temperatureMin <= value.temperatureMax;
const orderIssue = { path: ['temperatureMax'], params: { rule: 'temperatureOrder' } };

export const productFieldsSchema = z.strictObject(productShape).refine(inOrder, orderIssue);

export const createProductSchema = productFieldsSchema;
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** An edit carries the version it was based on: a stale edit is refused, never merged. */
export const updateProductSchema = z
  .strictObject({ ...productShape, version: versionField })
  .refine(inOrder, orderIssue);

export {
  listProductsQuerySchema,
  productFilterMaxLength,
  type ListProductsQuery,
} from './product-query';
