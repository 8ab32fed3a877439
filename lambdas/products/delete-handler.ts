import { createHttpHandler, ok } from '../shared/http';
import { deleteProduct } from './service';
import { productRoutes } from './routes';

/** `DELETE /api/products/{id}`: refused while serial ranges refer to the product. */
export const handler = createHttpHandler(
  productRoutes,
  'DELETE /api/products/{id}',
  async ({ params, caller }) => {
    await deleteProduct(params.id, caller);
    return ok({ id: params.id, deleted: true });
  },
);
