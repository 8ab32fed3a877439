import { describe, expect, it } from 'vitest';
import { allPageSize, pageSizeOptions, parsePageSize } from './page-size';

describe('page sizes', () => {
  it('offers 5, 10, 20, 25, 50, 100 and All (the API maximum, 1000)', () => {
    expect(pageSizeOptions).toEqual([5, 10, 20, 25, 50, 100, 1000]);
    expect(allPageSize).toBe(1000);
  });

  it('accepts only offered sizes from storage', () => {
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize('1000')).toBe(1000);
    expect(parsePageSize(50)).toBe(50);
    for (const value of ['7', '0', '-5', '20abc', '', null, undefined, 1001, 'all']) {
      expect(parsePageSize(value), String(value)).toBeUndefined();
    }
  });
});
