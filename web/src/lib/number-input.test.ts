import { describe, expect, it } from 'vitest';
import { numberInputText, parseNumberInput } from './number-input';

describe('parseNumberInput', () => {
  it('reads plain decimals, signed or not', () => {
    expect(parseNumberInput('425')).toBe(425);
    expect(parseNumberInput(' -29 ')).toBe(-29);
    expect(parseNumberInput('+1.5')).toBe(1.5);
    expect(parseNumberInput('0.25')).toBe(0.25);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput('16.')).toBe(16);
  });

  it('treats an empty field as no value', () => {
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput('   ')).toBeUndefined();
  });

  it('accepts full-width digits and the true minus sign', () => {
    expect(parseNumberInput('１６')).toBe(16);
    expect(parseNumberInput('\u221229')).toBe(-29);
    expect(parseNumberInput('－１０．５')).toBe(-10.5);
  });

  it('gives NaN for anything that is not a plain decimal', () => {
    for (const text of ['abc', '1e3', '0x10', '1,000', '--1', '1.2.3', 'Infinity', '-']) {
      expect(parseNumberInput(text), text).toBeNaN();
    }
  });
});

describe('numberInputText', () => {
  it('writes stored numbers back, and nothing for none', () => {
    expect(numberInputText(-29)).toBe('-29');
    expect(numberInputText(1.5)).toBe('1.5');
    expect(numberInputText(0)).toBe('0');
    expect(numberInputText(null)).toBe('');
    expect(numberInputText(undefined)).toBe('');
  });
});
