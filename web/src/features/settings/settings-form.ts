import {
  reportVerdicts,
  type ReportVerdict,
} from '../../../../lambdas/shared/contract/schemas/report-request';
import {
  updateSiteSettingsSchema,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '../../../../lambdas/shared/contract/schemas/settings';

/**
 * The site settings form's rules, as data: the chosen verdicts are kept in the verdicts'
 * own order (pass, fail, incomplete, untested), as the API stores them, so "changed" means
 * a different choice, not a different order of ticking.
 */

/** What the form edits: the verdicts visitors may receive, and whether people may sign up. */
export interface SiteSettingsChoice {
  publicVerdicts: readonly ReportVerdict[];
  selfRegistration: boolean;
}

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

/** The settings the form holds, from the settings as loaded. */
export function settingsChoice(settings: SiteSettings): SiteSettingsChoice {
  return {
    publicVerdicts: verdictsInOrder(settings.publicVerdicts),
    selfRegistration: settings.selfRegistration,
  };
}

/** The settings' fields whose values differ between two choices (their API names). */
export function changedSettings(
  before: SiteSettingsChoice,
  after: SiteSettingsChoice,
): (keyof SiteSettingsChoice)[] {
  const changed: (keyof SiteSettingsChoice)[] = [];
  if (!sameVerdicts(before.publicVerdicts, after.publicVerdicts)) changed.push('publicVerdicts');
  if (before.selfRegistration !== after.selfRegistration) changed.push('selfRegistration');
  return changed;
}

/**
 * The body of `PUT /api/settings`: every setting of the form, saved together, with the
 * version the edit started from; checked with the API's own schema.
 */
export function settingsInput(
  choice: SiteSettingsChoice,
  version: number,
): UpdateSiteSettingsInput {
  return updateSiteSettingsSchema.parse({
    publicVerdicts: [...choice.publicVerdicts],
    selfRegistration: choice.selfRegistration,
    version,
  });
}
