import { idParams } from '../shared/contract/schemas/params';
import {
  createSerialRangeSchema,
  listSerialRangesQuerySchema,
  lookupSerialQuerySchema,
  updateSerialRangeSchema,
} from '../shared/contract/schemas/serial-range';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The serial-ranges routes (assembled with every feature's in lambdas/routes.ts). */
export const serialRangeRoutes = {
  'GET /api/serial-numbers': {
    handler: 'lambdas/serial-ranges/list-handler.ts',
    access: staffOrAdmin,
    query: listSerialRangesQuerySchema,
  },
  'POST /api/serial-numbers': {
    handler: 'lambdas/serial-ranges/create-handler.ts',
    access: staffOrAdmin,
    body: createSerialRangeSchema,
  },
  'GET /api/serial-numbers/lookup': {
    handler: 'lambdas/serial-ranges/lookup-handler.ts',
    access: staffOrAdmin,
    query: lookupSerialQuerySchema,
  },
  'GET /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/get-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'PUT /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/update-handler.ts',
    access: staffOrAdmin,
    body: updateSerialRangeSchema,
    params: idParams,
  },
  'DELETE /api/serial-numbers/{id}': {
    handler: 'lambdas/serial-ranges/delete-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
} as const satisfies RouteTable;
