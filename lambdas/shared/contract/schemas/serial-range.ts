import * as z from 'zod';
import {
  maxPrefixLength,
  maxSerialDigits,
  normalizeSerial,
  parseSerial,
  rangeProblem,
} from '../serial';
import { bodyMaterials, type BodyMaterial } from '../materials';
import { versionField } from '../numbers';
import { auditSchema, listPageSchema } from './records';

/**
 * Serial text from a request (a serial, or the start of one in a filter): trimmed, at most
 * `max` characters, refused (`validation.serialFormat`) when it holds a character other
 * than ASCII letters, digits and `- _ . /`, and upper-cased, all by {@link normalizeSerial}.
 */
export const serialTextField = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .transform((value, context) => {
      const serial = normalizeSerial(value);
      if (serial !== null) return serial;
      context.addIssue({ code: 'custom', input: value, params: { rule: 'serialFormat' } });
      return z.NEVER;
    });

/** A whole serial (prefix + digits, {@link parseSerial}), normalised. */
export const serialField = z
  .string()
  .trim()
  .min(1)
  .max(maxPrefixLength + maxSerialDigits)
  .transform((value, context) => {
    const serial = parseSerial(value)?.serial;
    if (serial !== undefined) return serial;
    context.addIssue({ code: 'custom', input: value, params: { rule: 'serialFormat' } });
    return z.NEVER;
  });

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const isoDateField = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      // Month 13 is an invalid Date (no ISO string); Feb 30 rolls over to March.
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { params: { rule: 'date' } },
  );

export const rangeShape = {
  productId: z.string().trim().min(1).max(64),
  startSerial: serialField,
  endSerial: serialField,
  productionDate: isoDateField,
  /**
   * The units' body material: one the product rates. Required when it rates several; taken
   * from the product when it rates one; absent when it rates none (the service decides,
   * with the product at hand: docs/data-model.md).
   */
  bodyMaterial: z
    .enum(bodyMaterials)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
};

/**
 * Units one range may hold: far beyond any production run (a plant making a valve a
 * second would need three years), and small enough that the unit counters stay exact
 * however many ranges there are.
 */
export const maxRangeUnits = 100_000_000;

/**
 * Start and end share prefix and digit count, end >= start, and the range holds at most
 * {@link maxRangeUnits}; the issue names the rule.
 */
export function checkRange(
  value: { startSerial: string; endSerial: string },
  context: z.core.$RefinementCtx,
): void {
  const problem = rangeProblem(value.startSerial, value.endSerial);
  if (problem && problem !== 'format') {
    context.addIssue({
      code: 'custom',
      path: ['endSerial'],
      params: { rule: `serial${problem[0]!.toUpperCase()}${problem.slice(1)}` },
    });
    return;
  }
  const start = parseSerial(value.startSerial);
  const end = parseSerial(value.endSerial);
  if (start && end && end.number - start.number + 1 > maxRangeUnits) {
    context.addIssue({
      code: 'custom',
      path: ['endSerial'],
      params: { rule: 'rangeSize', max: maxRangeUnits },
    });
  }
}

export const createSerialRangeSchema = z.strictObject(rangeShape).superRefine(checkRange);
/** A range as written; `bodyMaterial` may be left to the product (one rating, or none). */
export type SerialRangeFields = Omit<z.infer<typeof createSerialRangeSchema>, 'bodyMaterial'> & {
  bodyMaterial?: BodyMaterial | null;
};

export const updateSerialRangeSchema = z
  .strictObject({ ...rangeShape, version: versionField })
  .superRefine(checkRange);

export const serialRangeSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    startSerial: z.string(),
    endSerial: z.string(),
    totalUnits: z.number().int(),
    productionDate: z.string(),
    /**
     * The product's GTIN-14 when the range was written (null: none), which the units'
     * identification links carry. Records written before GTINs existed have none.
     */
    gtin: z.string().nullable().default(null),
    /** The units' body material; null when the product rates none, or not yet recorded. */
    bodyMaterial: z.enum(bodyMaterials).nullable().default(null),
  })
  .extend(auditSchema.shape);
export type SerialRange = z.infer<typeof serialRangeSchema>;

/**
 * What its units hold: test results (voided ones included) and issued reports, counted on
 * the range in the same transactions as the results and reports are stored. A range holding
 * any cannot be deleted; its product and material are then fixed, and its bounds keep every
 * unit with data (docs/data-model.md).
 */
export const rangeHoldingsSchema = z.object({
  resultCount: z.number().int().default(0),
  reportCount: z.number().int().default(0),
});
export type RangeHoldings = z.infer<typeof rangeHoldingsSchema>;

/** `GET /api/serial-numbers/{id}`: the range and what its units hold (the delete dialog says it). */
export const serialRangeDetailSchema = serialRangeSchema.extend(rangeHoldingsSchema.shape);
export type SerialRangeDetail = z.infer<typeof serialRangeDetailSchema>;

/** The longest serial filter the range list takes (the list's filter field stops there). */
export const serialRangeFilterMaxLength = 60;

export const listSerialRangesQuerySchema = z.strictObject({
  ...listPageSchema,
  sort: z.enum(['startSerial', 'updatedAt']).default('startSerial'),
  /** Ranges whose starting serial begins with this text (with `sort=startSerial`). */
  filter: serialTextField(serialRangeFilterMaxLength).optional(),
  /** Only this product's ranges, in serial order. */
  productId: z.string().trim().min(1).max(64).optional(),
});
export type ListSerialRangesQuery = z.infer<typeof listSerialRangesQuerySchema>;

export const lookupSerialQuerySchema = z.strictObject({
  serial: z
    .string()
    .trim()
    .min(1)
    .max(maxPrefixLength + maxSerialDigits),
});
