/**
 * Serial numbers: an optional prefix followed by a run of digits (`AV-2024-000123`:
 * prefix `AV-2024-`, number `000123`). Shared by the API, the lookup and the forms.
 */
export interface ParsedSerial {
  /** Trimmed and upper-cased input (see {@link normalizeSerial}). */
  serial: string;
  prefix: string;
  /** The digits as typed, zero padding kept. */
  digits: string;
  /** Their value. */
  number: number;
}

/** Longest digit run: exact integer arithmetic up to 15 digits. */
export const maxSerialDigits = 15;
export const maxPrefixLength = 40;

const serialPattern = /^([A-Z0-9\-_./]*[A-Z\-_./])?(\d+)$/;

/**
 * The characters a serial may be typed with: ASCII letters of either case, digits and
 * `- _ . /` (all of them in GS1 character set 82, as AI 21 asks).
 */
const serialCharacters = /^[A-Za-z0-9\-_./]*$/;

/**
 * A serial as stored and compared: trimmed and upper-cased; null when it holds any
 * character other than ASCII letters, digits and `- _ . /`. Every place that takes a
 * serial from outside (request schemas, the resolver, the report request, labels, the
 * unit and range lookups, machine data, the web forms) goes through this function.
 *
 * The characters are checked before upper-casing: `toUpperCase` maps look-alikes onto
 * ASCII (`ſ` → `S`, `ı` → `I`, `ß` → `SS`, `ﬁ` → `FI`), so a check after it would let a
 * different string name a real unit.
 */
export function normalizeSerial(input: string): string | null {
  const trimmed = input.trim();
  return serialCharacters.test(trimmed) ? trimmed.toUpperCase() : null;
}

/**
 * A serial as typed into a form or filter: as {@link normalizeSerial} reads it, or, when it
 * holds characters no serial has, trimmed and otherwise as typed (never a look-alike turned
 * into another serial), for the form's check or the API to refuse.
 */
export function serialAsTyped(input: string): string {
  return normalizeSerial(input) ?? input.trim();
}

/** Parses a serial, or returns null when it is not prefix + digits within the limits. */
export function parseSerial(input: string): ParsedSerial | null {
  const serial = normalizeSerial(input);
  if (serial === null) return null;
  const match = serialPattern.exec(serial);
  if (!match) return null;
  const prefix = match[1] ?? '';
  const digits = match[2]!;
  if (prefix.length > maxPrefixLength || digits.length > maxSerialDigits) return null;
  return { serial, prefix, digits, number: Number(digits) };
}

/** Why a start/end pair cannot form a range, or null when it can. */
export type RangeProblem = 'format' | 'prefix' | 'width' | 'order';

export function rangeProblem(start: string, end: string): RangeProblem | null {
  const first = parseSerial(start);
  const last = parseSerial(end);
  if (!first || !last) return 'format';
  if (first.prefix !== last.prefix) return 'prefix';
  if (first.digits.length !== last.digits.length) return 'width';
  if (last.number < first.number) return 'order';
  return null;
}
