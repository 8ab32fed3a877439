import { productWriteApi } from '../../../../lambdas/shared/contract/api/product-writes';
import type { ProductFields } from '../../../../lambdas/shared/contract/schemas/product';
import type { Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import type {
  SavePlanInput,
  TestPlan,
} from '../../../../lambdas/shared/contract/schemas/test-plan';
import { api } from '../../lib/api-client';
import { sendImportFile } from '../../components/import/import-api';
import { importWaitMs, type SendImport } from '../../components/import/import-flow';

/*
 * The calls that write a product or its plan: apart from ./api.ts, so that the list page
 * loads none of the product's input schemas (the contract's ./product-writes.ts).
 */

export function createProduct(fields: ProductFields): Promise<Product> {
  return api(productWriteApi, 'POST /api/products', { body: fields });
}

/**
 * `POST /api/products/import`: a CSV file of products in the export's columns, all stored or
 * none; `dryRun` checks it whole and stores nothing. A refused file is a 400 naming every
 * problem `row <line>.<column>`.
 */
export const importProducts: SendImport = (file, { dryRun, fileName }) =>
  sendImportFile(file, (upload, content) =>
    api(productWriteApi, 'POST /api/products/import', {
      query: { dryRun: dryRun ? 'true' : undefined, fileName, ...upload },
      text: { content, contentType: 'text/csv' },
      timeoutMs: importWaitMs,
    }),
  );

/** Replaces the fields if `version` is still the current one (else 409 `aborted`). */
export function updateProduct(
  id: string,
  fields: ProductFields,
  version: number,
): Promise<Product> {
  return api(productWriteApi, 'PUT /api/products/{id}', {
    params: { id },
    body: { ...fields, version },
  });
}

/**
 * Saves the plan as the product's next version, approved by the signed-in account;
 * `version` is the one the edit started from (0: none). 409 `aborted` when another
 * version was saved meanwhile.
 */
export function saveTestPlan(productId: string, plan: SavePlanInput): Promise<TestPlan> {
  return api(productWriteApi, 'PUT /api/products/{id}/test-plan', {
    params: { id: productId },
    body: plan,
  });
}
