import * as z from 'zod';
import { reportVerdicts, type ReportVerdict } from './report-words';

/**
 * Site settings admins change in the back office (docs/report-center.md), one record for the
 * whole site, audited like any record.
 */

/** By default a visitor receives a unit's report when its verdict is PASS or FAIL. */
export const defaultPublicVerdicts: readonly ReportVerdict[] = ['pass', 'fail'];

const publicVerdictsField = z
  .array(z.enum(reportVerdicts))
  .max(reportVerdicts.length)
  .transform((chosen) => reportVerdicts.filter((verdict) => chosen.includes(verdict)));

/** `PUT /api/settings` (admin): the whole settings, with the version the edit was based on. */
export const updateSiteSettingsSchema = z.strictObject({
  /**
   * The verdicts a visitor may receive a report of, for units of products with a test plan;
   * a request for a unit with another verdict is answered "not available yet" and recorded
   * in the search history as withheld.
   */
  publicVerdicts: publicVerdictsField,
  /**
   * People may create an account on the sign-in page (an admin then approves it). Off
   * by default; left out: unchanged.
   */
  selfRegistration: z.boolean().optional(),
  /** The settings' version the edit is based on (0 before the first save). */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type UpdateSiteSettingsInput = z.infer<typeof updateSiteSettingsSchema>;

/** `GET /api/settings`: the settings in force (the defaults at version 0 until first saved). */
export const siteSettingsSchema = z.object({
  publicVerdicts: z.array(z.enum(reportVerdicts)),
  selfRegistration: z.boolean().default(false),
  version: z.number().int(),
  updatedAt: z.string().nullable().default(null),
  updatedBy: z.string().nullable().default(null),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** `GET /api/sign-up` (public): whether the sign-in page offers "Create an account". */
export const signUpStateSchema = z.object({ open: z.boolean() });
export type SignUpState = z.infer<typeof signUpStateSchema>;
