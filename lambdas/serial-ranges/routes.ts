import { serialRangeApi } from '../shared/contract/api/serial-ranges';
import { importTimeoutSeconds } from '../shared/contract/schemas/imports';
import { implement } from '../shared/route-spec';

/** The serial-ranges routes (assembled with every feature's in lambdas/routes.ts). */
export const serialRangeRoutes = implement(serialRangeApi, {
  'GET /api/serial-numbers': { handler: 'lambdas/serial-ranges/list-handler.ts' },
  'POST /api/serial-numbers': { handler: 'lambdas/serial-ranges/create-handler.ts' },
  'POST /api/serial-numbers/import': {
    handler: 'lambdas/serial-ranges/import-handler.ts',
    timeoutSeconds: importTimeoutSeconds,
    grants: ['importsWrite'],
  },
  'GET /api/serial-numbers/lookup': { handler: 'lambdas/serial-ranges/lookup-handler.ts' },
  'GET /api/serial-numbers/{id}': { handler: 'lambdas/serial-ranges/get-handler.ts' },
  'PUT /api/serial-numbers/{id}': { handler: 'lambdas/serial-ranges/update-handler.ts' },
  'DELETE /api/serial-numbers/{id}': { handler: 'lambdas/serial-ranges/delete-handler.ts' },
});
