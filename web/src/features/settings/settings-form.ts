import {
  reportVerdicts,
  type ReportVerdict,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import {
  updateSiteSettingsSchema,
  type UpdateSiteSettingsInput,
} from '../../../../lambdas/shared/contract/schemas/settings';

/**
 * The site settings form's rules, as data: the chosen verdicts are kept in the verdicts'
 * own order (pass, fail, incomplete, untested), as the API stores them, so "changed" means
 * a different choice, not a different order of ticking.
 */

/** The verdicts of a choice, in the verdicts' order. */
export function verdictsInOrder(chosen: readonly ReportVerdict[]): ReportVerdict[] {
  return reportVerdicts.filter((verdict) => chosen.includes(verdict));
}

/** The choice after ticking (or clearing) one verdict. */
export function withVerdict(
  chosen: readonly ReportVerdict[],
  verdict: ReportVerdict,
  checked: boolean,
): ReportVerdict[] {
  return reportVerdicts.filter((candidate) =>
    candidate === verdict ? checked : chosen.includes(candidate),
  );
}

/** Whether two choices hold the same verdicts. */
export function sameVerdicts(a: readonly ReportVerdict[], b: readonly ReportVerdict[]): boolean {
  return reportVerdicts.every((verdict) => a.includes(verdict) === b.includes(verdict));
}

/** The body of `PUT /api/settings`, checked with the API's own schema. */
export function settingsInput(
  chosen: readonly ReportVerdict[],
  version: number,
): UpdateSiteSettingsInput {
  return updateSiteSettingsSchema.parse({ publicVerdicts: [...chosen], version });
}
