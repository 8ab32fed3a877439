import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { getSerialRange } from './service';

/** `GET /api/serial-numbers/{id}`. */
export const handler = createHttpHandler({ params: idParams }, async ({ params }) =>
  ok(await getSerialRange(params.id)),
);
