import { describe, expect, it } from 'vitest';
import {
  listReportRequestsQuerySchema,
  type ReportRequestSummary,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { parseCsv } from '../../../../lambdas/shared/contract/csv';
import {
  isFiltered,
  noSearchHistoryFilters,
  parseSearchHistoryPage,
  searchHistoryQuery,
} from './api';
import { searchHistoryCsv, searchHistoryCsvColumns } from './search-csv';

const none = noSearchHistoryFilters;

describe('searchHistoryQuery', () => {
  it('asks for the first page with nothing but the limit', () => {
    expect(searchHistoryQuery(none, { pageSize: 20 })).toEqual({ limit: 20 });
    expect(isFiltered(none)).toBe(false);
  });

  it('sends every filter, the serial in upper case as stored, empty ones left out', () => {
    const filters = {
      range: { from: '2026-11-01', to: '2026-11-21' },
      serial: ' gv-2026-000123 ',
      email: ' Lin@Example.com ',
      status: 'failed',
    } as const;
    expect(searchHistoryQuery(filters, { pageSize: 50, cursor: 'c2' })).toEqual({
      limit: 50,
      cursor: 'c2',
      from: '2026-11-01',
      to: '2026-11-21',
      serial: 'GV-2026-000123',
      email: 'Lin@Example.com',
      status: 'failed',
    });
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered({ ...none, range: { from: '2026-11-01' } })).toBe(true);
    expect(isFiltered({ ...none, serial: '   ' })).toBe(false);
  });

  it('leaves out a date range the API would refuse', () => {
    const backwards = { ...none, range: { from: '2026-11-21', to: '2026-11-01' } };
    expect(searchHistoryQuery(backwards, { pageSize: 20 })).toEqual({ limit: 20 });
  });

  it('always builds a query the API accepts', () => {
    for (const [filters, pageSize] of [
      [{ ...none, serial: 'x'.repeat(100), email: `${'e'.repeat(300)}@x.io` }, 1000],
      [{ ...none, range: { from: '2026-02-30', to: '2026-03-01' }, status: 'sent' }, 0],
      [{ ...none, range: { to: '2026-03-01' }, email: 'a@b.c' }, 5000],
    ] as const) {
      const sent = searchHistoryQuery(filters, { pageSize });
      const asSent = Object.fromEntries(
        Object.entries(sent).map(([name, value]) => [name, String(value)]),
      );
      expect(listReportRequestsQuerySchema.safeParse(asSent).success, JSON.stringify(sent)).toBe(
        true,
      );
    }
  });
});

const line: ReportRequestSummary = {
  id: 'rq_1',
  reportNumber: 'TR-7K3MQ-9X2HB',
  requestedAt: '2026-11-21T08:15:00.000Z',
  serialNumber: 'GV-2026-000123',
  productName: '=HYPERLINK("x")',
  email: 'lin@example.com',
  language: 'zh',
  status: 'failed',
  statusReason: 'MessageRejected: address, on suppression list',
  statusAt: '2026-11-21T08:16:00.000Z',
  deliveryAttempts: 3,
  verdict: 'pass',
  clientAddress: '203.0.113.9',
};

describe('a page of the search history', () => {
  it('reads a withheld request, which has no report number, beside issued ones', () => {
    const line = {
      id: 'r1',
      reportNumber: 'TR-7K3MQ-9X2HB',
      requestedAt: '2026-11-21T08:00:00.000Z',
      serialNumber: 'GV-2026-000123',
      productName: 'Gate valve',
      email: 'j***@example.com',
      language: 'en',
      status: 'sent',
      statusReason: null,
      statusAt: '2026-11-21T08:00:05.000Z',
      deliveryAttempts: 1,
      verdict: 'pass',
    };
    const withheld = {
      ...line,
      id: 'r2',
      reportNumber: null,
      status: 'withheld',
      statusReason: 'verdict: incomplete',
      deliveryAttempts: 0,
      verdict: 'incomplete',
    };
    const page = parseSearchHistoryPage({ items: [withheld, line], nextCursor: null });
    expect(page.items.map((item) => [item.status, item.reportNumber])).toEqual([
      ['withheld', null],
      ['sent', 'TR-7K3MQ-9X2HB'],
    ]);
    expect(page.total).toBeNull();
  });
});

describe('search history export', () => {
  it('writes every field under its API name, the client address for admins only', () => {
    const staffHeaders = searchHistoryCsvColumns(false).map((column) => column.header);
    expect(staffHeaders).not.toContain('clientAddress');
    expect(staffHeaders).toEqual(
      expect.arrayContaining(['requestedAt', 'serialNumber', 'email', 'status', 'statusReason']),
    );
    const [header, row] = parseCsv(searchHistoryCsv([line], true));
    expect(header).toContain('clientAddress');
    const cell = (name: string) => row?.[header!.indexOf(name)];
    expect(cell('clientAddress')).toBe('203.0.113.9');
    expect(cell('statusReason')).toBe(line.statusReason);
    expect(cell('deliveryAttempts')).toBe('3');
    expect(cell('language')).toBe('zh');
    expect(cell('verdict')).toBe('pass');
    // A request from before verdicts were kept: an empty cell.
    const [older, olderRow] = parseCsv(searchHistoryCsv([{ ...line, verdict: null }], false));
    expect(olderRow?.[older!.indexOf('verdict')]).toBe('');
    // A product name typed as a formula must not run when the file is opened.
    expect(cell('productName')).toBe(`'${line.productName}`);
  });

  it('has a header line and nothing else for an empty list', () => {
    expect(parseCsv(searchHistoryCsv([], false))).toHaveLength(1);
  });
});
