import { describe, expect, it } from 'vitest';
import { judge } from '../../lambdas/machine-data/judging';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import { approvalStatement } from '../../lambdas/report-requests/pdf/report-text';
import {
  planVerdict,
  reportRows,
  type ReportContent,
  type ReportTestResult,
} from '../../lambdas/shared/contract/schemas/report-request';
import {
  formatLimit,
  savePlanSchema,
  valvePlanTemplate,
  type TestPlan,
} from '../../lambdas/shared/contract/schemas/test-plan';
import { message } from '../../lambdas/shared/contract/messages';
import { validate } from '../../lambdas/shared/contract/validation';
import { pdfText } from '../support/pdf';

const test = (changes: Partial<TestPlan['tests'][number]> = {}): TestPlan['tests'][number] => ({
  name: 'Shell test (WCB)',
  nameZh: null,
  methodZh: null,
  method: 'API 598 shell test, water at 1.5 × rated pressure (25 bar); ISO 5208 P10',
  unit: 'bar',
  lower: 37.5,
  upper: null,
  required: true,
  holdSeconds: 60,
  materials: [],
  ...changes,
});

const plan = (changes: Partial<TestPlan> = {}): TestPlan => ({
  productId: 'p-1',
  version: 3,
  tests: [
    test(),
    test({
      name: 'Seat test low pressure (gas)',
      lower: 4,
      upper: 7,
      method: 'API 598 low-pressure closure test',
    }),
    test({
      name: 'Torque',
      unit: 'N·m',
      lower: null,
      upper: 80,
      required: false,
      method: 'Operating torque',
    }),
    test({ name: 'Visual', unit: null, lower: null, upper: null, method: 'Visual inspection' }),
  ],
  allowExtraTests: false,
  approvedBy: { id: 'u-1', name: 'Mei Lin', email: 'mei@example.com', role: 'admin' },
  approvedAt: '2026-11-01T09:00:00.000Z',
  ...changes,
});

const row = (changes: Partial<Parameters<typeof judge>[0]> = {}) => ({
  testName: 'Shell test (WCB)',
  result: 'pass' as 'pass' | 'fail',
  value: 38 as number | null,
  unit: 'bar' as string | null,
  ...changes,
});

