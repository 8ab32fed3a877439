import { createHttpHandler, ok } from '../shared/http';
import { listProducts } from './service';

/** `GET /api/products`: a page in name or update order; total from the counters. */
export const handler = createHttpHandler('GET /api/products', async ({ query }) =>
  ok(await listProducts(query)),
);
