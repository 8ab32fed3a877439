import { createHttpHandler, ok } from '../shared/http';
import { deleteSerialRange } from './service';
import { serialRangeRoutes } from './routes';

/** `DELETE /api/serial-numbers/{id}`. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'DELETE /api/serial-numbers/{id}',
  async ({ params, caller }) => {
    await deleteSerialRange(params.id, caller);
    return ok({ id: params.id, deleted: true });
  },
);
