import { createHttpHandler, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import { yieldStatistics } from './service';

/** `GET /api/statistics/yield` (staff, admin): docs/statistics.md. */
export const handler = createHttpHandler(
  statisticsRoutes,
  'GET /api/statistics/yield',
  async ({ query }) => ok(await yieldStatistics(query)),
);
