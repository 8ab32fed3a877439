import { idParams } from '../shared/contract/schemas/params';
import {
  createProductSchema,
  listProductsQuerySchema,
  updateProductSchema,
} from '../shared/contract/schemas/product';
import { savePlanSchema, testPlanQuerySchema } from '../shared/contract/schemas/test-plan';
import { staffOrAdmin, type RouteTable } from '../shared/route-spec';

/** The products routes (assembled with every feature's in lambdas/routes.ts). */
export const productRoutes = {
  'GET /api/products': {
    handler: 'lambdas/products/list-handler.ts',
    access: staffOrAdmin,
    query: listProductsQuerySchema,
  },
  'POST /api/products': {
    handler: 'lambdas/products/create-handler.ts',
    access: staffOrAdmin,
    body: createProductSchema,
  },
  'GET /api/products/{id}': {
    handler: 'lambdas/products/get-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
  'PUT /api/products/{id}': {
    handler: 'lambdas/products/update-handler.ts',
    access: staffOrAdmin,
    body: updateProductSchema,
    params: idParams,
  },
  'GET /api/products/{id}/test-plan': {
    handler: 'lambdas/products/get-test-plan-handler.ts',
    access: staffOrAdmin,
    params: idParams,
    query: testPlanQuerySchema,
  },
  'PUT /api/products/{id}/test-plan': {
    handler: 'lambdas/products/save-test-plan-handler.ts',
    access: staffOrAdmin,
    params: idParams,
    body: savePlanSchema,
  },
  'DELETE /api/products/{id}': {
    handler: 'lambdas/products/delete-handler.ts',
    access: staffOrAdmin,
    params: idParams,
  },
} as const satisfies RouteTable;
