import * as z from 'zod';
import { describeCharacters, unprintableCharacters } from './pdf-characters';
import { canonical, freeText, hidden } from './text';

/*
 * Free text that labels and reports print. Apart from text.ts because the list of the
 * characters the fonts draw is 16 kB: only the functions that take product texts load it.
 */

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
    .refine((value) => !hidden.test(value), { params: { rule: 'controlChars' } })
    // The fonts are checked on the canonical form, as `printedText` does: a decomposed
    // accent is drawn as the one letter it becomes.
    .transform(canonical)
    .superRefine(refuseUnprintable)
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
