import { createHttpHandler, ok } from '../shared/http';
import { uploadCsv } from './service';
import { machineDataRoutes } from './routes';

/** `POST /api/machine-data` (staff): up to 500 results as CSV (`text/csv`, header line first). */
export const handler = createHttpHandler(
  machineDataRoutes,
  'POST /api/machine-data',
  async ({ body, caller }) => ok(await uploadCsv(body, caller)),
);
