import { createHttpHandler } from '../shared/http';
import { importSerialRanges } from './import';
import { serialRangeRoutes } from './routes';

/**
 * `POST /api/serial-numbers/import` (staff): the ranges of a CSV file, checked whole
 * (every problem named), then queued for the import worker (202; all or none); `?dryRun=true`
 * checks and stores nothing; `?fileName=` is recorded with it.
 */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'POST /api/serial-numbers/import',
  async ({ body, caller, query }) => importSerialRanges(body, caller, query),
);
