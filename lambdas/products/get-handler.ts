import { createHttpHandler, ok } from '../shared/http';
import { getProduct } from './service';
import { productRoutes } from './routes';

/** `GET /api/products/{id}`. */
export const handler = createHttpHandler(
  productRoutes,
  'GET /api/products/{id}',
  async ({ params }) => ok(await getProduct(params.id)),
);
