import { describe, expect, it } from 'vitest';
import { dateRangeProblem, dateRangeQuery, isIsoDate, pickerDate } from './date-range';

describe('date ranges of list filters', () => {
  it('reads the date of what a picker gives', () => {
    expect(pickerDate('2026-11-21')).toBe('2026-11-21');
    expect(pickerDate('2026-11-21T00:00:00')).toBe('2026-11-21');
    expect(pickerDate('')).toBeUndefined();
    expect(pickerDate(undefined)).toBeUndefined();
    expect(pickerDate('2026-02-30')).toBeUndefined();
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
  });

  it('names the problem of a range', () => {
    expect(dateRangeProblem({})).toBeUndefined();
    expect(dateRangeProblem({ from: '2026-11-01' })).toBeUndefined();
    expect(dateRangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(dateRangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe('dateOrder');
    expect(dateRangeProblem({ to: '2026-13-01' })).toBe('date');
  });

  it('sends only the ends that are set', () => {
    expect(dateRangeQuery({})).toEqual({});
    expect(dateRangeQuery({ from: '2026-11-01' })).toEqual({ from: '2026-11-01' });
    expect(dateRangeQuery({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});
