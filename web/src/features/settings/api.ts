import {
  siteSettingsSchema,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '../../../../lambdas/shared/contract/schemas/settings';
import { apiRequest, parseAnswer } from '../../lib/api-client';

export const settingsPath = '/api/settings';

/** Reads `GET /api/settings` (for `useApiQuery`): the defaults at version 0 until first saved. */
export function parseSiteSettings(body: unknown): SiteSettings {
  return parseAnswer(siteSettingsSchema, body);
}

export async function getSiteSettings(): Promise<SiteSettings> {
  return parseSiteSettings(await apiRequest<unknown>(settingsPath));
}

/** Saves the settings (admins) if `version` is still the current one (else 409 `aborted`). */
export async function updateSiteSettings(input: UpdateSiteSettingsInput): Promise<SiteSettings> {
  return parseSiteSettings(await apiRequest<unknown>(settingsPath, { method: 'PUT', body: input }));
}
