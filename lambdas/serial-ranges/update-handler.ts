import { updateSerialRangeSchema } from '../shared/contract/schemas/serial-range';
import { createHttpHandler, ok } from '../shared/http';
import { idParams } from '../shared/id-params';
import { updateSerialRange } from './service';

/** `PUT /api/serial-numbers/{id}`: moves or changes a range if `version` is current. */
export const handler = createHttpHandler(
  { body: updateSerialRangeSchema, params: idParams },
  async ({ body, params, caller }) => ok(await updateSerialRange(params.id, body, caller!)),
);
