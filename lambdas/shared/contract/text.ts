import * as z from 'zod';

/**
 * Free text fields of requests (product names and connections, test names, methods, units,
 * notes, machine names): trimmed, at most `max` characters, and without control
 * characters, which would break CSV exports and log lines (`validation.controlChars`).
 */

const isControl = (character: string) => {
  const code = character.codePointAt(0)!;
  return code < 0x20 || code === 0x7f;
};

/** Required free text of at most `max` characters. */
export const freeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => ![...value].some(isControl), { params: { rule: 'controlChars' } });

/** Optional free text: missing, null, '' and blanks all become null. */
export const optionalFreeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => ![...value].some(isControl), { params: { rule: 'controlChars' } })
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
