/**
 * Serial numbers: an optional prefix followed by a run of digits (`AV-2024-000123`:
 * prefix `AV-2024-`, number `000123`). Shared by the API, the lookup and the forms.
 */
export interface ParsedSerial {
  /** Trimmed and upper-cased input. */
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

export function normalizeSerial(input: string): string {
  return input.trim().toUpperCase();
}

/** Parses a serial, or returns null when it is not prefix + digits within the limits. */
export function parseSerial(input: string): ParsedSerial | null {
  const serial = normalizeSerial(input);
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
