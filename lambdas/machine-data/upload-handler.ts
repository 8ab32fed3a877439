import { createHttpHandler, ok } from '../shared/http';
import { uploadCsv } from './service';

/** `POST /api/machine-data` (staff): up to 500 results as CSV (`text/csv`, header line first). */
export const handler = createHttpHandler('POST /api/machine-data', async ({ body, caller }) =>
  ok(await uploadCsv(body, caller)),
);
