import { createHttpHandler, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import { filtersStatistics } from './service';

/** `GET /api/statistics/filters` (staff, admin): docs/statistics.md. */
export const handler = createHttpHandler(
  statisticsRoutes,
  'GET /api/statistics/filters',
  async ({ query }) => ok(await filtersStatistics(query)),
);
