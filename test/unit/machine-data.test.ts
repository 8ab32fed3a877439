import { describe, expect, it } from 'vitest';
import { maxCsvColumns, parseCsv, readCsv } from '../../lambdas/shared/contract/csv';
import {
  csvRecordToResult,
  ingestResultSchema,
  readResultsCsv,
  uploadResultSchema,
} from '../../lambdas/shared/contract/schemas/machine-data';
import { message } from '../../lambdas/shared/contract/messages';
import { maskEmail } from '../../lambdas/shared/contract/schemas/report-request';
import { validate } from '../../lambdas/shared/contract/validation';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
    ]);
  });

  it('keeps a last line without a line end and skips blank lines', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('readCsv', () => {
  const read = (input: Uint8Array | string, required: string[] = []) => readCsv(input, required);

  it('keys each line by the header and names missing required columns', () => {
    expect(
      read('serialNumber, testName\nA-1,Shell', ['serialNumber', 'testName', 'result']),
    ).toEqual({
      status: 'read',
      header: ['serialNumber', ' testName'],
      columns: ['serialNumber', 'testName'],
      missing: ['result'],
      rows: [['A-1', 'Shell']],
      rowLines: [2],
      records: [{ serialNumber: 'A-1', testName: 'Shell' }],
      overlong: [],
    });
  });

  it('keeps a __proto__ column as a column', () => {
    const table = read('__proto__,b\nx,y');
    expect(table.status === 'read' && Object.keys(table.records[0]!)).toEqual(['__proto__', 'b']);
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });

  it('refuses a column named twice (trimmed), instead of letting the last one win', () => {
    expect(read('a,notes,notes\n1,x,y')).toEqual({ status: 'duplicateColumn', column: 'notes' });
    expect(read('a, notes,notes \n1,x,y')).toEqual({ status: 'duplicateColumn', column: 'notes' });
  });

  it('refuses a header of more columns than any file has, before reading a row', () => {
    const wide = `a${','.repeat(maxCsvColumns)}\n${'x\n'.repeat(3)}`;
    expect(read(wide)).toEqual({
      status: 'tooManyColumns',
      columns: maxCsvColumns + 1,
      max: maxCsvColumns,
    });
    // Up to the bound, empty trailing columns are a spreadsheet's, as below.
    expect(read(`a${','.repeat(maxCsvColumns - 1)}\nx`)).toMatchObject({ status: 'read' });
    expect(readResultsCsv(wide)).toEqual({
      status: 'refused',
      problem: {
        key: 'errors.csvTooManyColumns',
        params: { columns: maxCsvColumns + 1, max: maxCsvColumns },
      },
      problems: [],
    });
  });

  it('takes empty trailing columns and cells, as spreadsheets write them, for nothing', () => {
    const table = read('a,b,,\n1,2,\n3,4,,\n5,6');
    expect(table).toMatchObject({ status: 'read', overlong: [] });
    expect(table.status === 'read' && table.records.map((record) => record.b)).toEqual([
      '2',
      '4',
      '6',
    ]);
  });

  it('names each row with more filled cells than the header, by its spreadsheet line', () => {
    // Line 4 is blank (a spreadsheet shows an empty row); the record with a line break in a
    // quoted cell is one row, so the last one is row 6.
    const table = read('a,b\n1,2\n1,2,3\n\n"x\ny",2,,z\n1,2,,\n1,2,3');
    expect(table).toMatchObject({
      status: 'read',
      rowLines: [2, 3, 5, 6, 7],
      overlong: [
        { line: 3, cells: 3 },
        { line: 5, cells: 4 },
        { line: 7, cells: 3 },
      ],
    });
  });
});

describe('decoding an upload', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      Buffer.concat(parts.map((part) => Buffer.from(typeof part === 'string' ? part : part))),
    );
  const header = 'serialNumber,testName,notes\n';

  it('refuses bytes that are not UTF-8, naming the line and column, instead of replacing them', () => {
    // Windows-1252 "café" in notes, line 3.
    expect(readCsv(bytes(header, 'A-1,Shell,ok\nA-1,Shell,caf', [0xe9], '\n'), [])).toEqual({
      status: 'notUtf8',
      place: { line: 3, column: 'notes' },
    });
    // FF FE C3: a UTF-16 byte order mark and a cut-off sequence, in a quoted multi-line cell.
    expect(readCsv(bytes(header, 'A-1,"Shell\n', [0xff, 0xfe, 0xc3], '"\n'), [])).toEqual({
      status: 'notUtf8',
      place: { line: 2, column: 'testName' },
    });
    // In the header, and at the very end (a sequence cut off).
    expect(readCsv(bytes('a,b', [0xe9], '\n1,2'), [])).toEqual({
      status: 'notUtf8',
      place: { line: 1 },
    });
    expect(readCsv(bytes(header, 'A-1,Shell,', [0xe2, 0x82]), [])).toEqual({
      status: 'notUtf8',
      place: { line: 2, column: 'notes' },
    });
  });

  it('refuses a replacement character left by an earlier decoder, as bytes and as text', () => {
    const replaced = `${header}A-1,Shell,caf\uFFFD\n`;
    for (const input of [replaced, bytes(replaced)]) {
      expect(readCsv(input, [])).toEqual({
        status: 'notUtf8',
        place: { line: 2, column: 'notes' },
      });
    }
  });

  it('reads UTF-8 with or without a byte order mark, Chinese and emoji included', () => {
    for (const input of [
      bytes([0xef, 0xbb, 0xbf], header, 'A-1,Shell,閥門 ✓ 🔧\n'),
      bytes(header, 'A-1,Shell,閥門 ✓ 🔧\n'),
      `\uFEFF${header}A-1,Shell,閥門 ✓ 🔧\n`,
    ]) {
      expect(readCsv(input, ['serialNumber'])).toMatchObject({
        status: 'read',
        columns: ['serialNumber', 'testName', 'notes'],
        records: [{ serialNumber: 'A-1', testName: 'Shell', notes: '閥門 ✓ 🔧' }],
      });
    }
  });
});

