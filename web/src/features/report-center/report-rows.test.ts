import { describe, expect, it } from 'vitest';
import {
  reportRows,
  type ReportTestResult,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import { valvePlanTemplate } from '../../../../lambdas/shared/contract/schemas/test-plan';
import { reportSections, sectionColumns } from './report-rows';

const plan = {
  tests: [
    ...valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null }),
    {
      name: 'Paint thickness',
      method: 'ISO 2808',
      unit: 'µm',
      lower: 80,
      upper: null,
      required: false,
      holdSeconds: null,
    },
  ],
};
const result = (testName: string, value: number, operator: string | null = 'Chen') =>
  ({
    testName,
    result: 'pass',
    value,
    unit: 'bar',
    testedAt: '2026-11-20T08:00:00.000Z',
    machineId: 'Bench 2',
    operator,
    planVersion: 1,
    limit: null,
  }) satisfies ReportTestResult;
/** A result as a bench's result of a plan test is stored: with the limit it was judged against. */
const judged = (testName: string, value: number, lower: number) => ({
  ...result(testName, value),
  limit: { lower, upper: null, unit: 'bar' },
});

describe('reportSections', () => {
  it('lists the required tests in plan order, a missing one included, then the other results', () => {
    const latest = [
      judged('Seat test high pressure (WCB)', 28, 27.5),
      judged('Shell test (WCB)', 38, 37.5),
    ];
    const extra = result('Marking check', 1);
    const tests = reportRows(plan, [...latest, extra, result('Paint thickness', 95)]);
    const sections = reportSections({ plan: { version: 1 } as never, tests, results: [] });
    expect(sections.map((section) => section.kind)).toEqual(['required', 'other']);
    expect(
      sections[0]!.rows.map((row) => [
        row.testName,
        row.result?.value ?? null,
        row.method !== null,
      ]),
    ).toEqual([
      ['Shell test (WCB)', 38, true],
      ['Seat test high pressure (WCB)', 28, true],
      ['Seat test low pressure (gas)', null, true],
    ]);
    expect(sections[1]!.rows.map((row) => row.testName)).toEqual([
      'Marking check',
      'Paint thickness',
    ]);
  });

  it('leaves out an empty section, and lists the results as they are without a plan', () => {
    const required = reportRows(plan, []);
    expect(
      reportSections({ plan: { version: 1 } as never, tests: required, results: [] }).map(
        (section) => section.kind,
      ),
    ).toEqual(['required']);
    const results = [result('Shell test', 76.5)];
    const [only, ...rest] = reportSections({ plan: null, tests: [], results });
    expect(rest).toEqual([]);
    expect(only).toEqual({
      kind: 'results',
      rows: [
        { testName: 'Shell test', method: null, limit: null, required: false, result: results[0] },
      ],
    });
    expect(reportSections({ plan: null, tests: [], results: [] })).toEqual([]);
  });
});

describe('sectionColumns', () => {
  it('shows method, limit and operator only when a row has one', () => {
    const [plain] = reportSections({
      plan: null,
      tests: [],
      results: [result('Shell test', 76.5, null)],
    });
    expect(sectionColumns(plain!.rows)).toEqual({ method: false, limit: false, operator: false });
    const [required] = reportSections({
      plan: { version: 1 } as never,
      tests: reportRows(plan, [judged('Shell test (WCB)', 38, 37.5)]),
      results: [],
    });
    expect(sectionColumns(required!.rows)).toEqual({ method: true, limit: true, operator: true });
  });
});
