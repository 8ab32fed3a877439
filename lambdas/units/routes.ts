import { unitSerialParams } from '../shared/contract/schemas/unit';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The unit page's route (assembled with every feature's in lambdas/routes.ts). */
export const unitRecordRoutes = {
  'GET /api/serial-numbers/units/{serial+}': {
    handler: 'lambdas/units/record-handler.ts',
    access: staffOrAdmin,
    params: unitSerialParams,
  },
} as const satisfies RouteTable;
