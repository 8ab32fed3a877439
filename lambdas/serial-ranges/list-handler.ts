import { createHttpHandler, ok } from '../shared/http';
import { listSerialRanges } from './service';
import { serialRangeRoutes } from './routes';

/** `GET /api/serial-numbers`: a page of ranges; all, or one product's. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'GET /api/serial-numbers',
  async ({ query }) => ok(await listSerialRanges(query)),
);
