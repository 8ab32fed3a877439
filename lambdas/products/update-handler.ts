import { createHttpHandler, ok } from '../shared/http';
import { updateProduct } from './service';
import { productRoutes } from './routes';

/** `PUT /api/products/{id}`: replaces the fields if `version` is still current. */
export const handler = createHttpHandler(
  productRoutes,
  'PUT /api/products/{id}',
  async ({ body, params, caller }) => ok(await updateProduct(params.id, body, caller)),
);
