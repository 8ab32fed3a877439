/** A decimal as people type it: optional sign, digits, optional fraction. */
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The number typed in a number field: `undefined` when the field is empty, `NaN` when
 * the text is not a plain decimal (so the schema reports "not valid" rather than
 * "required"). Full-width digits (a Chinese input method) and the true minus sign
 * (copied from a datasheet) count as the plain ones.
 */
export function parseNumberInput(text: string): number | undefined {
  const plain = text.normalize('NFKC').replaceAll('\u2212', '-').trim();
  if (plain === '') return undefined;
  return decimal.test(plain) ? Number(plain) : Number.NaN;
}

/** The text a number field starts with for a stored value (empty for none). */
export function numberInputText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
