import { created, createHttpHandler } from '../shared/http';
import { createSerialRange } from './service';
import { serialRangeRoutes } from './routes';

/** `POST /api/serial-numbers`: refused with `already-exists` when it overlaps a range. */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'POST /api/serial-numbers',
  async ({ body, caller }) => created(await createSerialRange(body, caller)),
);
