import { createHttpHandler, ok } from '../shared/http';
import { listMachines } from './repository';
import { machineRoutes } from './routes';

/** `GET /api/machines` (admin): machines in name order, with last use and revocation. */
export const handler = createHttpHandler(machineRoutes, 'GET /api/machines', async ({ query }) =>
  ok(await listMachines(query.limit, query.cursor)),
);
