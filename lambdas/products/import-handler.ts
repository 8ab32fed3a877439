import { createHttpHandler, ok } from '../shared/http';
import { importProducts } from './import';
import { productRoutes } from './routes';

/**
 * `POST /api/products/import` (staff): the products of a CSV file, all or none, every problem
 * named; `?dryRun=true` checks and stores nothing; `?fileName=` is recorded with the import.
 */
export const handler = createHttpHandler(
  productRoutes,
  'POST /api/products/import',
  async ({ body, caller, query }) => ok(await importProducts(body, caller, query)),
);
