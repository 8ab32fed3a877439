import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, formatDecimal, formatNumber } from './format';

describe('formatNumber', () => {
  it('groups digits', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
    expect(formatNumber(0, 'en')).toBe('0');
  });
});

describe('formatDateTime', () => {
  it('formats per language', () => {
    const iso = '2026-03-04T05:06:07Z';
    expect(formatDateTime(iso, 'en')).toMatch(/2026/);
    expect(formatDateTime(iso, 'zh')).toMatch(/2026年3月/);
  });

  it('returns undefined for a non-date', () => {
    expect(formatDateTime('not a date', 'en')).toBeUndefined();
  });
});

describe('formatDecimal', () => {
  it('writes a true minus sign and at most two decimals', () => {
    expect(formatDecimal(-29, 'en')).toBe('\u221229');
    expect(formatDecimal(425, 'zh')).toBe('425');
    expect(formatDecimal(1.5, 'en')).toBe('1.5');
    expect(formatDecimal(2.345, 'en')).toBe('2.35');
    expect(formatDecimal(1200, 'en')).toBe('1,200');
  });
});

describe('formatCalendarDate', () => {
  it('shows the same calendar day, per language', () => {
    expect(formatCalendarDate('2024-03-01', 'en')).toBe('Mar 1, 2024');
    expect(formatCalendarDate('2024-03-01', 'zh')).toBe('2024年3月1日');
  });

  it('returns undefined for anything else', () => {
    expect(formatCalendarDate('2024-3-1', 'en')).toBeUndefined();
    expect(formatCalendarDate('2024-02-31T00:00', 'en')).toBeUndefined();
  });
});
