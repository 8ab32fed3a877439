import { createHttpHandler, ok } from '../shared/http';
import { getProduct } from './service';

/** `GET /api/products/{id}`. */
export const handler = createHttpHandler('GET /api/products/{id}', async ({ params }) =>
  ok(await getProduct(params.id)),
);
