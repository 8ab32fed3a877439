import { createHttpHandler, ok } from '../shared/http';
import { uploadCsv } from './service';
import { machineDataRoutes } from './routes';

/**
 * `POST /api/machine-data` (staff): up to 500 results as CSV (`text/csv`, header line first),
 * refused naming every problem; `?dryRun=true` checks the same and stores nothing.
 */
export const handler = createHttpHandler(
  machineDataRoutes,
  'POST /api/machine-data',
  async ({ body, caller, query }) => ok(await uploadCsv(body, caller, query)),
);
