import { createHttpHandler, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import { paretoStatistics } from './service';

/** `GET /api/statistics/pareto` (staff, admin): docs/statistics.md. */
export const handler = createHttpHandler(
  statisticsRoutes,
  'GET /api/statistics/pareto',
  async ({ query }) => ok(await paretoStatistics(query)),
);
