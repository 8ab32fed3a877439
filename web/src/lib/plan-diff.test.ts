import { describe, expect, it } from 'vitest';
import { valvePlanTemplate } from '../../../lambdas/shared/contract/schemas/test-plan';
import { planDiff, planTestLimit, samePlan } from './plan-diff';

const tests = valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null });
const [shell, seat, gas] = tests as [
  (typeof tests)[number],
  (typeof tests)[number],
  (typeof tests)[number],
];
const plan = (list = tests, allowExtraTests = false) => ({ tests: list, allowExtraTests });

describe('planDiff', () => {
  it('finds every test added when there was no plan', () => {
    expect(planDiff(null, plan())).toEqual({
      added: tests,
      removed: [],
      changed: [],
      reordered: false,
    });
  });

  it('names what changed in a test, and only that', () => {
    const stricter = { ...shell, lower: 40 };
    const optional = { ...gas, required: false, holdSeconds: 15 };
    const diff = planDiff(plan(), plan([stricter, seat, optional]));
    expect(diff.changed).toEqual([
      { name: shell.name, before: shell, after: stricter, aspects: ['limit'] },
      { name: gas.name, before: gas, after: optional, aspects: ['required', 'holdSeconds'] },
    ]);
    expect(diff.reordered).toBe(false);
    expect(planDiff(plan(), plan([{ ...seat, unit: 'psi' }])).changed[0]?.aspects).toEqual([
      'limit',
    ]);
  });

  it('sees a change of the materials a test applies to, and a plan that only changes them', () => {
    const wider: typeof shell = { ...shell, materials: ['WCB', 'SUS'] };
    const everyUnit: typeof shell = { ...shell, materials: [] };
    expect(planDiff(plan(), plan([wider, seat, gas])).changed).toEqual([
      { name: shell.name, before: shell, after: wider, aspects: ['materials'] },
    ]);
    expect(planDiff(plan(), plan([everyUnit, seat, gas])).changed[0]?.aspects).toEqual([
      'materials',
    ]);
    expect(samePlan(plan(), plan([wider, seat, gas]))).toBe(false);
    expect(samePlan(plan([wider]), plan([{ ...wider, materials: ['WCB', 'SUS'] }]))).toBe(true);
  });

  it('tells removals, additions, a new order and the extra-tests switch apart', () => {
    const leakage = { ...gas, name: 'Seat leakage', lower: null, upper: 0, unit: 'bubbles/min' };
    const diff = planDiff(plan(), plan([seat, shell, leakage], true));
    expect(diff.added).toEqual([leakage]);
    expect(diff.removed).toEqual([gas]);
    expect(diff.changed).toEqual([]);
    expect(diff.reordered).toBe(true);
    expect(diff.allowExtraTests).toEqual({ from: false, to: true });
  });

  it('sees the same plan as the same, a moved test as a change', () => {
    expect(samePlan(plan(), plan([...tests]))).toBe(true);
    expect(samePlan(plan(), plan([seat, shell, gas]))).toBe(false);
    expect(samePlan(plan(), plan(tests, true))).toBe(false);
  });
});

describe('planTestLimit', () => {
  it('writes limits as reports do, and nothing for a test without', () => {
    expect(planTestLimit(shell)).toBe('≥ 37.5 bar');
    expect(planTestLimit(gas)).toBe('4 – 7 bar');
    expect(planTestLimit({ ...gas, lower: null, upper: 0, unit: null })).toBe('≤ 0');
    expect(planTestLimit({ ...gas, lower: null, upper: null })).toBe('');
  });
});
