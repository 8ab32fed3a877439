import { describe, expect, it } from 'vitest';
import {
  savePlanSchema,
  valvePlanTemplate,
  valveTestFactors,
} from '../../../../lambdas/shared/contract/schemas/test-plan';
import { validate } from '../../../../lambdas/shared/contract/validation';
import {
  moveRow,
  noPlan,
  offeredRatings,
  planBase,
  planFormFields,
  planFormValues,
  planInput,
  planIssues,
  planTestRow,
  rowFieldOfPath,
  templateRows,
  type PlanFormValues,
  type PlanTestRow,
} from './test-plan-form';

const ratings = { pressureFC: null, pressureWCB: 25, pressureSUS: null };

const row = (fields: Partial<PlanTestRow>): PlanTestRow => ({ ...planTestRow(), ...fields });
const form = (tests: PlanTestRow[], allowExtraTests = false): PlanFormValues => ({
  tests,
  allowExtraTests,
});
const check = (values: PlanFormValues, version = 0) =>
  validate(savePlanSchema, planInput(values, version));

describe('the valve template in the editor', () => {
  it('fills the rows from the product’s own ratings, and they save as the template made them', () => {
    const rows = templateRows(ratings);
    expect(rows.map((test) => [test.name, test.lower, test.upper, test.holdSeconds])).toEqual([
      ['Shell test (WCB)', '37.5', '', '60'],
      ['Seat test high pressure (WCB)', '27.5', '', '60'],
      ['Seat test low pressure (gas)', '4', '7', '60'],
    ]);
    expect(new Set(rows.map((test) => test.key)).size).toBe(3);
    const result = check(form(rows), 0);
    expect(result).toEqual({
      success: true,
      data: { tests: valvePlanTemplate(ratings), allowExtraTests: false, version: 0 },
    });
  });

  it('scopes each material’s tests to it in the rows, the gas test to every unit', () => {
    const rows = templateRows({ pressureFC: 16, pressureWCB: 40, pressureSUS: null });
    expect(rows.map((test) => [test.name, test.materials])).toEqual([
      ['Shell test (FC)', ['FC']],
      ['Seat test high pressure (FC)', ['FC']],
      ['Shell test (WCB)', ['WCB']],
      ['Seat test high pressure (WCB)', ['WCB']],
      ['Seat test low pressure (gas)', []],
    ]);
  });

  it('gives a shell and a seat test per material offered, at the standard’s factors', () => {
    const all = { pressureFC: 16, pressureWCB: 40, pressureSUS: 20.5 };
    expect(offeredRatings(all)).toEqual([
      { material: 'FC', rating: 16 },
      { material: 'WCB', rating: 40 },
      { material: 'SUS', rating: 20.5 },
    ]);
    const rows = templateRows(all);
    expect(rows).toHaveLength(7);
    const sus = rows.filter((test) => test.name.includes('(SUS)'));
    expect(sus.map((test) => Number(test.lower))).toEqual([
      20.5 * valveTestFactors.shell,
      Math.round(20.5 * valveTestFactors.highPressureSeat * 100) / 100,
    ]);
    expect(offeredRatings({ pressureFC: null, pressureWCB: null, pressureSUS: null })).toEqual([]);
    expect(templateRows({ pressureFC: null, pressureWCB: null, pressureSUS: null })).toHaveLength(
      1,
    );
  });
});

