import { staffOrAdmin, type ApiTable } from '../api-spec';
import {
  importBodyLimitBytes,
  importJobSchema,
  importQuerySchema,
  importSummarySchema,
} from '../schemas/imports';
import { idParams } from '../schemas/params';
import { createProductSchema, updateProductSchema } from '../schemas/product';
import { productSchema } from '../schemas/product-record';
import { savePlanSchema, testPlanSchema } from '../schemas/test-plan';
import { productReadApi } from './products';

/** The routes that write a product or its test plan (the reads: ./products.ts). */
export const productWriteApi = {
  'POST /api/products': {
    summary: 'Adds a product',
    access: staffOrAdmin,
    body: createProductSchema,
    answers: { 201: productSchema },
  },
  'POST /api/products/import': {
    summary:
      'Checks a CSV file (text/csv) of products and queues it to be added, all or none (202, then `GET /api/imports/{id}`); `dryRun=true` checks it and stores nothing',
    access: staffOrAdmin,
    body: 'text',
    query: importQuerySchema,
    bodyLimitBytes: importBodyLimitBytes,
    answers: { 200: importSummarySchema, 202: importJobSchema },
  },
  'PUT /api/products/{id}': {
    summary: 'Changes a product (the version it was based on must still be current)',
    access: staffOrAdmin,
    body: updateProductSchema,
    params: idParams,
    answers: { 200: productSchema },
  },
  'PUT /api/products/{id}/test-plan': {
    summary: "Saves the product's next test plan version, approved by the caller",
    access: staffOrAdmin,
    params: idParams,
    body: savePlanSchema,
    answers: { 200: testPlanSchema },
  },
} as const satisfies ApiTable;

/** Every route of the products feature. */
export const productApi = { ...productReadApi, ...productWriteApi } as const;
