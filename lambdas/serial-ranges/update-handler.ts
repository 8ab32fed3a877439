import { createHttpHandler, ok } from '../shared/http';
import { updateSerialRange } from './service';
import { serialRangeRoutes } from './routes';

/** `PUT /api/serial-numbers/{id}`: moves or changes a range if `version` is current. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'PUT /api/serial-numbers/{id}',
  async ({ body, params, caller }) => ok(await updateSerialRange(params.id, body, caller)),
);
