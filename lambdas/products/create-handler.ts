import { created, createHttpHandler } from '../shared/http';
import { createProduct } from './service';

/** `POST /api/products`: name unique (case-insensitive), counted in the same transaction. */
export const handler = createHttpHandler('POST /api/products', async ({ body, caller }) =>
  created(await createProduct(body, caller)),
);
