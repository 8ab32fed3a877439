import { createHttpHandler, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import { valuesStatistics } from './service';

/** `GET /api/statistics/values` (staff, admin): docs/statistics.md. */
export const handler = createHttpHandler(
  statisticsRoutes,
  'GET /api/statistics/values',
  async ({ query }) => ok(await valuesStatistics(query)),
);
