import type { MessageRef } from '../shared/contract/validation';
import { appliesTo, type BodyMaterial } from '../shared/contract/materials';
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
  field: 'testName' | 'value' | 'result' | 'unit' | 'testedAt';
  message: MessageRef;
}

/** What a result is judged with besides its plan: its unit's range. */
export interface UnitFacts {
  /** The unit's body material; null when its range records none (every test applies). */
  material: BodyMaterial | null;
  /** The unit's production date (YYYY-MM-DD): no test of it can be earlier. */
  productionDate: string;
}

/**
 * A unit is not tested before it is made. `testedAt` is an instant and the production date
 * a plant's calendar date, so the test may lie up to 14 hours (the furthest UTC offset)
 * before the production date's UTC midnight.
 */
const utcOffsetLeewayMs = 14 * 3_600_000;

export function testedBeforeProduction(testedAt: string, productionDate: string): boolean {
  return Date.parse(testedAt) < Date.parse(`${productionDate}T00:00:00Z`) - utcOffsetLeewayMs;
}

/**
 * Judges one result against its product's current test plan (docs/test-plans.md):
 * - a test time before the unit's production date: refused;
 * - no plan: the stated result stands (`planVersion` null);
 * - a test the plan does not name, or names for other body materials than the unit's:
 *   refused, unless the plan allows extra tests (then kept unjudged, as an extra result);
 * - a test the plan gives a unit: a result stating another unit is refused, and so is a
 *   value without a unit (it must state the plan's: a bare number is not a measurement);
 * - a test with limits: the value is required, the outcome is computed from it (limits
 *   inclusive), and a stated result that contradicts it is refused naming the limit;
 * - a test without limits: the stated result stands.
 */
export function judge(
  result: {
    testName: string;
    result: 'pass' | 'fail';
    value: number | null;
    unit: string | null;
    testedAt?: string;
  },
  plan: TestPlan | null,
  unit: UnitFacts = { material: null, productionDate: '0000-01-01' },
): { judgement: Judgement } | { refusal: Refusal } {
  if (result.testedAt && testedBeforeProduction(result.testedAt, unit.productionDate)) {
    return {
      refusal: {
        field: 'testedAt',
        message: {
          key: 'validation.testedBeforeProduction',
          params: { date: unit.productionDate },
        },
      },
    };
  }
  if (!plan) return { judgement: { planVersion: null, limit: null } };
  const test = plan.tests.find((candidate) => candidate.name === result.testName);
  if (!test || !appliesTo(test, unit.material)) {
    if (plan.allowExtraTests) return { judgement: { planVersion: plan.version, limit: null } };
    return {
      refusal: {
        field: 'testName',
        message: test
          ? { key: 'validation.testNotForMaterial', params: { material: unit.material ?? '' } }
          : { key: 'validation.testNotInPlan', params: { version: plan.version } },
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
 * {@link judge}, naming every refusal of a row at once (one answer names every problem of a
 * batch: docs/machine-data.md), also of a row some of whose fields are invalid (left out of
 * `result`; the schema names those): a test time before the unit's production date and what
 * the plan refuses are independent, so a row may have both; without a valid outcome the plan
 * still checks the test's name and unit, and without a valid value also whether one is due.
 * Nothing of the plan is checked without a valid test name and unit.
 */
export function judgeAll(
  result: Partial<Parameters<typeof judge>[0]>,
  plan: TestPlan | null,
  unit: UnitFacts,
): { judgement: Judgement } | { refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  if (result.testedAt !== undefined) {
    const dated = judge(
      { testName: '', result: 'pass', value: null, unit: null, ...result },
      null,
      unit,
    );
    if ('refusal' in dated) refusals.push(dated.refusal);
  }
  if (result.testName === undefined || result.unit === undefined) return { refusals };
  // What an invalid field would decide is not judged: its own problem is named instead.
  const unjudged = new Set<Refusal['field']>([
    ...(result.result === undefined ? (['result'] as const) : []),
    ...(result.value === undefined ? (['value', 'result'] as const) : []),
  ]);
  const planned = judge(
    {
      testName: result.testName,
      result: result.result ?? 'pass',
      value: result.value ?? null,
      unit: result.unit,
    },
    plan,
    unit,
  );
  if ('refusal' in planned && !unjudged.has(planned.refusal.field)) {
    refusals.push(planned.refusal);
  }
  return refusals.length > 0 || unjudged.size > 0 || 'refusal' in planned ? { refusals } : planned;
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
