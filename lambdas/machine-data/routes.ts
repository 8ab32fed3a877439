import {
  ingestBatchSchema,
  listTestResultsQuerySchema,
  resultIdParams,
  voidResultSchema,
} from '../shared/contract/schemas/machine-data';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The machine-data routes (assembled with every feature's in lambdas/routes.ts). */
export const machineDataRoutes = {
  'GET /api/machine-data': {
    handler: 'lambdas/machine-data/list-handler.ts',
    access: staffOrAdmin,
    query: listTestResultsQuerySchema,
  },
  'POST /api/machine-data': {
    handler: 'lambdas/machine-data/upload-handler.ts',
    access: staffOrAdmin,
    body: 'text',
  },
  'POST /api/machine-data/{id}/void': {
    handler: 'lambdas/machine-data/void-handler.ts',
    access: staffOrAdmin,
    params: resultIdParams,
    body: voidResultSchema,
  },
  'POST /api/machine-data/ingest': {
    handler: 'lambdas/machine-data/ingest-handler.ts',
    access: 'machine',
    body: ingestBatchSchema,
    invalidBodyMessage: 'errors.batchRefused',
  },
} as const satisfies RouteTable;
