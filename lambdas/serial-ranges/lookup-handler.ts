import { createHttpHandler, ok } from '../shared/http';
import { lookupSerial } from './service';

/** `GET /api/serial-numbers/lookup?serial=`: the range holding a serial, one Query. */
export const handler = createHttpHandler('GET /api/serial-numbers/lookup', async ({ query }) =>
  ok(await lookupSerial(query.serial)),
);
