import { listProductsQuerySchema } from '../shared/contract/schemas/product';
import { createHttpHandler, ok } from '../shared/http';
import { listProducts } from './service';

/** `GET /api/products`: a page in name or update order; total from the counters. */
export const handler = createHttpHandler({ query: listProductsQuerySchema }, async ({ query }) =>
  ok(await listProducts(query)),
);
