import * as z from 'zod';
import { describeCharacters, unprintableCharacters } from './pdf-characters';

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

/**
 * Refuses characters the label and report PDFs cannot draw (pdf-characters.ts), naming
 * them (`validation.pdfCharacters`): they would print as `?`.
 */
function refuseUnprintable(value: string, context: z.core.$RefinementCtx): void {
  const missing = unprintableCharacters(value);
  if (missing.length === 0) return;
  context.addIssue({
    code: 'custom',
    input: value,
    params: { rule: 'pdfCharacters', characters: describeCharacters(missing) },
  });
}

/** Required free text that labels or reports print: {@link freeText}, drawable by their fonts. */
export const printedText = (max: number) => freeText(max).superRefine(refuseUnprintable);

/** Optional free text that reports print: {@link optionalFreeText}, drawable by their fonts. */
export const optionalPrintedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => ![...value].some(isControl), { params: { rule: 'controlChars' } })
    .superRefine(refuseUnprintable)
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
