import { createHttpHandler, ok } from '../shared/http';
import { getSerialRange } from './service';

/** `GET /api/serial-numbers/{id}`. */
export const handler = createHttpHandler('GET /api/serial-numbers/{id}', async ({ params }) =>
  ok(await getSerialRange(params.id)),
);
