import * as z from 'zod';
import { gtinCheckDigit, gtinProblem, toGtin14 } from '../gs1';
import { decimalField, versionField } from '../numbers';
import { optionalPrintedText, printedText } from '../text';

/**
 * The fluids a valve can be rated for. The list lives here, in the shared contract,
 * so the form's choices, the API's check and the translations agree; adding a fluid is
 * a one-line change plus its two labels (`product.fluids.*` in the web resources).
 */
export const fluids = ['water', 'oil', 'gas', 'steam', 'air', 'chemical', 'slurry'] as const;
export type Fluid = (typeof fluids)[number];

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
const productShape = {
  name: printedText(120),
  temperatureMin: temperature,
  temperatureMax: temperature,
  fluid: z.enum(fluids),
  connection: printedText(100),
  /** bar, cast iron (FC) body; null when the product is not offered in it. */
  pressureFC: pressure,
  /** bar, cast steel (WCB) body. */
  pressureWCB: pressure,
  /** bar, stainless steel (SUS) body. */
  pressureSUS: pressure,
  application: optionalPrintedText(200),
  applicationMedium: optionalPrintedText(200),
  /** GTIN-14, or null. Fixed once the product has serial ranges (labels carry it). */
  gtin: gtinField,
};

/** A product's own fields in form order: what the form shows and an audit entry compares. */
export const productFieldNames = Object.keys(productShape) as (keyof typeof productShape)[];

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

/** Who and when, on every record. */
export const auditSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
});

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    temperatureMin: z.number(),
    temperatureMax: z.number(),
    fluid: z.enum(fluids),
    connection: z.string(),
    pressureFC: z.number().nullable(),
    pressureWCB: z.number().nullable(),
    pressureSUS: z.number().nullable(),
    application: z.string().nullable(),
    applicationMedium: z.string().nullable(),
    /** GTIN-14, or null when the product has none (older records have no attribute). */
    gtin: z.string().nullable().default(null),
    /** The version of the product's test plan in force; null when it has none. */
    planVersion: z.number().int().nullable().default(null),
  })
  .extend(auditSchema.shape);
export type Product = z.infer<typeof productSchema>;

/**
 * Shared by every back-office list: `limit` 1–1000 (1000 serves "All") as plain digits,
 * and the opaque `cursor` the previous page named. A cursor is checked where it is read
 * (lambdas/shared/data/cursor.ts): anything the server did not issue, whatever its length,
 * is "The page cursor is invalid or expired".
 */
export const listPageSchema = {
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .default(20),
  cursor: z.string().optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
};

export const listProductsQuerySchema = z.strictObject({
  ...listPageSchema,
  sort: z.enum(['name', 'updatedAt']).default('name'),
  /** Names starting with this text, case-insensitively (with `sort=name`). */
  filter: z.string().trim().max(120).optional(),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Total of the unfiltered list, from the counters; null when a filter applies. */
  total: number | null;
}
