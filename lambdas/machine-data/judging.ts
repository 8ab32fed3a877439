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
 * - a test with limits: the value is required, the outcome is computed from it (limits
 *   inclusive), a stated result that contradicts it is refused naming the limit, and a
 *   unit other than the plan's is refused;
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
  if (!hasLimits(test)) return { judgement: { planVersion: plan.version, limit: null } };
  const limit: JudgedLimit = { lower: test.lower, upper: test.upper, unit: test.unit };
  if (result.value === null) {
    return { refusal: { field: 'value', message: { key: 'validation.valueRequired' } } };
  }
  if (test.unit && result.unit && result.unit !== test.unit) {
    return {
      refusal: {
        field: 'unit',
        message: { key: 'validation.unitMismatch', params: { unit: test.unit } },
      },
    };
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
