import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber } from './format';

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