describe('readResultsCsv', () => {
  const header = 'serialNumber,testName,result,value,unit,testedAt,machineId,notes';
  const good = 'AV-000150,Shell,pass,1,bar,2025-03-01T08:00:00Z,Bench 1,ok';

  it('refuses a file not UTF-8 with a message naming the line, and names the cell', () => {
    const file = Buffer.concat([
      Buffer.from(`${header}\n${good}\n${good.slice(0, -2)}`),
      Buffer.from([0xe9]),
    ]);
    expect(readResultsCsv(new Uint8Array(file))).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvNotUtf8', params: { line: 3 } },
      problems: [{ line: 3, field: 'notes', message: { key: 'validation.notUtf8' } }],
    });
    expect(message('errors.csvNotUtf8', { line: 3 })).toBe(
      'The file must be UTF-8 text: line 3 holds characters in another encoding. Save it as "CSV UTF-8" and upload it again.',
    );
  });

  it('refuses a header naming a column twice, and names rows longer than the header', () => {
    expect(readResultsCsv(`${header},notes\n${good},later`)).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvDuplicateColumn', params: { column: 'notes' } },
      problems: [],
    });
    expect(readResultsCsv(`${header}\n${good}\n${good},dropped`)).toMatchObject({
      status: 'invalid',
      problems: [
        {
          line: 3,
          field: '_',
          message: { key: 'validation.extraCells', params: { cells: 9, columns: 8 } },
        },
      ],
    });
    expect(message('validation.extraCells', { cells: 9, columns: 8 })).toBe(
      'This row has 9 cells, but the first line names 8 columns',
    );
  });
});

describe('csvRecordToResult', () => {
  it('reads numbers as numbers, leaves empty cells out and other text as text', () => {
    expect(
      csvRecordToResult({ value: ' -1.5e2 ', unit: '', notes: '=1+1', testName: '007' }),
    ).toEqual({ value: -150, notes: '=1+1', testName: '007' });
    expect(csvRecordToResult({ value: '12 bar' })).toEqual({ value: '12 bar' });
  });
});

describe('test result schemas', () => {
  const base = {
    serialNumber: ' av-2026-000123 ',
    testName: 'Shell test',
    result: 'pass',
    testedAt: '2026-11-21T08:15:00+08:00',
  };

  it('normalises serials and times to UTC', () => {
    const checked = validate(ingestResultSchema, base);
    expect(checked).toMatchObject({
      success: true,
      data: {
        serialNumber: 'AV-2026-000123',
        testedAt: '2026-11-21T00:15:00.000Z',
        value: null,
        unit: null,
        machineId: null,
      },
    });
  });

  it('refuses times in the future, control characters and a missing machine on upload', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const checked = validate(uploadResultSchema, {
      ...base,
      testedAt: future,
      testName: 'Shell\u0007test',
    });
    expect(checked).toEqual({
      success: false,
      fields: {
        testedAt: { key: 'validation.future' },
        testName: { key: 'validation.controlChars' },
        machineId: { key: 'validation.required' },
      },
    });
  });

  it('refuses times before 2000-01-01T00:00:00Z, whatever their zone, on ingest and upload', () => {
    for (const testedAt of [
      '0001-01-01T00:00:00Z',
      '1970-01-01T00:00:00-14:00',
      '1999-12-31T23:59:59.999Z',
      '2000-01-01T07:59:59+08:00',
    ]) {
      for (const schema of [ingestResultSchema, uploadResultSchema]) {
        expect(validate(schema, { ...base, machineId: 'Bench 1', testedAt }), testedAt).toEqual({
          success: false,
          fields: {
            testedAt: { key: 'validation.testedAtMin', params: { min: '2000-01-01T00:00:00Z' } },
          },
        });
      }
    }
    expect(
      validate(ingestResultSchema, { ...base, testedAt: '2000-01-01T08:00:00+08:00' }),
    ).toEqual(expect.objectContaining({ success: true }));
    expect(message('validation.testedAtMin', { min: '2000-01-01T00:00:00Z' })).toBe(
      'The test time must not be before 2000-01-01T00:00:00Z: set the bench clock',
    );
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@a.b')).toBe('x***@a.b');
    expect(maskEmail('broken')).toBe('***');
  });
});

describe('dates of list filters', () => {
  it('refuses impossible dates instead of failing on them', async () => {
    const { isoDateField } = await import('../../lambdas/shared/contract/schemas/serial-range');
    for (const value of ['2026-13-01', '2026-02-30', '2026-00-10', '9999-99-99']) {
      expect(validate(isoDateField, value)).toEqual({
        success: false,
        fields: { _: { key: 'validation.date' } },
      });
    }
    expect(validate(isoDateField, '2028-02-29')).toEqual({ success: true, data: '2028-02-29' });
  });
});
