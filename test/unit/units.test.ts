import { describe, expect, it } from 'vitest';
import { judge, testedBeforeProduction } from '../../lambdas/machine-data/judging';
import { laterFindings } from '../../lambdas/report-requests/verification';
import { resolveMaterial } from '../../lambdas/serial-ranges/repository';
import { appliesTo, ratedMaterials } from '../../lambdas/shared/contract/materials';
import { englishMessage } from '../../lambdas/shared/contract/message-text';
import { message } from '../../lambdas/shared/contract/messages';
import { keepUnderflowVisible, readDecimal } from '../../lambdas/shared/contract/numbers';
import {
  readResultsCsv,
  resultExportColumns,
  testResultColumns,
} from '../../lambdas/shared/contract/schemas/machine-data';
import { savePlanSchema, valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import type { TestPlan } from '../../lambdas/shared/contract/schemas/test-plan';
import { judgeUnit, type StoredResultFacts } from '../../lambdas/shared/contract/unit-judgement';
import { validate } from '../../lambdas/shared/contract/validation';
import type { UnitRecord } from '../../lambdas/units/repository';

/** A gate valve rated in WCB (25 bar) and SUS (20 bar), its plan from the valve template. */
const ratings = { pressureFC: null, pressureWCB: 25, pressureSUS: 20 };
const approvedBy = {
  id: 'u-1',
  name: 'Quality Lead',
  email: 'q@example.com',
  role: 'admin' as const,
};
const planOf = (version: number, tests: TestPlan['tests'], allowExtraTests = false): TestPlan => ({
  productId: 'p-1',
  version,
  tests,
  allowExtraTests,
  approvedBy,
  approvedAt: '2026-06-01T00:00:00.000Z',
});
const template = valvePlanTemplate(ratings);
const v1 = planOf(1, template);

let received = 0;
/** A result stored against `plan` (judged as the ingest judges it). */
function stored(
  plan: TestPlan | null,
  testName: string,
  value: number,
  changes: Partial<StoredResultFacts> = {},
): StoredResultFacts {
  const test = plan?.tests.find((candidate) => candidate.name === testName);
  const limited = test && (test.lower !== null || test.upper !== null);
  const outcome = limited
    ? (test.lower === null || value >= test.lower) && (test.upper === null || value <= test.upper)
      ? 'pass'
      : 'fail'
    : 'pass';
  received += 1;
  return {
    testName,
    result: outcome,
    value,
    unit: 'bar',
    testedAt: `2026-07-01T08:${String(received % 60).padStart(2, '0')}:00.000Z`,
    machineId: 'Bench 1',
    receivedAt: `2026-07-01T09:${String(received % 60).padStart(2, '0')}:00.000Z`,
    planVersion: plan?.version ?? null,
    limit: limited ? { lower: test.lower, upper: test.upper, unit: test.unit } : null,
    ...changes,
  };
}

const judgeWith = (
  results: StoredResultFacts[],
  plans: TestPlan[],
  current: number | null,
  material: 'WCB' | 'SUS' | null = 'WCB',
) =>
  judgeUnit({
    results,
    plans: new Map(plans.map((plan) => [plan.version, plan])),
    currentPlanVersion: current,
    material,
  });

/** Every WCB test of the template, passing. */
const wcbPassing = (plan: TestPlan) => [
  stored(plan, 'Shell test (WCB)', 38),
  stored(plan, 'Seat test high pressure (WCB)', 28),
  stored(plan, 'Seat test low pressure (gas)', 6),
];

describe('body materials', () => {
  it('are the ones a product rates; a range takes the only one, or must name one of several', () => {
    expect(ratedMaterials(ratings)).toEqual(['WCB', 'SUS']);
    expect(resolveMaterial(ratings, 'SUS')).toBe('SUS');
    expect(resolveMaterial({ ...ratings, pressureSUS: null }, null)).toBe('WCB');
    expect(resolveMaterial({ pressureFC: null, pressureWCB: null, pressureSUS: null }, null)).toBe(
      null,
    );
    expect(() => resolveMaterial(ratings, null)).toThrow(
      expect.objectContaining({ fields: { bodyMaterial: { key: 'validation.materialRequired' } } }),
    );
    expect(() => resolveMaterial(ratings, 'FC')).toThrow(
      expect.objectContaining({
        fields: {
          bodyMaterial: { key: 'validation.materialNotRated', params: { material: 'FC' } },
        },
      }),
    );
    // A product rating none takes no material, and refuses one.
    expect(() =>
      resolveMaterial({ pressureFC: null, pressureWCB: null, pressureSUS: null }, 'WCB'),
    ).toThrow(expect.objectContaining({ fields: { bodyMaterial: expect.anything() } }));
  });

  it('scope plan tests: the template gives each material its own shell and seat tests', () => {
    expect(template.map((test) => [test.name, test.materials])).toEqual([
      ['Shell test (WCB)', ['WCB']],
      ['Seat test high pressure (WCB)', ['WCB']],
      ['Shell test (SUS)', ['SUS']],
      ['Seat test high pressure (SUS)', ['SUS']],
      ['Seat test low pressure (gas)', []],
    ]);
    expect(appliesTo({ materials: ['SUS'] }, 'WCB')).toBe(false);
    expect(appliesTo({ materials: [] }, 'WCB')).toBe(true);
    // A unit whose material is not recorded is judged by every test, as before materials.
    expect(appliesTo({ materials: ['SUS'] }, null)).toBe(true);
  });

  it('a plan test with limits must state its unit; materials are kept in their order, once', () => {
    const plan = (test: object) =>
      validate(savePlanSchema, {
        tests: [{ name: 'Shell', method: 'API 598', ...test }],
        version: 0,
      });
    expect(plan({ lower: 37.5 })).toMatchObject({
      success: false,
      fields: { 'tests.0.unit': { key: 'validation.limitUnit' } },
    });
    expect(plan({ lower: 37.5, unit: 'bar', materials: ['SUS', 'WCB', 'SUS'] })).toMatchObject({
      success: true,
      data: { tests: [{ materials: ['WCB', 'SUS'] }] },
    });
    expect(plan({ unit: 'bar', materials: ['CF8M'] })).toMatchObject({ success: false });
  });
});

describe('judging a result on ingest', () => {
  it('refuses a test of another material than the unit’s, unless the plan takes extra tests', () => {
    const row = { testName: 'Shell test (SUS)', result: 'pass' as const, value: 31, unit: 'bar' };
    const wcb = { material: 'WCB' as const, productionDate: '2026-06-01' };
    expect(judge(row, v1, wcb)).toEqual({
      refusal: {
        field: 'testName',
        message: { key: 'validation.testNotForMaterial', params: { material: 'WCB' } },
      },
    });
    expect(judge(row, { ...v1, allowExtraTests: true }, wcb)).toEqual({
      judgement: { planVersion: 1, limit: null },
    });
    expect(judge(row, v1, { ...wcb, material: 'SUS' })).toMatchObject({
      judgement: { planVersion: 1, limit: { lower: 30 } },
    });
  });

  it('refuses a result tested before its unit was made (a day’s time zones allowed)', () => {
    const row = (testedAt: string) => ({
      testName: 'Seat test low pressure (gas)',
      result: 'pass' as const,
      value: 6,
      unit: 'bar',
      testedAt,
    });
    const unit = { material: 'WCB' as const, productionDate: '2026-06-01' };
    expect(judge(row('2026-05-30T23:00:00.000Z'), v1, unit)).toEqual({
      refusal: {
        field: 'testedAt',
        message: { key: 'validation.testedBeforeProduction', params: { date: '2026-06-01' } },
      },
    });
    // 08:00 on the production date in Taipei is still the day before in UTC.
    expect(testedBeforeProduction('2026-05-31T23:00:00.000Z', '2026-06-01')).toBe(false);
    expect(judge(row('2026-06-01T00:00:00.000Z'), null, unit)).toMatchObject({ judgement: {} });
  });

  it('keeps a number that underflows to 0 visible, so no field takes it as 0', () => {
    expect(readDecimal('1e-400')).toBe(Number.MIN_VALUE);
    expect(readDecimal('-1E-500')).toBe(-Number.MIN_VALUE);
    expect(readDecimal('0.000')).toBe(0);
    expect(readDecimal('0e9')).toBe(0);
    expect(readDecimal('2.5')).toBe(2.5);
    const body = '{"value":1e-400,"unit":"1e-400 \\" 1e-400","lower":-7e-999,"upper":0.0}';
    expect(JSON.parse(keepUnderflowVisible(body))).toEqual({
      value: Number.MIN_VALUE,
      unit: '1e-400 " 1e-400',
      lower: -Number.MIN_VALUE,
      upper: 0,
    });
    // Nothing else of a body changes.
    const plain = '{"a":[1,2.5e3,-0,"x"],"b":{"c":"1e-400"}}';
    expect(keepUnderflowVisible(plain)).toBe(plain);
  });
});

describe('the plan a unit is judged by (docs/test-plans.md)', () => {
  // Version 2 adds a required visual inspection for every unit.
  const v2 = planOf(2, [
    ...template,
    {
      name: 'Visual inspection',
      nameZh: null,
      method: 'ISO 5208 annex',
      methodZh: null,
      unit: null,
      lower: null,
      upper: null,
      required: true,
      holdSeconds: null,
      materials: [],
    },
  ]);

  it('judges a WCB unit by the WCB tests alone: passing them all passes it', () => {
    const judgement = judgeWith(wcbPassing(v1), [v1], 1);
    expect(judgement.verdict).toBe('pass');
    expect(judgement.rows.filter((row) => row.required).map((row) => row.testName)).toEqual([
      'Shell test (WCB)',
      'Seat test high pressure (WCB)',
      'Seat test low pressure (gas)',
    ]);
    // Not recorded: every test counts, and the SUS tests are missing.
    expect(judgeWith(wcbPassing(v1), [v1], 1, null).verdict).toBe('incomplete');
  });

  it('keeps a finished unit’s verdict when a later version adds a required test', () => {
    const judgement = judgeWith(wcbPassing(v1), [v1, v2], 2);
    expect(judgement.plan?.version).toBe(1);
    expect(judgement.verdict).toBe('pass');
  });

  it('moves a unit still being tested to the newer version', () => {
    const results = [
      stored(v1, 'Shell test (WCB)', 38),
      stored(v2, 'Seat test high pressure (WCB)', 28),
      stored(v2, 'Seat test low pressure (gas)', 6),
    ];
    const judgement = judgeWith(results, [v1, v2], 2);
    expect(judgement.plan?.version).toBe(2);
    expect(judgement.verdict).toBe('incomplete');
    expect(judgement.rows.find((row) => row.testName === 'Visual inspection')?.result).toBeNull();
  });

  it('judges an untested unit by the current version', () => {
    const judgement = judgeWith([], [v1, v2], 2);
    expect(judgement).toMatchObject({ verdict: 'untested', plan: { version: 2 } });
    expect(judgement.rows.some((row) => row.testName === 'Visual inspection')).toBe(true);
  });
});

describe('a verdict no one can bend', () => {
  const failing = () => [
    stored(v1, 'Shell test (WCB)', 30),
    stored(v1, 'Seat test high pressure (WCB)', 28),
    stored(v1, 'Seat test low pressure (gas)', 6),
  ];

  it('keeps a failure counting when a later version no longer requires (or names) the test', () => {
    const relaxed = planOf(
      2,
      template.map((test) =>
        test.name === 'Shell test (WCB)' ? { ...test, required: false } : test,
      ),
    );
    const emptied = planOf(3, [], true);
    // A new result arrives under each weakened version: the unit moves to it.
    for (const later of [relaxed, emptied]) {
      const results = [...failing(), stored(later, 'Seat test low pressure (gas)', 5.5)];
      expect(judgeWith(results, [v1, later], later.version).verdict).toBe('fail');
    }
  });

  it('lets a failure go only when it is voided or the same test passes later', () => {
    const results = failing();
    expect(judgeWith(results, [v1], 1).verdict).toBe('fail');
    const retested = [...results, stored(v1, 'Shell test (WCB)', 38)];
    expect(judgeWith(retested, [v1], 1).verdict).toBe('pass');
    const voided = results.map((result) =>
      result.result === 'fail' ? { ...result, voidedAt: '2026-07-02T00:00:00.000Z' } : result,
    );
    // The voided shell test no longer counts: nothing failed, one required test is missing.
    expect(judgeWith(voided, [v1], 1).verdict).toBe('incomplete');
    expect(judgeWith(voided, [v1], 1).latest.map((result) => result.testName)).not.toContain(
      'Shell test (WCB)',
    );
  });

  it('never counts a result judged against no limit for a test with limits, nor shows one against it', () => {
    // Stored before the product had a plan: its stated outcome, judged against nothing.
    const unjudged = wcbPassing(v1).map((result) => ({
      ...result,
      planVersion: null,
      limit: null,
    }));
    const judged = stored(v1, 'Seat test low pressure (gas)', 6);
    const judgement = judgeWith([...unjudged, judged], [v1], 1);
    expect(judgement.verdict).toBe('incomplete');
    const shell = judgement.rows.find((row) => row.testName === 'Shell test (WCB)' && row.required);
    expect(shell?.result).toBeNull();
    // Shown among the other results, with no limit: it was judged against none.
    const other = judgement.rows.find(
      (row) => row.testName === 'Shell test (WCB)' && !row.required,
    );
    expect(other?.limit).toBeNull();
    expect(other?.result?.value).toBe(38);
  });

  it('does not let an extra test or a test not required decide a verdict', () => {
    const extra = planOf(1, template, true);
    const results = [...wcbPassing(extra), stored(extra, 'Paint thickness', 5, { result: 'fail' })];
    expect(judgeWith(results, [extra], 1).verdict).toBe('pass');
  });
});

describe('verifying an earlier report', () => {
  const record = (changes: Partial<UnitRecord> = {}): UnitRecord => ({
    results: [],
    reports: [],
    ...changes,
  });
  const issuedAt = '2026-07-10T00:00:00.000Z';
  const report = { reportNumber: 'TR-AAAAA-AAAAA', issuedAt, verdict: 'fail' as const };
  const result = (id: string, changes: object = {}) => ({
    ...stored(v1, 'Shell test (WCB)', 30),
    id,
    serialNumber: 'GV-1',
    operator: null,
    notes: null,
    source: 'machine:Bench 1',
    enteredBy: null,
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    receivedAt: '2026-07-09T00:00:00.000Z',
    planVersion: 1,
    limit: null,
    ...changes,
  });
  const entry = (
    reportNumber: string,
    at: string,
    verdict: 'pass' | 'fail',
    ids: string[] | null,
  ) => ({
    reportNumber,
    issuedAt: at,
    language: 'en' as const,
    verdict,
    requestId: null,
    planVersion: 1,
    resultIds: ids,
    credential: true,
  });

  it('says when a result it shows was voided, and not for a void of a result it did not show', () => {
    const voided = result('a', { voidedAt: '2026-07-11T00:00:00.000Z' });
    const findings = laterFindings(
      report,
      record({ results: [voided], reports: [entry(report.reportNumber, issuedAt, 'fail', ['a'])] }),
    );
    expect(findings.voidedSince).toBe('2026-07-11T00:00:00.000Z');
    expect(findings.standing).toBe('voided');
    const other = laterFindings(
      report,
      record({ results: [voided], reports: [entry(report.reportNumber, issuedAt, 'fail', ['b'])] }),
    );
    expect(other.voidedSince).toBeNull();
    expect(other.standing).toBe('current');
  });

  it('names the first later report stating another verdict, and newer results', () => {
    const findings = laterFindings(
      report,
      record({
        results: [result('a'), result('b', { receivedAt: '2026-07-12T00:00:00.000Z' })],
        reports: [
          entry(report.reportNumber, issuedAt, 'fail', ['a']),
          entry('TR-BBBBB-BBBBB', '2026-07-11T00:00:00.000Z', 'fail', ['a']),
          entry('TR-CCCCC-CCCCC', '2026-07-13T00:00:00.000Z', 'pass', ['b']),
        ],
      }),
    );
    expect(findings).toEqual({
      newerResultsSince: '2026-07-12T00:00:00.000Z',
      voidedSince: null,
      standing: 'superseded',
      laterVerdict: {
        reportNumber: 'TR-CCCCC-CCCCC',
        issuedAt: '2026-07-13T00:00:00.000Z',
        verdict: 'pass',
      },
    });
  });
});

describe('catalogue counts', () => {
  it('say "1 test result" and "5 test results" in English, one form in Chinese', () => {
    expect(englishMessage('errors.rangeHoldsData', { results: 5, reports: 1 })).toBe(
      'This range has 5 test results and 1 issued report: it cannot be deleted',
    );
    expect(englishMessage('errors.rangeHoldsData', { results: 1, reports: 2 })).toContain(
      '1 test result and 2 issued reports',
    );
    expect(message('errors.rangeHoldsData', { results: 5, reports: 1 }, 'zh')).toContain(
      '5 筆測試結果與 1 份',
    );
  });
});

describe('an exported results file', () => {
  it('goes back up as it is: the columns the export adds are ignored', () => {
    const header = [...testResultColumns, ...resultExportColumns].join(',');
    const row = [
      'GV-2026-000123,Shell test (WCB),pass,30,bar,2026-01-14T09:05:00.000Z,Sample bench 1,Lin,',
      '2026-11-26T13:24:22.052Z,machine:Sample bench 1,1,29.4,,R1Yt.abc,2026-11-27T00:00:00Z,Ann,Gauge,',
    ].join(',');
    const file = readResultsCsv(`${header}\n${row}\n`);
    expect(file.status).toBe('valid');
    expect(file.status === 'valid' && file.results[0]).toMatchObject({
      serialNumber: 'GV-2026-000123',
      value: 30,
      machineId: 'Sample bench 1',
    });
    // An unknown column is still refused by name.
    const unknown = readResultsCsv(
      `${testResultColumns.join(',')},color\n${row.split(',').slice(0, 9).join(',')},red\n`,
    );
    expect(unknown).toMatchObject({ status: 'invalid', problems: [{ field: 'color' }] });
  });
});
