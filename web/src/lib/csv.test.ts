import { describe, expect, it } from 'vitest';
import { csvBom, csvCell, csvFileName, recordsToCsv, toCsv } from './csv';

describe('csvCell', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvCell('Ball valve')).toBe('Ball valve');
    expect(csvCell(425)).toBe('425');
    expect(csvCell(-29)).toBe('-29');
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell(true)).toBe('true');
  });

  it('leaves empty values empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvCell('DN50, flanged')).toBe('"DN50, flanged"');
    expect(csvCell('2" BSP')).toBe('"2"" BSP"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
    // Only the first character counts.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps Unicode text intact', () => {
    expect(csvCell('不鏽鋼球閥')).toBe('不鏽鋼球閥');
    expect(csvCell('Température −29 °C')).toBe('Température −29 °C');
    expect(csvCell('閥, 🚰')).toBe('"閥, 🚰"');
  });
});

describe('toCsv', () => {
  it('starts with the BOM and ends every line with CRLF', () => {
    const csv = toCsv(
      ['id', 'name'],
      [
        ['p1', '球閥'],
        ['p2', null],
      ],
    );
    expect(csv.startsWith(csvBom)).toBe(true);
    expect(csv).toBe('\uFEFFid,name\r\np1,球閥\r\np2,\r\n');
  });

  it('writes just the header for no rows', () => {
    expect(toCsv(['id'], [])).toBe('\uFEFFid\r\n');
  });

  it('encodes to UTF-8 bytes that begin with EF BB BF', () => {
    const bytes = new TextEncoder().encode(toCsv(['名稱'], [['水']]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF名稱\r\n水\r\n',
    );
  });
});

describe('recordsToCsv', () => {
  it('reads each column from each record', () => {
    const csv = recordsToCsv(
      [
        { header: 'name', value: (record: { name: string; min: number }) => record.name },
        { header: 'min', value: (record) => record.min },
      ],
      [
        { name: '=evil', min: -10 },
        { name: 'Gate, DN80', min: 0 },
      ],
    );
    expect(csv).toBe('\uFEFFname,min\r\n\'=evil,-10\r\n"Gate, DN80",0\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file with the local date', () => {
    expect(csvFileName('products', new Date(2026, 0, 5, 23, 59))).toBe('products-2026-01-05.csv');
    expect(csvFileName('serial-numbers', new Date(2026, 10, 30))).toBe(
      'serial-numbers-2026-11-30.csv',
    );
  });
});
