import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { getProduct } from './service';

/** `GET /api/products/{id}`. */
export const handler = createHttpHandler({ params: idParams }, async ({ params }) =>
  ok(await getProduct(params.id)),
);
