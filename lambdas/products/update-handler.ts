import { updateProductSchema } from '../shared/contract/schemas/product';
import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { updateProduct } from './service';

/** `PUT /api/products/{id}`: replaces the fields if `version` is still current. */
export const handler = createHttpHandler(
  { body: updateProductSchema, params: idParams },
  async ({ body, params, caller }) => ok(await updateProduct(params.id, body, caller!)),
);
