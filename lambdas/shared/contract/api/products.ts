import { staffOrAdmin, type ApiTable } from '../api-spec';
import { idParams } from '../schemas/params';
import { listProductsQuerySchema } from '../schemas/product-query';
import { productSchema } from '../schemas/product-record';
import { deletedSchema, pageSchema } from '../schemas/records';
import { testPlanQuerySchema, testPlanSchema } from '../schemas/test-plan';

/**
 * The product catalogue and test plans (docs/api.md, docs/test-plans.md): the routes that
 * read or delete. The routes that write a product's fields are ./product-writes.ts, so
 * that a page that only lists products loads none of the product's input schemas (their
 * check of printable characters carries a 16 kB list).
 */
export const productReadApi = {
  'GET /api/products': {
    summary: 'A page of the product catalogue, by name or by last change',
    access: staffOrAdmin,
    query: listProductsQuerySchema,
    answers: { 200: pageSchema(productSchema) },
  },
  'GET /api/products/{id}': {
    summary: 'One product',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: productSchema },
  },
  'GET /api/products/{id}/test-plan': {
    summary: "The product's test plan in force, or an earlier version",
    access: staffOrAdmin,
    params: idParams,
    query: testPlanQuerySchema,
    answers: { 200: testPlanSchema },
  },
  'DELETE /api/products/{id}': {
    summary: 'Deletes a product without serial ranges',
    access: staffOrAdmin,
    params: idParams,
    answers: { 200: deletedSchema },
  },
} as const satisfies ApiTable;
