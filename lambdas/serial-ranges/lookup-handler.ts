import { createHttpHandler, ok } from '../shared/http';
import { lookupSerial } from './service';
import { serialRangeRoutes } from './routes';

/** `GET /api/serial-numbers/lookup?serial=`: the range holding a serial, one Query. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'GET /api/serial-numbers/lookup',
  async ({ query }) => ok(await lookupSerial(query.serial)),
);