describe('checking the plan with the shared schema', () => {
  it('reads empty number fields as no limit and no hold time, text as not valid', () => {
    const result = check(
      form([
        row({ name: 'Seat leakage', method: 'Bubble count', unit: 'bubbles/min', upper: '0' }),
      ]),
    );
    expect(result.success && result.data.tests[0]).toMatchObject({
      lower: null,
      upper: 0,
      holdSeconds: null,
      unit: 'bubbles/min',
      required: true,
    });
    const typedText = check(form([row({ name: 'Shell', method: 'API 598', lower: 'abc' })]));
    expect(typedText.success ? {} : typedText.fields).toEqual({
      'tests.0.lower': { key: 'validation.invalid' },
    });
  });

  it('names the row and field of every problem: order of limits, missing text, whole seconds', () => {
    const rows = [
      row({ name: 'Shell', method: 'API 598', unit: 'bar', lower: '10', upper: '5' }),
      row({ name: 'Seat', method: '' }),
      row({ name: 'Gas', method: 'API 598', holdSeconds: '1.5' }),
    ];
    const result = check(form(rows));
    expect(result.success ? {} : result.fields).toEqual({
      'tests.0.upper': { key: 'validation.limitOrder' },
      'tests.1.method': { key: 'validation.required' },
      'tests.2.holdSeconds': { key: 'validation.invalid' },
    });
    const issues = planIssues(result, rows);
    expect([...issues.fields.keys()]).toEqual([
      `${rows[0]!.key}.upper`,
      `${rows[1]!.key}.method`,
      `${rows[2]!.key}.holdSeconds`,
    ]);
    expect(issues.plan).toEqual([]);
  });

  it('sends the materials a test applies to, and a test with limits needs its unit', () => {
    const rows = [
      row({ name: 'Shell', method: 'API 598', unit: 'bar', lower: '24', materials: ['SUS', 'FC'] }),
      row({ name: 'Seat', method: 'API 598', lower: '4' }),
    ];
    const result = check(form(rows));
    expect(result.success ? {} : result.fields).toEqual({
      'tests.1.unit': { key: 'validation.limitUnit' },
    });
    const fixed = check(form([rows[0]!, { ...rows[1]!, unit: 'bar' }]));
    // The schema keeps them in the catalogue's order; none means every unit.
    expect(fixed.success && fixed.data.tests.map((test) => test.materials)).toEqual([
      ['FC', 'SUS'],
      [],
    ]);
  });

  it('names a test that repeats an earlier one’s name (once every test is valid)', () => {
    const rows = [
      row({ name: 'Shell', method: 'API 598' }),
      row({ name: 'Seat', method: 'API 598' }),
      row({ name: ' Shell ', method: 'ISO 5208' }),
    ];
    const result = check(form(rows));
    expect(result.success ? {} : result.fields).toEqual({
      'tests.2.name': { key: 'validation.duplicateTest' },
    });
    expect([...planIssues(result, rows).fields.keys()]).toEqual([`${rows[2]!.key}.name`]);
  });

  it('says when a plan has too many tests, about the plan as a whole', () => {
    const rows = Array.from({ length: 51 }, (_unused, index) =>
      row({ name: `Test ${index}`, method: 'M' }),
    );
    const issues = planIssues(check(form(rows)), rows);
    expect(issues.fields.size).toBe(0);
    expect(issues.plan).toHaveLength(1);
  });

  it('sends the version the edit is based on', () => {
    const result = check(form([]), 3);
    expect(result).toEqual({
      success: true,
      data: { tests: [], allowExtraTests: false, version: 3 },
    });
  });
});

describe('rows and their fields', () => {
  it('lists every field path in page order, and finds a path’s row after a move', () => {
    const rows = [row({ name: 'A' }), row({ name: 'B' })];
    expect(planFormFields(form(rows)).slice(0, 9)).toEqual([
      'tests.0.name',
      'tests.0.method',
      'tests.0.nameZh',
      'tests.0.methodZh',
      'tests.0.unit',
      'tests.0.lower',
      'tests.0.upper',
      'tests.0.holdSeconds',
      'tests.1.name',
    ]);
    const moved = moveRow(rows, 1, -1);
    expect(moved.map((test) => test.name)).toEqual(['B', 'A']);
    expect(rowFieldOfPath('tests.0.upper', moved)).toEqual({ key: rows[1]!.key, field: 'upper' });
    expect(rowFieldOfPath('tests.2.upper', moved)).toBeUndefined();
    expect(rowFieldOfPath('tests.0.required', moved)).toBeUndefined();
    expect(rowFieldOfPath('version', moved)).toBeUndefined();
  });

  it('moves a row only within the list', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -2)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('starts from the stored plan (numbers as text), or from nothing at version 0', () => {
    const tests = valvePlanTemplate(ratings);
    const stored = {
      productId: 'p-1',
      version: 4,
      tests,
      allowExtraTests: true,
      approvedBy: { id: 'u', name: 'Chen', email: 'chen@example.com', role: 'staff' as const },
      approvedAt: '2026-11-21T08:00:00.000Z',
    };
    expect(planBase(stored)).toEqual({ version: 4, tests, allowExtraTests: true });
    expect(planBase(null)).toEqual(noPlan);
    const values = planFormValues(planBase(stored));
    expect(values.allowExtraTests).toBe(true);
    expect(values.tests[2]).toMatchObject({ lower: '4', upper: '7', unit: 'bar', required: true });
    expect(values.tests.map((test) => test.materials)).toEqual([['WCB'], ['WCB'], []]);
  });
});
