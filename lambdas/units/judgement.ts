import { getTestPlan } from '../products/repository';
import type { BodyMaterial } from '../shared/contract/materials';
import type { ReportTestResult } from '../shared/contract/schemas/report-request';
import type { TestPlan } from '../shared/contract/schemas/test-plan';
import { judgeUnit, type UnitJudgement } from '../shared/contract/unit-judgement';
import type { UnitRecord } from './repository';

/** The plan versions a unit's judgement reads: the current one and every one its results name. */
async function plansFor(
  productId: string,
  versions: Iterable<number | null | undefined>,
): Promise<Map<number, TestPlan>> {
  const wanted = [...new Set(versions)].filter(
    (version): version is number => typeof version === 'number' && version > 0,
  );
  const plans = await Promise.all(wanted.map((version) => getTestPlan(productId, version)));
  return new Map(plans.flatMap((plan, index) => (plan ? [[wanted[index]!, plan] as const] : [])));
}

/**
 * Judges a unit from its stored record (docs/test-plans.md, `judgeUnit`): one GetItem per
 * plan version its results name (a unit's results name one or two).
 */
export async function judgeStoredUnit(
  record: UnitRecord,
  product: { id: string; planVersion: number | null },
  material: BodyMaterial | null,
): Promise<UnitJudgement<TestPlan>> {
  const plans = await plansFor(product.id, [
    product.planVersion,
    ...record.results.map((result) => result.planVersion),
  ]);
  return judgeUnit({
    results: record.results,
    plans,
    currentPlanVersion: product.planVersion,
    material,
  });
}

/** A result as a report shows it (what the PDF and the preview print, nothing more). */
export const reportResult = (result: ReportTestResult): ReportTestResult => ({
  testName: result.testName,
  result: result.result,
  value: result.value,
  unit: result.unit,
  testedAt: result.testedAt,
  machineId: result.machineId,
  operator: result.operator ?? null,
  planVersion: result.planVersion ?? null,
  limit: result.limit ?? null,
  enteredBy: result.enteredBy ?? null,
});
