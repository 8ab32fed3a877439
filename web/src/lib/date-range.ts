/**
 * A list filter's date range: whole calendar days, `YYYY-MM-DD`, both ends included,
 * as the history and machine data lists take them (`from`, `to`). Either end may be
 * open.
 */
export interface DateRange {
  from?: string;
  to?: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Month 13 is no date at all; February 30 rolls over into March.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The date part of what a date picker gives (`YYYY-MM-DD`, with or without a time),
 * or undefined when it is empty or not a date.
 */
export function pickerDate(value: string | undefined): string | undefined {
  const date = value?.trim().slice(0, 10) ?? '';
  return isIsoDate(date) ? date : undefined;
}

/** Why a range cannot be used, or undefined when it can (an open end is fine). */
export function dateRangeProblem(range: DateRange): 'date' | 'dateOrder' | undefined {
  if ((range.from && !isIsoDate(range.from)) || (range.to && !isIsoDate(range.to))) return 'date';
  if (range.from && range.to && range.from > range.to) return 'dateOrder';
  return undefined;
}

/** The query parameters of a range: only the ends that are set. */
export function dateRangeQuery(range: DateRange): { from?: string; to?: string } {
  return {
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  };
}
