import * as z from 'zod';

/**
 * Free text fields of requests (product names and connections, test names, methods, units,
 * notes, machine names): trimmed, at most `max` characters, without control characters
 * (C0, DEL, C1), which would break CSV exports and log lines, and without invisible format
 * characters (zero-width spaces and joiners, direction marks and overrides, the byte-order
 * mark, the soft hyphen), which would let two names that look the same differ, or make a
 * text read backwards (`validation.controlChars`). What is stored is the canonical form:
 * Unicode NFC (an accented letter is one character however it was typed) with every run
 * of white space one space, so `Café` typed either way, or a name with a double space, is
 * the same name to the uniqueness checks and to the test plan's matching.
 */

/**
 * Control (C0, DEL, C1) and invisible format characters, and U+FFFD, what a decoder leaves
 * of bytes that were not UTF-8 (a body sent in another encoding).
 */
const hidden = /[\p{Cc}\p{Cf}\uFFFD]/u;

/** The form free text is stored in: NFC, single spaces. */
export const canonical = (value: string) => value.normalize('NFC').replace(/\s+/gu, ' ');

/** Required free text of at most `max` characters. */
export const freeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hidden.test(value), { params: { rule: 'controlChars' } })
    .transform(canonical);

/** A further check of a free text's canonical form (printed-text.ts: the fonts). */
export type TextCheck = (value: string, context: z.core.$RefinementCtx) => void;

const noFurtherCheck: TextCheck = () => undefined;

/** Optional free text: missing, null, '' and blanks all become null. */
export const optionalFreeText = (max: number, check: TextCheck = noFurtherCheck) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hidden.test(value), { params: { rule: 'controlChars' } })
    .transform(canonical)
    .superRefine(check)
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
