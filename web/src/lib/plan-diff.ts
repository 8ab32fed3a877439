import type * as z from 'zod';
import {
  formatLimit,
  hasLimits,
  testPlanSchema,
  type PlanTest,
} from '../../../lambdas/shared/contract/schemas/test-plan';

/**
 * What changed between two versions of a product's test plan, test by test (tests are
 * named by their `name`, the key benches send): for the product's History and for the
 * plan editor's "someone else saved a newer version" notice.
 */

/** A plan's content as an audit entry records it (`changes.testPlan.from` / `.to`). */
export const planSummarySchema = testPlanSchema.pick({
  version: true,
  tests: true,
  allowExtraTests: true,
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** The parts of a test a change can touch (name is its identity). */
export const planTestAspects = [
  'method',
  'nameZh',
  'methodZh',
  'limit',
  'materials',
  'required',
  'holdSeconds',
] as const;
export type PlanTestAspect = (typeof planTestAspects)[number];

export interface ChangedPlanTest {
  name: string;
  before: PlanTest;
  after: PlanTest;
  /** What differs, in the order of {@link planTestAspects}. */
  aspects: PlanTestAspect[];
}

export interface PlanDiff {
  added: PlanTest[];
  removed: PlanTest[];
  changed: ChangedPlanTest[];
  /** The tests both versions have come in another order. */
  reordered: boolean;
  /** Whether results of tests the plan does not name are accepted, when that changed. */
  allowExtraTests?: { from: boolean; to: boolean };
}

type PlanContent = Pick<PlanSummary, 'tests' | 'allowExtraTests'>;

/** The limit as reports write it, unit included (`≥ 37.5 bar`); empty when the test has none. */
export const planTestLimit = (test: PlanTest): string =>
  hasLimits(test) ? formatLimit({ lower: test.lower, upper: test.upper, unit: test.unit }) : '';

function aspectsChanged(before: PlanTest, after: PlanTest): PlanTestAspect[] {
  return planTestAspects.filter((aspect) => {
    switch (aspect) {
      case 'method':
        return before.method !== after.method;
      case 'nameZh':
        return before.nameZh !== after.nameZh;
      case 'methodZh':
        return before.methodZh !== after.methodZh;
      case 'limit':
        return (
          before.lower !== after.lower || before.upper !== after.upper || before.unit !== after.unit
        );
      case 'materials':
        // In the catalogue's order (the schema sorts them); a version saved before
        // materials existed reads as every unit (`[]`).
        return before.materials.join() !== after.materials.join();
      case 'required':
        return before.required !== after.required;
      case 'holdSeconds':
        return before.holdSeconds !== after.holdSeconds;
    }
  });
}

/**
 * The difference of two plans (null: no plan, e.g. before the first version): tests
 * added and removed (in the order of the plan they are in), tests changed (in the new
 * plan's order) with what changed, whether the common tests were reordered, and the
 * extra-tests switch.
 */
export function planDiff(before: PlanContent | null, after: PlanContent | null): PlanDiff {
  const old = before?.tests ?? [];
  const now = after?.tests ?? [];
  const oldByName = new Map(old.map((test) => [test.name, test]));
  const nowNames = new Set(now.map((test) => test.name));
  const changed: ChangedPlanTest[] = [];
  for (const test of now) {
    const previous = oldByName.get(test.name);
    if (!previous) continue;
    const aspects = aspectsChanged(previous, test);
    if (aspects.length > 0)
      changed.push({ name: test.name, before: previous, after: test, aspects });
  }
  const commonOld = old.filter((test) => nowNames.has(test.name)).map((test) => test.name);
  const commonNow = now.filter((test) => oldByName.has(test.name)).map((test) => test.name);
  const fromExtra = before?.allowExtraTests ?? false;
  const toExtra = after?.allowExtraTests ?? false;
  return {
    added: now.filter((test) => !oldByName.has(test.name)),
    removed: old.filter((test) => !nowNames.has(test.name)),
    changed,
    reordered: commonOld.some((name, index) => commonNow[index] !== name),
    ...(fromExtra !== toExtra ? { allowExtraTests: { from: fromExtra, to: toExtra } } : {}),
  };
}

/** Whether two plans say the same (the same tests in the same order, the same switch). */
export function samePlan(a: PlanContent, b: PlanContent): boolean {
  const diff = planDiff(a, b);
  return (
    diff.added.length === 0 &&
    diff.removed.length === 0 &&
    diff.changed.length === 0 &&
    !diff.reordered &&
    !diff.allowExtraTests
  );
}
