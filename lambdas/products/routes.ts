import { productApi } from '../shared/contract/api/product-writes';
import { importTimeoutSeconds } from '../shared/contract/schemas/imports';
import { implement } from '../shared/route-spec';

/** The products routes (assembled with every feature's in lambdas/routes.ts). */
export const productRoutes = implement(productApi, {
  'GET /api/products': { handler: 'lambdas/products/list-handler.ts' },
  'POST /api/products': { handler: 'lambdas/products/create-handler.ts' },
  'POST /api/products/import': {
    handler: 'lambdas/products/import-handler.ts',
    timeoutSeconds: importTimeoutSeconds,
    grants: ['importsWrite'],
  },
  'GET /api/products/{id}': { handler: 'lambdas/products/get-handler.ts' },
  'PUT /api/products/{id}': { handler: 'lambdas/products/update-handler.ts' },
  'GET /api/products/{id}/test-plan': { handler: 'lambdas/products/get-test-plan-handler.ts' },
  'PUT /api/products/{id}/test-plan': { handler: 'lambdas/products/save-test-plan-handler.ts' },
  'DELETE /api/products/{id}': { handler: 'lambdas/products/delete-handler.ts' },
});
