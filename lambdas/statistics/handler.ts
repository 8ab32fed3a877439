import { createHttpHandlers, ok } from '../shared/http';
import { statisticsRoutes } from './routes';
import {
  capabilityStatistics,
  filtersStatistics,
  paretoStatistics,
  valuesStatistics,
  yieldStatistics,
} from './service';

/**
 * The quality statistics (staff, admin; docs/statistics.md), one function for their
 * read-only routes: the filters' choices, yield, Pareto, capability and the values.
 */
export const handler = createHttpHandlers(statisticsRoutes, {
  'GET /api/statistics/filters': async ({ query }) => ok(await filtersStatistics(query)),
  'GET /api/statistics/yield': async ({ query }) => ok(await yieldStatistics(query)),
  'GET /api/statistics/pareto': async ({ query }) => ok(await paretoStatistics(query)),
  'GET /api/statistics/capability': async ({ query }) => ok(await capabilityStatistics(query)),
  'GET /api/statistics/values': async ({ query }) => ok(await valuesStatistics(query)),
});
