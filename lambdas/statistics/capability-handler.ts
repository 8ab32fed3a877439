import { createHttpHandler, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import { capabilityStatistics } from './service';

/** `GET /api/statistics/capability` (staff, admin): docs/statistics.md. */
export const handler = createHttpHandler(
  statisticsRoutes,
  'GET /api/statistics/capability',
  async ({ query }) => ok(await capabilityStatistics(query)),
);
