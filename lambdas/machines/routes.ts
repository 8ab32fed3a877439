import {
  createMachineSchema,
  listMachinesQuerySchema,
} from '../shared/contract/schemas/machine-data';
import { idParams } from '../shared/contract/schemas/params';
import { adminOnly, type RouteTable } from '../shared/route-spec';

/** The machines routes (assembled with every feature's in lambdas/routes.ts). */
export const machineRoutes = {
  'GET /api/machines': {
    handler: 'lambdas/machines/list-handler.ts',
    access: adminOnly,
    query: listMachinesQuerySchema,
  },
  'POST /api/machines': {
    handler: 'lambdas/machines/create-handler.ts',
    access: adminOnly,
    body: createMachineSchema,
  },
  'DELETE /api/machines/{id}': {
    handler: 'lambdas/machines/revoke-handler.ts',
    access: adminOnly,
    params: idParams,
  },
} as const satisfies RouteTable;