describe('judging a result against the plan', () => {
  it('keeps the stated result when the product has no plan', () => {
    expect(judge(row({ result: 'fail', value: 99 }), null)).toEqual({
      judgement: { planVersion: null, limit: null },
    });
  });

  it('computes the outcome from the value, limits inclusive at both edges', () => {
    const current = plan();
    for (const [value, outcome] of [
      [37.5, 'pass'],
      [37.49, 'fail'],
      [100, 'pass'],
    ] as const) {
      const judged = judge(row({ value, result: outcome }), current);
      expect(judged, `${value}`).toEqual({
        judgement: { planVersion: 3, limit: { lower: 37.5, upper: null, unit: 'bar' } },
      });
    }
    const gas = (value: number, result: 'pass' | 'fail') =>
      judge(row({ testName: 'Seat test low pressure (gas)', value, result }), current);
    expect('judgement' in gas(4, 'pass')).toBe(true);
    expect('judgement' in gas(7, 'pass')).toBe(true);
    expect('judgement' in gas(7.01, 'fail')).toBe(true);
    expect('judgement' in gas(3.99, 'fail')).toBe(true);
  });

  it('refuses a stated result the limits contradict, naming the limit', () => {
    expect(judge(row({ value: 30, result: 'pass' }), plan())).toEqual({
      refusal: {
        field: 'result',
        message: { key: 'validation.resultShouldFail', params: { limit: '≥ 37.5 bar' } },
      },
    });
    expect(
      judge(row({ testName: 'Seat test low pressure (gas)', value: 5, result: 'fail' }), plan()),
    ).toEqual({
      refusal: {
        field: 'result',
        message: { key: 'validation.resultShouldPass', params: { limit: '4 – 7 bar' } },
      },
    });
  });

  it('refuses a result without a value for a test with limits, and one in another unit', () => {
    expect(judge(row({ value: null }), plan())).toEqual({
      refusal: { field: 'value', message: { key: 'validation.valueRequired' } },
    });
    expect(judge(row({ unit: 'psi', value: 600 }), plan())).toEqual({
      refusal: {
        field: 'unit',
        message: { key: 'validation.unitMismatch', params: { unit: 'bar' } },
      },
    });
  });

  it("refuses a value without a unit when the plan gives the test one, naming the plan's unit", () => {
    // Not taken as the plan's: 38 psi is about 2.6 bar, and would pass against ≥ 37.5 bar.
    expect(judge(row({ unit: null }), plan())).toEqual({
      refusal: {
        field: 'unit',
        message: { key: 'validation.unitRequired', params: { unit: 'bar' } },
      },
    });
    expect(message('validation.unitRequired', { unit: 'bar' })).toBe(
      'State the unit: the test plan measures this test in bar',
    );
    // Units are matched exactly, as test names are.
    expect(judge(row({ unit: 'BAR' }), plan())).toMatchObject({ refusal: { field: 'unit' } });
    // A test with a unit and no limits: the same rules (the stored value must mean something).
    const limitless = plan({ tests: [test({ name: 'Leak', unit: 'mL/min', lower: null })] });
    const leak = (changes: Partial<ReturnType<typeof row>>) =>
      judge(row({ testName: 'Leak', ...changes }), limitless);
    expect(leak({ value: 0.5, unit: null })).toEqual({
      refusal: {
        field: 'unit',
        message: { key: 'validation.unitRequired', params: { unit: 'mL/min' } },
      },
    });
    expect(leak({ value: 0.5, unit: 'bar' })).toEqual({
      refusal: {
        field: 'unit',
        message: { key: 'validation.unitMismatch', params: { unit: 'mL/min' } },
      },
    });
    expect(leak({ value: 0.5, unit: 'mL/min' })).toEqual({
      judgement: { planVersion: 3, limit: null },
    });
    // No value, no unit: nothing measured, nothing to state (the stated result stands).
    expect(leak({ value: null, unit: null, result: 'fail' })).toEqual({
      judgement: { planVersion: 3, limit: null },
    });
    // A test the plan gives no unit takes the value as it comes.
    expect(judge(row({ testName: 'Visual', value: 3, unit: null }), plan())).toEqual({
      judgement: { planVersion: 3, limit: null },
    });
  });

  it('keeps the stated result of a test without limits', () => {
    expect(judge(row({ testName: 'Visual', value: null, result: 'fail' }), plan())).toEqual({
      judgement: { planVersion: 3, limit: null },
    });
  });

  it('refuses a test the plan does not name, unless the plan allows extra tests', () => {
    expect(judge(row({ testName: 'Paint' }), plan())).toEqual({
      refusal: {
        field: 'testName',
        message: { key: 'validation.testNotInPlan', params: { version: 3 } },
      },
    });
    expect(judge(row({ testName: 'Paint' }), plan({ allowExtraTests: true }))).toEqual({
      judgement: { planVersion: 3, limit: null },
    });
  });
});

