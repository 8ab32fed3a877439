import { describe, expect, it } from 'vitest';
import { wrapText } from '../../lambdas/report-requests/pdf/text-wrap';

/** A monospaced stand-in: Latin 1 unit wide, CJK 2 (as in print), times the size. */
const font = {
  widthOfTextAtSize: (text: string, size: number) =>
    [...text].reduce(
      (width, character) => width + (/[\u2e80-\uffef]/u.test(character) ? 2 : 1),
      0,
    ) * size,
};
const width = (line: string) => font.widthOfTextAtSize(line, 1);

describe('wrapText', () => {
  it('breaks Latin text at spaces and keeps every word whole', () => {
    const text = 'Issued by Acme at the request of the recipient under the privacy policy';
    const lines = wrapText(text, font, 1, 20);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(20);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(line).toBe(line.trim());
  });

  it('keeps a line that fits as it is', () => {
    expect(wrapText('Steam', font, 1, 20)).toEqual(['Steam']);
  });

  it('breaks a long URL after its separators before cutting it anywhere', () => {
    const lines = wrapText(
      'see https://report.example.com/search?verify=TR-7K3MQ-9X2HB',
      font,
      1,
      24,
    );
    expect(lines).toEqual([
      'see https://',
      'report.example.com/',
      'search?',
      'verify=TR-7K3MQ-9X2HB',
    ]);
  });

  it('cuts a word wider than the line where it overflows', () => {
    const lines = wrapText('A'.repeat(25), font, 1, 10);
    expect(lines).toEqual(['A'.repeat(10), 'A'.repeat(10), 'A'.repeat(5)]);
  });

  it('breaks between CJK characters but never before closing punctuation', () => {
    const text = '掃描 QR 碼或開啟下方網址，即可確認此報告為正本：頁面會顯示所發行 PDF 的指紋。';
    const lines = wrapText(text, font, 1, 12);
    expect(lines.join('').replace(/\s/gu, '')).toBe(text.replace(/\s/gu, ''));
    for (const line of lines) {
      expect(width(line)).toBeLessThanOrEqual(14); // a line may carry its closing mark
      expect('，。：、').not.toContain(line[0]);
    }
    expect(lines).toContain('址，即可確認');
  });

  it('starts a new line at each newline and keeps empty lines', () => {
    expect(wrapText('one\n\ntwo', font, 1, 20)).toEqual(['one', '', 'two']);
  });

  it('scales with the font size', () => {
    expect(wrapText('aaaa bbbb', font, 2, 12)).toEqual(['aaaa', 'bbbb']);
    expect(wrapText('aaaa bbbb', font, 1, 12)).toEqual(['aaaa bbbb']);
  });
});
