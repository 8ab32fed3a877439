import { createHttpHandler, ok } from '../shared/http';
import { getSerialRange } from './service';
import { serialRangeRoutes } from './routes';

/** `GET /api/serial-numbers/{id}`. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'GET /api/serial-numbers/{id}',
  async ({ params }) => ok(await getSerialRange(params.id)),
);
