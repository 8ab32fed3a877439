import * as z from 'zod';

/**
 * Numbers the table can hold, and the one way request schemas declare a number field.
 *
 * DynamoDB stores numbers of at most 38 significant digits with magnitudes from 1e-130 to
 * below 1e126, and the document client refuses integers beyond ±2^53 − 1 (they would come
 * back changed). JSON has no such limits. So every number a request carries is bounded by
 * its field's physical range and precision here, at the boundary, and a value outside
 * them is `invalid-argument` naming the field: it never reaches the table.
 * (docs/api.md, "Numbers", lists each field's range and precision.)
 */

/** The largest magnitude any number field may allow: exact as a double and storable. */
export const maxStorableMagnitude = Number.MAX_SAFE_INTEGER;
/** DynamoDB's smallest non-zero magnitude. */
export const minStorableMagnitude = 1e-130;

/** True when the table can store `value` and give the same number back. */
export function isStorableNumber(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const magnitude = Math.abs(value);
  return (
    magnitude <= maxStorableMagnitude && (magnitude === 0 || magnitude >= minStorableMagnitude)
  );
}

/** `-0` is stored and answered as `0`: the sign of zero means nothing in a measurement. */
const withoutNegativeZero = (value: number) => (Object.is(value, -0) ? 0 : value);

/** True when `value` has at most `decimals` digits after the decimal point. */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number(value.toFixed(decimals)) === value;
}

/**
 * A quantity typed by a person (a temperature, a pressure rating): within `min`–`max`,
 * with at most `decimals` decimal places. Anything finer is a typing error, and the
 * decimal limit keeps tiny magnitudes (1e-200) out.
 */
export function decimalField(rule: { min: number; max: number; decimals: number }) {
  if (!isStorableNumber(rule.min) || !isStorableNumber(rule.max)) {
    throw new Error('A number field must have storable bounds');
  }
  return z
    .number()
    .min(rule.min)
    .max(rule.max)
    .refine((value) => hasAtMostDecimals(value, rule.decimals), {
      params: { rule: 'decimals', max: rule.decimals },
    })
    .transform(withoutNegativeZero);
}

/** The bounds of a measured value (`value` of a test result). */
export const measurementLimits = {
  /** Larger magnitudes are not a measurement of a valve test (and 2^53 is near). */
  maxMagnitude: 1e12,
  /** Smaller non-zero magnitudes (a helium leak rate goes down to about 1e-12) are noise. */
  minMagnitude: 1e-15,
  /** What a double holds exactly; further digits of a JSON number are rounding noise. */
  significantDigits: 15,
} as const;

/**
 * A value a test bench measured: 0, or a magnitude between 1e-15 and 1e12, kept to 15
 * significant digits (0.1 + 0.2 is stored as 0.3). Exponent forms are numbers like any
 * other; numeric strings are not numbers.
 */
export function measurementField() {
  const { maxMagnitude, minMagnitude, significantDigits } = measurementLimits;
  return z
    .number()
    .min(-maxMagnitude)
    .max(maxMagnitude)
    .refine((value) => value === 0 || Math.abs(value) >= minMagnitude, {
      params: { rule: 'nearZero', min: minMagnitude },
    })
    .transform((value) => withoutNegativeZero(Number(value.toPrecision(significantDigits))));
}

/** A record's version: a positive safe integer (an edit names the one it was based on). */
export const versionField = z.number().int().min(1).max(maxStorableMagnitude);

/**
 * The smallest positive double. A number written with non-zero digits that a double cannot
 * hold (`1e-400`) reads as 0, and would pass as 0 (an upper limit of 0, a leak of none):
 * {@link readDecimal} and {@link keepUnderflowVisible} read it as this instead, with its
 * sign, so every number field refuses it as too small, naming the field.
 */
const underflowed = Number.MIN_VALUE;

/** A decimal's text as a number, an underflow kept visible (see {@link underflowed}). */
export function readDecimal(text: string): number {
  const value = Number(text);
  if (value !== 0 || !/[1-9]/.test(text.replace(/[eE].*$/, ''))) return value;
  return text.trim().startsWith('-') ? -underflowed : underflowed;
}

const jsonNumber = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * A JSON text with every number literal that underflows to 0 written as the smallest double
 * instead (see {@link underflowed}), strings left as they are. JSON.parse reads `1e-400` as 0
 * and keeps no trace of it; the request's schemas then refuse the field.
 */
export function keepUnderflowVisible(json: string): string {
  let out = '';
  let last = 0;
  for (let index = 0; index < json.length; index++) {
    const char = json[index]!;
    if (char === '"') {
      // Skip the string, escapes included.
      for (index++; index < json.length && json[index] !== '"'; index++) {
        if (json[index] === '\\') index++;
      }
      continue;
    }
    if (char !== '-' && (char < '0' || char > '9')) continue;
    jsonNumber.lastIndex = index;
    const match = jsonNumber.exec(json);
    if (!match) continue;
    const token = match[0];
    const value = readDecimal(token);
    if (value !== 0 && Number(token) === 0) {
      out += json.slice(last, index) + String(value);
      last = index + token.length;
    }
    index += token.length - 1;
  }
  return last === 0 ? json : out + json.slice(last);
}
