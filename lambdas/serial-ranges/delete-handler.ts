import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { deleteSerialRange } from './service';

/** `DELETE /api/serial-numbers/{id}`. */
export const handler = createHttpHandler({ params: idParams }, async ({ params }) => {
  await deleteSerialRange(params.id);
  return ok({ id: params.id, deleted: true });
});
