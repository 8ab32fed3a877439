import { machineDataApi } from '../shared/contract/api/machine-data';
import { resultBatchTimeoutSeconds } from '../shared/contract/schemas/machine-data';
import { implement } from '../shared/route-spec';

/** The machine-data routes (assembled with every feature's in lambdas/routes.ts). */
export const machineDataRoutes = implement(machineDataApi, {
  'GET /api/machine-data': { handler: 'lambdas/machine-data/list-handler.ts' },
  'POST /api/machine-data': {
    handler: 'lambdas/machine-data/upload-handler.ts',
    timeoutSeconds: resultBatchTimeoutSeconds,
  },
  'POST /api/machine-data/{id}/void': { handler: 'lambdas/machine-data/void-handler.ts' },
  'POST /api/machine-data/ingest': {
    handler: 'lambdas/machine-data/ingest-handler.ts',
    timeoutSeconds: resultBatchTimeoutSeconds,
  },
});
