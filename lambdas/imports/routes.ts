import { importApi } from '../shared/contract/api/imports';
import { implement } from '../shared/route-spec';

/** The imports' parts and progress routes (assembled with every feature's in lambdas/routes.ts). */
export const importRoutes = implement(importApi, {
  'PUT /api/imports/uploads/{uploadId}/parts/{part}': {
    handler: 'lambdas/imports/part-handler.ts',
    grants: ['importsWrite'],
  },
  'GET /api/imports/{id}': { handler: 'lambdas/imports/get-handler.ts' },
});