describe("a unit's verdict", () => {
  /** A result as stored: judged against version 3, with the limit of its test (if any). */
  const latest = (name: string, result: 'pass' | 'fail'): ReportTestResult => {
    const test = plan().tests.find((candidate) => candidate.name === name);
    const limit =
      test && (test.lower !== null || test.upper !== null)
        ? { lower: test.lower, upper: test.upper, unit: test.unit }
        : null;
    return {
      testName: name,
      result,
      value: null,
      unit: null,
      testedAt: '2026-11-02T08:00:00.000Z',
      machineId: 'Bench 1',
      planVersion: 3,
      limit,
    };
  };
  const required = ['Shell test (WCB)', 'Seat test low pressure (gas)', 'Visual'];

  it('is untested without results, incomplete with a required test missing', () => {
    expect(planVerdict(plan(), [])).toBe('untested');
    expect(planVerdict(plan(), [latest('Shell test (WCB)', 'pass')])).toBe('incomplete');
  });

  it('passes only when every required test passed; an optional failure does not decide it', () => {
    const all = required.map((name) => latest(name, 'pass'));
    expect(planVerdict(plan(), all)).toBe('pass');
    expect(planVerdict(plan(), [...all, latest('Torque', 'fail')])).toBe('pass');
  });

  it('fails when any required test failed, even with others missing', () => {
    expect(planVerdict(plan(), [latest('Visual', 'fail')])).toBe('fail');
  });

  it('lists the required tests in plan order, then the other results', () => {
    const rows = reportRows(plan(), [latest('Torque', 'pass'), latest('Visual', 'pass')]);
    expect(rows.map((item) => [item.testName, item.required, item.result?.result ?? null])).toEqual(
      [
        ['Shell test (WCB)', true, null],
        ['Seat test low pressure (gas)', true, null],
        ['Visual', true, 'pass'],
        ['Torque', false, 'pass'],
      ],
    );
    expect(rows[1]!.limit).toEqual({ lower: 4, upper: 7, unit: 'bar' });
    expect(rows[2]!.limit).toBeNull();
  });

  it('shows the limit a result was judged against, not a later plan’s', () => {
    const judged = {
      ...latest('Shell test (WCB)', 'pass'),
      value: 30,
      planVersion: 2,
      limit: { lower: 30, upper: null, unit: 'bar' },
    };
    const [first] = reportRows(plan(), [judged]);
    expect(first!.limit).toEqual({ lower: 30, upper: null, unit: 'bar' });
  });
});

describe('the valve template', () => {
  it('derives shell and seat tests from each offered rating, and one gas seat test', () => {
    const tests = valvePlanTemplate({ pressureFC: 16, pressureWCB: null, pressureSUS: 40 });
    expect(tests.map((item) => [item.name, item.lower, item.upper, item.unit])).toEqual([
      ['Shell test (FC)', 24, null, 'bar'],
      ['Seat test high pressure (FC)', 17.6, null, 'bar'],
      ['Shell test (SUS)', 60, null, 'bar'],
      ['Seat test high pressure (SUS)', 44, null, 'bar'],
      ['Seat test low pressure (gas)', 4, 7, 'bar'],
    ]);
    expect(tests.every((item) => item.required && item.holdSeconds === 60)).toBe(true);
    // 1.1 × 13.7 is 15.07 on a gauge, not 15.070000000000002.
    expect(
      valvePlanTemplate({ pressureFC: 13.7, pressureWCB: null, pressureSUS: null })[1]!.lower,
    ).toBe(15.07);
  });

  it('is a plan the API accepts as it is', () => {
    const tests = valvePlanTemplate({ pressureFC: 16, pressureWCB: 25, pressureSUS: 40 });
    expect(validate(savePlanSchema, { tests, allowExtraTests: false, version: 0 }).success).toBe(
      true,
    );
  });
});

describe('the plan schema', () => {
  it('refuses an upper limit below the lower one, and two tests of one name', () => {
    const result = validate(savePlanSchema, {
      tests: [test({ lower: 5, upper: 4 }), test()],
      allowExtraTests: false,
      version: 0,
    });
    expect(result).toMatchObject({
      success: false,
      fields: {
        'tests.0.upper': { key: 'validation.limitOrder' },
        'tests.1.name': { key: 'validation.duplicateTest' },
      },
    });
  });

  it('formats limits as a report shows them', () => {
    expect(formatLimit({ lower: 37.5, upper: null, unit: 'bar' })).toBe('≥ 37.5 bar');
    expect(formatLimit({ lower: null, upper: 2, unit: 'mL/min' })).toBe('≤ 2 mL/min');
    expect(formatLimit({ lower: 4, upper: 7, unit: null })).toBe('4 – 7');
  });
});

