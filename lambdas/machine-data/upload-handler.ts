import { createHttpHandler, ok } from '../shared/http';
import { uploadCsv } from './service';

/** `POST /api/machine-data` (staff): up to 500 results as CSV (`text/csv`, header line first). */
export const handler = createHttpHandler<string>({ body: 'text' }, async ({ body, caller }) =>
  ok(await uploadCsv(body, caller!.email)),
);
