import { adminOnly, staffOrAdmin, type ApiTable } from '../api-spec';
import {
  signUpStateSchema,
  siteSettingsSchema,
  updateSiteSettingsSchema,
} from '../schemas/settings';

/** Site settings admins change in the back office (docs/report-center.md). */
export const settingsApi = {
  'GET /api/settings': {
    summary: 'The site settings in force (the defaults at version 0 until first saved)',
    access: staffOrAdmin,
    answers: { 200: siteSettingsSchema },
  },
  'PUT /api/settings': {
    summary: 'Saves the site settings (the version it was based on must still be current)',
    access: adminOnly,
    body: updateSiteSettingsSchema,
    answers: { 200: siteSettingsSchema },
  },
  'GET /api/sign-up': {
    summary: 'Whether people may create an account (the site setting): the sign-in page asks',
    access: 'public',
    answers: { 200: signUpStateSchema },
  },
} as const satisfies ApiTable;
