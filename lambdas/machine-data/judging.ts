import type { MessageRef } from '../shared/contract/validation';
import {
  formatLimit,
  hasLimits,
  outcomeWithin,
  type JudgedLimit,
  type TestPlan,
} from '../shared/contract/schemas/test-plan';

/** What judging adds to a result: the plan version and the limit it was judged against. */
export interface Judgement {
  planVersion: number | null;
  limit: JudgedLimit | null;
}

/** A row the plan refuses: the field at fault and why. */
export interface Refusal {
  field: 'testName' | 'value' | 'result' | 'unit';
  message: MessageRef;
}

/**
 * Judges one result against its product's current test plan (docs/test-plans.md):
 * - no plan: the stated result stands (`planVersion` null);
 * - a test the plan does not name: refused, unless the plan allows extra tests;
 * - a test the plan gives a unit: a result stating another unit is refused, and so is a
 *   value without a unit (it must state the plan's: a bare number is not a measurement);
 * - a test with limits: the value is required, the outcome is computed from it (limits
 *   inclusive), and a stated result that contradicts it is refused naming the limit;
 * - a test without limits: the stated result stands.
 */
export function judge(
  result: { testName: string; result: 'pass' | 'fail'; value: number | null; unit: string | null },
  plan: TestPlan | null,
): { judgement: Judgement } | { refusal: Refusal } {
  if (!plan) return { judgement: { planVersion: null, limit: null } };
  const test = plan.tests.find((candidate) => candidate.name === result.testName);
  if (!test) {
    if (plan.allowExtraTests) return { judgement: { planVersion: plan.version, limit: null } };
    return {
      refusal: {
        field: 'testName',
        message: { key: 'validation.testNotInPlan', params: { version: plan.version } },
      },
    };
  }
  const unitRefusal = unitProblem(result, test.unit);
  if (unitRefusal) return { refusal: unitRefusal };
  if (!hasLimits(test)) return { judgement: { planVersion: plan.version, limit: null } };
  const limit: JudgedLimit = { lower: test.lower, upper: test.upper, unit: test.unit };
  if (result.value === null) {
    return { refusal: { field: 'value', message: { key: 'validation.valueRequired' } } };
  }
  const outcome = outcomeWithin(result.value, limit);
  if (outcome !== result.result) {
    return {
      refusal: {
        field: 'result',
        message: {
          key: outcome === 'fail' ? 'validation.resultShouldFail' : 'validation.resultShouldPass',
          params: { limit: formatLimit(limit) },
        },
      },
    };
  }
  return { judgement: { planVersion: plan.version, limit } };
}

/**
 * A result's unit against the unit the plan measures its test in (matched exactly, as
 * `testName` is): another unit is refused, and a value stated without a unit is too, so a
 * number measured in psi is never judged against limits in bar.
 */
function unitProblem(
  result: { value: number | null; unit: string | null },
  planUnit: string | null,
): Refusal | undefined {
  if (!planUnit) return undefined;
  if (result.unit !== null && result.unit !== planUnit) {
    return {
      field: 'unit',
      message: { key: 'validation.unitMismatch', params: { unit: planUnit } },
    };
  }
  if (result.unit === null && result.value !== null) {
    return {
      field: 'unit',
      message: { key: 'validation.unitRequired', params: { unit: planUnit } },
    };
  }
  return undefined;
}
