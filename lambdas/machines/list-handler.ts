import { createHttpHandler, ok } from '../shared/http';
import { listMachines } from './repository';

/** `GET /api/machines` (admin): machines in name order, with last use and revocation. */
export const handler = createHttpHandler('GET /api/machines', async ({ query }) =>
  ok(await listMachines(query.limit, query.cursor)),
);
