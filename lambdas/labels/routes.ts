import { labelsQuerySchema } from '../shared/contract/labels';
import { idParams } from '../shared/contract/schemas/params';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** Nameplate labels of a serial range (docs/identity-links.md): its own function, with the fonts. */
export const labelRoutes = {
  'GET /api/serial-numbers/{id}/labels': {
    handler: 'lambdas/labels/handler.ts',
    access: staffOrAdmin,
    query: labelsQuerySchema,
    params: idParams,
  },
} as const satisfies RouteTable;
