import { created, createHttpHandler } from '../shared/http';
import { createProduct } from './service';
import { productRoutes } from './routes';

/** `POST /api/products`: name unique (case-insensitive), counted in the same transaction. */
export const handler = createHttpHandler(
  productRoutes,
  'POST /api/products',
  async ({ body, caller }) => created(await createProduct(body, caller)),
);
