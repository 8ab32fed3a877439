import { listSerialRangesQuerySchema } from '../shared/contract/schemas/serial-range';
import { createHttpHandler, ok } from '../shared/http';
import { listSerialRanges } from './service';

/** `GET /api/serial-numbers`: a page of ranges; all, or one product's. */
export const handler = createHttpHandler(
  { query: listSerialRangesQuerySchema },
  async ({ query }) => ok(await listSerialRanges(query)),
);
