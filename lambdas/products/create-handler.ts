import { createProductSchema } from '../shared/contract/schemas/product';
import { created, createHttpHandler } from '../shared/http';
import { createProduct } from './service';

/** `POST /api/products`: name unique (case-insensitive), counted in the same transaction. */
export const handler = createHttpHandler({ body: createProductSchema }, async ({ body, caller }) =>
  created(await createProduct(body, caller!)),
);
