import { createHttpHandler, ok } from '../shared/http';
import { importSerialRanges } from './import';
import { serialRangeRoutes } from './routes';

/**
 * `POST /api/serial-numbers/import` (staff): the ranges of a CSV file, all or none, every
 * problem named; `?dryRun=true` checks and stores nothing; `?fileName=` is recorded with it.
 */
export const handler = createHttpHandler(
  serialRangeRoutes,
  'POST /api/serial-numbers/import',
  async ({ body, caller, query }) => ok(await importSerialRanges(body, caller, query)),
);
