import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { deleteProduct } from './service';

/** `DELETE /api/products/{id}`: refused while serial ranges refer to the product. */
export const handler = createHttpHandler({ params: idParams }, async ({ params }) => {
  await deleteProduct(params.id);
  return ok({ id: params.id, deleted: true });
});
