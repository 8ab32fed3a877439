/**
 * GS1 identifiers and a unit's identification link (docs/identity-links.md): GTIN check
 * digits (GS1 General Specifications 7.9), the character set of AI 21 (set 82), the GS1
 * Digital Link URI of a serialised unit and its element string. Shared by the API, the
 * resolver, the label renderer and the web forms, so all of them agree on a link.
 */

/** Lengths a GTIN is written in: GTIN-8, GTIN-12 (UPC), GTIN-13 (EAN), GTIN-14. */
export const gtinLengths = [8, 12, 13, 14] as const;

/** AI 21 (serial number): at most 20 characters of GS1 character set 82. */
export const maxAi21Length = 20;

/**
 * GS1 AI encodable character set 82 (General Specifications, figure 7.11-1): digits,
 * letters of both cases and `! " % & ' ( ) * + , - . / : ; < = > ? _`.
 */
const cset82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/**
 * The check digit of the digits before it: from the right, weights 3, 1, 3, ...; the
 * check digit brings the sum up to a multiple of ten.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Why a GTIN is refused, or null when it is valid. `zero`: every digit before the check
 * digit is 0 (`00000000`, which the check digit formula accepts): no GS1 company prefix
 * starts with it, so no trade item has it (it would also pad to the GTIN-14 of zeros
 * that stands for "no GTIN" in GS1 data).
 */
export type GtinProblem = 'format' | 'length' | 'zero' | 'checkDigit';

/** The one GTIN check: the product schema and the resolver both answer from it. */
export function gtinProblem(input: string): GtinProblem | null {
  if (!/^\d+$/.test(input)) return 'format';
  if (!(gtinLengths as readonly number[]).includes(input.length)) return 'length';
  if (/^0+$/.test(input.slice(0, -1))) return 'zero';
  const expected = gtinCheckDigit(input.slice(0, -1));
  return expected === Number(input.at(-1)) ? null : 'checkDigit';
}

/** A valid GTIN of any length as GTIN-14 (left zero-padded), the form GS1 Digital Link uses. */
export function toGtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}

/** Whether `value` may be an AI 21 serial: 1 to 20 characters of set 82. */
export function isAi21(value: string): boolean {
  return value.length >= 1 && value.length <= maxAi21Length && cset82.test(value);
}

/** Whether every character of `value` is in GS1 character set 82. */
export function inCset82(value: string): boolean {
  return cset82.test(value);
}

/**
 * An AI value as a URI path segment (GS1 Digital Link URI syntax 4.2): every character
 * other than RFC 3986's unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded, so `/`
 * in a serial becomes `%2F` and the segment never splits.
 */
export function encodeAiValue(value: string): string {
  let encoded = '';
  for (const character of value) {
    if (/[A-Za-z0-9\-._~]/.test(character)) encoded += character;
    else {
      for (const byte of new TextEncoder().encode(character)) {
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
    }
  }
  return encoded;
}

/** What a unit's identification link is made of: stored data only. */
export interface UnitIdentity {
  /** The unit's serial, as stored (trimmed, upper-case). */
  serial: string;
  /** The product's GTIN-14, or null when it has none. */
  gtin: string | null;
}

/**
 * The unit's identification link (IEC 61406-1; GS1 Digital Link when the product has a
 * GTIN): `<base>/01/<GTIN-14>/21/<serial>`, else the product's own form `<base>/id/<serial>`.
 * `base` is the configured link base (IDENTITY_LINK_BASE), without a trailing slash.
 */
export function identityLink(base: string, unit: UnitIdentity): string {
  const root = base.replace(/\/+$/, '');
  return unit.gtin
    ? `${root}/01/${unit.gtin}/21/${encodeAiValue(unit.serial)}`
    : `${root}/id/${encodeAiValue(unit.serial)}`;
}

/** The GS1 element string in human-readable form, `(01)<GTIN-14>(21)<serial>`; null without a GTIN. */
export function elementString(unit: UnitIdentity): string | null {
  return unit.gtin ? `(01)${unit.gtin}(21)${unit.serial}` : null;
}
