import { createHttpHandler } from '../shared/http';
import { importProducts } from './import';
import { productRoutes } from './routes';

/**
 * `POST /api/products/import` (staff): the products of a CSV file, checked whole (every
 * problem named), then queued for the import worker (202; all or none); `?dryRun=true`
 * checks and stores nothing; `?fileName=` is recorded with the import.
 */
export const handler = createHttpHandler(
  productRoutes,
  'POST /api/products/import',
  async ({ body, caller, query }) => importProducts(body, caller, query),
);
