import type { BodyMaterial } from './materials';
import {
  planVerdict,
  reportRows,
  reportVerdict,
  type ReportTestResult,
  type ReportTestRow,
  type ReportVerdict,
  type VerdictPlan,
} from './schemas/report-request';

/** A stored result as the judgement of its unit reads it. */
export interface StoredResultFacts extends ReportTestResult {
  /** When the result was stored (every result of one batch shares it). */
  receivedAt: string;
  /** When it was voided; a voided result never counts. */
  voidedAt?: string | null;
}

/** What a unit is judged by, and what it comes to (docs/test-plans.md). */
export interface UnitJudgement<P extends VerdictPlan> {
  /** The plan version the unit is judged by; null when it is judged without a plan. */
  plan: P | null;
  /** The latest result of each test, voided ones left out, in test-name order. */
  latest: ReportTestResult[];
  /** With a plan, its rows (required tests, then other results); empty without one. */
  rows: ReportTestRow[];
  verdict: ReportVerdict;
}

const newer = (a: StoredResultFacts, b: StoredResultFacts) =>
  a.testedAt > b.testedAt || (a.testedAt === b.testedAt && a.receivedAt > b.receivedAt);

/**
 * Judges a unit from everything stored about it (docs/test-plans.md):
 * - voided results never count;
 * - the unit is judged by the plan version in force when its latest result was stored (the
 *   version that result was judged against): a unit still being tested follows a newer plan,
 *   a finished one keeps its verdict; an untested unit by the current version;
 * - with that plan, only the tests that apply to the unit's material, each with its latest
 *   result that may stand for it, and every failure that counted when it was judged
 *   ({@link planVerdict});
 * - without a plan, the latest result of each test decides (any failure fails it).
 * `plans` holds the current version and every version the unit's results name.
 */
export function judgeUnit<P extends VerdictPlan>(input: {
  results: readonly StoredResultFacts[];
  plans: ReadonlyMap<number, P>;
  currentPlanVersion: number | null;
  material: BodyMaterial | null;
}): UnitJudgement<P> {
  const active = input.results.filter((result) => !result.voidedAt);
  const byTest = new Map<string, StoredResultFacts>();
  for (const result of active) {
    const known = byTest.get(result.testName);
    if (!known || newer(result, known)) byTest.set(result.testName, result);
  }
  const latest = [...byTest.values()].sort((a, b) => a.testName.localeCompare(b.testName));
  if (active.length === 0) {
    const plan =
      input.currentPlanVersion === null
        ? null
        : (input.plans.get(input.currentPlanVersion) ?? null);
    return {
      plan,
      latest: [],
      rows: plan ? reportRows(plan, [], input.material) : [],
      verdict: 'untested',
    };
  }
  const lastStored = active.reduce((last, result) =>
    result.receivedAt > last.receivedAt ? result : last,
  );
  const version = lastStored.planVersion ?? null;
  const plan = version === null ? null : (input.plans.get(version) ?? null);
  if (!plan) return { plan: null, latest, rows: [], verdict: reportVerdict(latest) };
  return {
    plan,
    latest,
    rows: reportRows(plan, latest, input.material),
    verdict: planVerdict(plan, latest, { material: input.material, plans: input.plans }),
  };
}
