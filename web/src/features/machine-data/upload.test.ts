import { describe, expect, it } from 'vitest';
import { parseCsv, readCsv } from '../../../../lambdas/shared/contract/csv';
import {
  maxResultsPerBatch,
  requiredUploadColumns,
  testResultColumns,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import { checkResultsFile, chunkRowProblems, chunkRows, csvLine } from './upload';

const header = testResultColumns.join(',');
const row = (n: number, cells: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    serialNumber: `GV-2026-${String(n).padStart(6, '0')}`,
    testName: 'Shell test',
    result: 'pass',
    value: '24.1',
    unit: 'bar',
    testedAt: '2026-11-21T08:15:00+08:00',
    machineId: 'Bench 3',
    operator: 'Chen',
    notes: '',
    ...cells,
  };
  return csvLine(testResultColumns.map((name) => values[name] ?? ''));
};
const file = (rows: string[], lineEnd = '\r\n') => [header, ...rows].join(lineEnd) + lineEnd;

describe('checkResultsFile', () => {
  it('accepts a good file and keeps it in one part up to 500 rows', () => {
    const checked = checkResultsFile(file([row(1), row(2, { result: 'fail', value: '-1.5' })]));
    expect(checked.status).toBe('ready');
    if (checked.status !== 'ready') return;
    expect(checked.rows).toBe(2);
    expect(checked.chunks).toHaveLength(1);
    expect(checked.chunks[0]?.firstLine).toBe(2);
    // What is sent reads back as the same records, with the header first.
    const sent = readCsv(checked.chunks[0]!.csv, requiredUploadColumns);
    expect(sent).toMatchObject({ status: 'read', missing: [], overlong: [] });
    if (sent.status !== 'read') return;
    expect(sent.records.map((record) => record.value)).toEqual(['24.1', '-1.5']);
  });

  it('lists every bad cell with its line as a spreadsheet counts (header = 1)', () => {
    const checked = checkResultsFile(
      file([
        row(1),
        row(2, { result: 'maybe' }),
        row(3),
        row(4, { serialNumber: 'no serial!', testedAt: 'yesterday' }),
      ]),
    );
    expect(checked.status).toBe('invalid');
    if (checked.status !== 'invalid') return;
    expect(checked.rows).toBe(4);
    expect(checked.problems.map(({ line, field }) => `${line}.${field}`).sort()).toEqual([
      '3.result',
      '5.serialNumber',
      '5.testedAt',
    ]);
    expect(checked.problems.find((problem) => problem.field === 'serialNumber')?.message).toEqual({
      key: 'validation.serialFormat',
    });
  });

  it('counts records, not text lines, when a quoted cell spans lines', () => {
    // The line break is itself refused (no control characters), yet the next record
    // is still line 3, as in a spreadsheet.
    const checked = checkResultsFile(
      file([row(1, { notes: 'first line\nsecond line' }), row(2, { result: '' })], '\n'),
    );
    expect(checked.status).toBe('invalid');
    if (checked.status !== 'invalid') return;
    expect(checked.problems).toEqual([
      { line: 2, field: 'notes', message: { key: 'validation.controlChars' } },
      { line: 3, field: 'result', message: { key: 'validation.required' } },
    ]);
  });

  it('refuses a file without the required columns or without rows', () => {
    expect(checkResultsFile('serialNumber,testName\r\nGV-1,Shell\r\n')).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvHeader', params: { columns: testResultColumns.join(', ') } },
    });
    expect(checkResultsFile(`\uFEFF${header}\r\n\r\n`)).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvEmpty' },
    });
  });

  it('refuses a file that is not UTF-8 (given its bytes), naming the line; a BOM is fine', () => {
    const text = file([row(1), row(2, { notes: 'café' })]);
    const utf8 = new TextEncoder().encode(text);
    // Windows-1252 (here: Latin-1) writes é as the one byte E9.
    const latin1 = Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(checkResultsFile(latin1)).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvNotUtf8', params: { line: 3 } },
    });
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(checkResultsFile(bom)).toMatchObject({ status: 'ready', rows: 2 });
  });

  it('refuses a column named twice, and lists rows longer than the header', () => {
    expect(checkResultsFile(`${header},notes\r\n${row(1)},x\r\n`)).toEqual({
      status: 'refused',
      problem: { key: 'errors.csvDuplicateColumn', params: { column: 'notes' } },
    });
    expect(checkResultsFile(file([row(1), `${row(2)},lost`]))).toEqual({
      status: 'invalid',
      rows: 2,
      problems: [
        {
          line: 3,
          field: '_',
          message: { key: 'validation.extraCells', params: { cells: 10, columns: 9 } },
        },
      ],
    });
  });

  it('names rows of one result that say different things, also when they fall in different parts', () => {
    // Row 1 and row 601 are one result (unit, test, time, bench) with other values: the server
    // sees them in two parts of 500, so only the whole file shows them.
    const rows = Array.from({ length: 700 }, (_, n) => row(n + 1));
    rows[600] = row(1, { value: '30.2' });
    // The same result sent twice, saying the same, is no problem (it is stored once).
    rows[650] = row(2);
    const checked = checkResultsFile(file(rows));
    expect(checked).toEqual({
      status: 'invalid',
      rows: 700,
      problems: [
        {
          line: 602,
          field: '_',
          message: { key: 'validation.duplicateResultLine', params: { line: 2 } },
        },
      ],
    });
  });

  it('cuts a big file into parts of 500 rows, each with the header line', () => {
    const rows = Array.from({ length: 1203 }, (_, index) => row(index + 1));
    const checked = checkResultsFile(file(rows));
    expect(checked.status).toBe('ready');
    if (checked.status !== 'ready') return;
    expect(checked.chunks.map((chunk) => [chunk.firstLine, chunk.rows])).toEqual([
      [2, 500],
      [502, 500],
      [1002, 203],
    ]);
    for (const chunk of checked.chunks) {
      const lines = parseCsv(chunk.csv);
      expect(lines[0]).toEqual([...testResultColumns]);
      expect(lines).toHaveLength(chunk.rows + 1);
      expect(chunk.rows).toBeLessThanOrEqual(maxResultsPerBatch);
    }
    // Row 502 of the file (serial 501) opens the second part.
    expect(parseCsv(checked.chunks[1]!.csv)[1]?.[0]).toBe('GV-2026-000501');
  });
});

describe('chunkRows and csvLine', () => {
  it('writes cells back as they were read, quoting only where CSV needs it', () => {
    const cells = ['-1.5', '=1+1', 'a, b', 'say "hi"', 'two\nlines', ' x '];
    expect(parseCsv(`${csvLine(cells)}\r\n`)).toEqual([cells]);
    expect(csvLine(['-1.5', '=1+1'])).toBe('-1.5,=1+1');
  });

  it('starts each part at its line of the file', () => {
    const rows = Array.from({ length: 5 }, (_, index) => [String(index)]);
    expect(chunkRows(['n'], rows, 2).map((chunk) => chunk.firstLine)).toEqual([2, 4, 6]);
  });
});

describe('chunkRowProblems', () => {
  it('puts the server row errors of a part at the lines of the file', () => {
    const problems = chunkRowProblems(
      {
        'row 3.serialNumber': 'This serial number is not in any range',
        'row 2.result': 'This value is not valid',
        unrelated: 'ignored',
      },
      { firstLine: 502 },
    );
    expect(problems).toEqual([
      { line: 502, field: 'result', message: { text: 'This value is not valid' } },
      {
        line: 503,
        field: 'serialNumber',
        message: { text: 'This serial number is not in any range' },
      },
    ]);
  });
});