describe('the report of a unit with a test plan', () => {
  const results: ReportTestResult[] = [
    {
      testName: 'Shell test (WCB)',
      result: 'pass',
      value: 38,
      unit: 'bar',
      testedAt: '2026-11-20T08:00:00.000Z',
      machineId: 'BENCH-07',
      operator: 'Chen',
      planVersion: 3,
      limit: { lower: 37.5, upper: null, unit: 'bar' },
    },
    {
      testName: 'Torque',
      result: 'pass',
      value: 41.5,
      unit: 'N·m',
      testedAt: '2026-11-20T08:10:00.000Z',
      machineId: 'BENCH-09',
      operator: null,
      planVersion: 3,
      limit: { lower: null, upper: 80, unit: 'N·m' },
    },
  ];
  const content = (language: 'en' | 'zh'): ReportContent => ({
    reportNumber: 'TR-7K3MQ-9X2HB',
    issuedAt: '2026-11-21T08:30:00.000Z',
    language,
    serialNumber: 'AV-2024-000123',
    productionDate: '2026-05-14',
    product: {
      name: 'Ball Valve BV-200',
      temperatureMin: -20,
      temperatureMax: 180,
      fluid: 'steam',
      connection: 'Flange JIS 10K',
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: null,
      application: null,
      applicationMedium: null,
      gtin: null,
    },
    results,
    tests: reportRows(plan(), results),
    plan: {
      version: 3,
      approvedBy: { name: 'Mei Lin', role: 'admin' },
      approvedAt: '2026-11-01T09:00:00.000Z',
    },
    verdict: planVerdict(plan(), results),
    verificationUrl: 'https://report.example.com/search?verify=TR-7K3MQ-9X2HB',
  });
  const site = {
    providerName: 'Acme Valve Manufacturing Co., Ltd.',
    providerAddress: '12 Harbour Road, Taichung 407, Taiwan',
    privacyPolicyUrl: 'https://www.example.com/privacy',
  };

  it.each([
    [
      'en',
      [
        'Required tests (test plan version 3)',
        'API 598 shell test',
        '≥ 37.5 bar',
        '38 bar',
        'Not yet tested',
        'Other results',
        '≤ 80 N·m',
        'BENCH-07',
        'Chen',
        'INCOMPLETE',
        'Test plan version 3 approved by Mei Lin (Administrator) on 2026-11-01.',
        'The results relate only to the item tested.',
        "This report shall not be reproduced except in full without the provider's approval (Acme",
        '— End of report —',
        '12 Harbour Road, Taichung 407, Taiwan',
      ],
    ],
    [
      'zh',
      [
        '必要測試（測試計畫第 3 版）',
        '≥ 37.5 bar',
        '尚未測試',
        '其他結果',
        '未完成',
        '測試計畫第 3 版由 Mei Lin（管理員）於 2026-11-01 核准。',
        '本報告之結果僅與受測物品有關。',
        '— 報告結束 —',
      ],
    ],
  ] as const)(
    'states requirement, method, limit, value and verdict in %s',
    async (language, expected) => {
      const text = pdfText(await renderReportPdf(content(language), site)).replace(/\s+/g, ' ');
      for (const part of expected) expect(text, part).toContain(part.replace(/\s+/g, ' '));
    },
  );
});

describe('the approver line', () => {
  const approval = (name: string, role: 'admin' | 'staff', language: 'en' | 'zh') =>
    approvalStatement(
      { version: 2, approvedBy: { name, role }, approvedAt: '2026-03-04T09:00:00.000Z' },
      language,
    );

  it('names the person and their role, the role translated', () => {
    expect(approval('Mei Lin', 'admin', 'en')).toBe(
      'Test plan version 2 approved by Mei Lin (Administrator) on 2026-03-04.',
    );
    expect(approval('Chen', 'staff', 'zh')).toBe(
      '測試計畫第 2 版由 Chen（員工）於 2026-03-04 核准。',
    );
  });

  it('says the role alone when the name is empty or only a role word, in any language', () => {
    for (const name of ['', '  ', 'admin', 'Administrator', ' administrator ', '管理員']) {
      expect(approval(name, 'admin', 'en'), JSON.stringify(name)).toBe(
        'Test plan version 2 approved by Administrator on 2026-03-04.',
      );
      expect(approval(name, 'admin', 'zh'), JSON.stringify(name)).toBe(
        '測試計畫第 2 版由管理員於 2026-03-04 核准。',
      );
    }
    expect(approval('Staff member', 'staff', 'en')).toBe(
      'Test plan version 2 approved by Staff member on 2026-03-04.',
    );
    // A name that only contains a role word is a name.
    expect(approval('Admin Chen', 'admin', 'en')).toBe(
      'Test plan version 2 approved by Admin Chen (Administrator) on 2026-03-04.',
    );
  });
});
