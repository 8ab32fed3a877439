import { settingsApi } from '../../../../lambdas/shared/contract/api/settings';
import type {
  SiteSettings,
  UpdateSiteSettingsInput,
} from '../../../../lambdas/shared/contract/schemas/settings';
import { api, answerParser } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';

/** `/api/settings`, for `useApiQuery`. */
export const settingsPath = routeUrl(settingsApi, 'GET /api/settings', {});

/** Reads `GET /api/settings` (for `useApiQuery`): the defaults at version 0 until first saved. */
export const parseSiteSettings = answerParser(settingsApi, 'GET /api/settings');

export function getSiteSettings(): Promise<SiteSettings> {
  return api(settingsApi, 'GET /api/settings', {});
}

/** Saves the settings (admins) if `version` is still the current one (else 409 `aborted`). */
export function updateSiteSettings(input: UpdateSiteSettingsInput): Promise<SiteSettings> {
  return api(settingsApi, 'PUT /api/settings', { body: input });
}
