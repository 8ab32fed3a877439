import { createSerialRangeSchema } from '../shared/contract/schemas/serial-range';
import { created, createHttpHandler } from '../shared/http';
import { createSerialRange } from './service';

/** `POST /api/serial-numbers`: refused with `already-exists` when it overlaps a range. */
export const handler = createHttpHandler(
  { body: createSerialRangeSchema },
  async ({ body, caller }) => created(await createSerialRange(body, caller!)),
);
