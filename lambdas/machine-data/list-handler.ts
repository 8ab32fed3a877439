import { createHttpHandler, ok } from '../shared/http';
import { listResults } from './repository';
import { machineDataRoutes } from './routes';

/** `GET /api/machine-data`: results newest first, or one unit's history (`serial`). */
export const handler = createHttpHandler(
  machineDataRoutes,
  'GET /api/machine-data',
  async ({ query }) => ok(await listResults(query)),
);
