import { describeCharacters, unprintableCharacters } from './pdf-characters';
import { freeText, optionalFreeText, type TextCheck } from './text';

/*
 * Free text that labels and reports print. Apart from text.ts because the list of the
 * characters the fonts draw is 16 kB: only the functions that take product texts load it.
 */

/**
 * Refuses characters the label and report PDFs cannot draw (pdf-characters.ts), naming
 * them (`validation.pdfCharacters`): they would print as `?`.
 */
const refuseUnprintable: TextCheck = (value, context) => {
  const missing = unprintableCharacters(value);
  if (missing.length === 0) return;
  context.addIssue({
    code: 'custom',
    input: value,
    params: { rule: 'pdfCharacters', characters: describeCharacters(missing) },
  });
};

/** Required free text that labels or reports print: {@link freeText}, drawable by their fonts. */
export const printedText = (max: number) => freeText(max).superRefine(refuseUnprintable);

/** Optional free text that reports print: {@link optionalFreeText}, drawable by their fonts. */
export const optionalPrintedText = (max: number) => optionalFreeText(max, refuseUnprintable);
