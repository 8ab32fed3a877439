import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../lambdas/shared/contract/csv';
import {
  listTestResultsQuerySchema,
  testResultColumns,
  type TestResult,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import { newestFirst, noResultFilters, pageOfList, resultsQuery, unitSerial } from './api';
import { resultCsvColumns, resultsCsv } from './result-csv';

const result = (id: string, testedAt: string, testName = 'Shell test'): TestResult => ({
  id,
  serialNumber: 'GV-2026-000123',
  testName,
  result: 'pass',
  value: -1.5,
  unit: 'bar',
  testedAt,
  machineId: 'Bench 3',
  operator: null,
  notes: '-held 30 s',
  receivedAt: '2026-11-21T09:00:00.000Z',
  source: 'machine:Bench 3',
  enteredBy: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  planVersion: null,
  limit: null,
});

describe('resultsQuery', () => {
  it('asks for all units with nothing but the limit', () => {
    expect(resultsQuery(noResultFilters, { pageSize: 20 })).toEqual({ limit: 20 });
  });

  it('names a unit only by a real serial number, in upper case', () => {
    expect(unitSerial(' gv-2026-000123 ')).toBe('GV-2026-000123');
    expect(unitSerial('GV-')).toBeUndefined();
    expect(
      resultsQuery({ ...noResultFilters, serial: 'gv-2026-000123' }, { pageSize: 10 }),
    ).toEqual({ limit: 10, serial: 'GV-2026-000123' });
    expect(resultsQuery({ ...noResultFilters, serial: 'GV-' }, { pageSize: 10 })).toEqual({
      limit: 10,
    });
  });

  it('always builds a query the API accepts', () => {
    for (const filters of [
      { ...noResultFilters, testName: ` ${'t'.repeat(150)} `, result: 'fail' as const },
      { ...noResultFilters, serial: 'A1', range: { from: '2026-11-01', to: '2026-11-30' } },
      { ...noResultFilters, range: { from: '2026-11-30', to: '2026-11-01' } },
      { ...noResultFilters, serial: '%%%', range: { to: '2026-02-30' } },
    ]) {
      const sent = resultsQuery(filters, { pageSize: 1000, cursor: 'abc' });
      const asSent = Object.fromEntries(
        Object.entries(sent).map(([name, value]) => [name, String(value)]),
      );
      expect(listTestResultsQuerySchema.safeParse(asSent).success, JSON.stringify(sent)).toBe(true);
    }
  });
});

describe('a unit history read whole', () => {
  const history = [
    result('a', '2026-11-20T08:00:00.000Z'),
    result('b', '2026-11-21T08:00:00.000Z', 'Seat test'),
    result('c', '2026-11-21T08:00:00.000Z', 'Body test'),
    result('d', '2026-11-19T08:00:00.000Z'),
  ];

  it('is newest first, same moments by test name', () => {
    expect(newestFirst(history).map((item) => item.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('is paged with offsets as cursors, with its count', () => {
    const first = pageOfList(newestFirst(history), 3);
    expect(first.items.map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(first).toMatchObject({ nextCursor: '3', total: 4 });
    const second = pageOfList(newestFirst(history), 3, first.nextCursor!);
    expect(second.items.map((item) => item.id)).toEqual(['d']);
    expect(second.nextCursor).toBeNull();
    expect(pageOfList([], 20)).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});

describe('results export', () => {
  it('has the upload columns first, in their order, then what the server added', () => {
    const headers = resultCsvColumns.map((column) => column.header);
    expect(headers.slice(0, testResultColumns.length)).toEqual([...testResultColumns]);
    expect(headers.slice(testResultColumns.length)).toEqual([
      'receivedAt',
      'source',
      'planVersion',
      'limitLower',
      'limitUpper',
      'id',
      'voidedAt',
      'voidedBy',
      'voidReason',
      'enteredBy',
    ]);
  });

  it('writes numbers as numbers and guards text against formulas', () => {
    const [header, row] = parseCsv(resultsCsv([result('a', '2026-11-20T08:00:00.000Z')]));
    const cell = (name: string) => row?.[header!.indexOf(name)];
    expect(cell('value')).toBe('-1.5');
    expect(cell('notes')).toBe("'-held 30 s");
    expect(cell('operator')).toBe('');
    expect(cell('testedAt')).toBe('2026-11-20T08:00:00.000Z');
  });

  it('ends with the void (when, by whom, why) and who entered an uploaded result, empty otherwise', () => {
    const voided = {
      ...result('b', '2026-11-20T09:00:00.000Z'),
      source: 'upload:lin@example.com',
      enteredBy: 'Lin',
      voidedAt: '2026-11-21T09:14:00.000Z',
      voidedBy: 'Chen',
      voidReason: '=gauge out of calibration',
    };
    const [header, counting, row] = parseCsv(
      resultsCsv([result('a', '2026-11-20T08:00:00.000Z'), voided]),
    );
    const cell = (line: string[] | undefined, name: string) => line?.[header!.indexOf(name)];
    expect(header!.slice(-4)).toEqual(['voidedAt', 'voidedBy', 'voidReason', 'enteredBy']);
    expect(cell(row, 'voidedAt')).toBe('2026-11-21T09:14:00.000Z');
    expect(cell(row, 'voidedBy')).toBe('Chen');
    // A reason is text like any other: guarded against formulas.
    expect(cell(row, 'voidReason')).toBe("'=gauge out of calibration");
    expect(cell(row, 'enteredBy')).toBe('Lin');
    for (const name of ['voidedAt', 'voidedBy', 'voidReason', 'enteredBy']) {
      expect(cell(counting, name), name).toBe('');
    }
  });
});
