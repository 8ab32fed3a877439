import { updateSiteSettingsSchema } from '../shared/contract/schemas/settings';
import { adminOnly, staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The site settings routes (assembled with every feature's in lambdas/routes.ts). */
export const settingsRoutes = {
  'GET /api/settings': {
    handler: 'lambdas/settings/get-handler.ts',
    access: staffOrAdmin,
  },
  'PUT /api/settings': {
    handler: 'lambdas/settings/update-handler.ts',
    access: adminOnly,
    body: updateSiteSettingsSchema,
  },
} as const satisfies RouteTable;
