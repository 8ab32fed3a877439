import { createHttpHandler, ok } from '../shared/http';
import { listProducts } from './service';
import { productRoutes } from './routes';

/** `GET /api/products`: a page in name or update order; total from the counters. */
export const handler = createHttpHandler(productRoutes, 'GET /api/products', async ({ query }) =>
  ok(await listProducts(query)),
);
