import { createHttpHandler, ok } from '../shared/http';
import { listSerialRanges } from './service';

/** `GET /api/serial-numbers`: a page of ranges; all, or one product's. */
export const handler = createHttpHandler('GET /api/serial-numbers', async ({ query }) =>
  ok(await listSerialRanges(query)),
);
