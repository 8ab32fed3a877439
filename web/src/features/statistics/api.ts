import { statisticsApi } from '../../../../lambdas/shared/contract/api/statistics';
import { answerParser } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';
import { commonQuery, type StatisticsSelection } from './statistics-query';

export type {
  StatisticsCapability,
  StatisticsFilters,
  StatisticsPareto,
  StatisticsPoint,
  StatisticsValues,
  StatisticsYield,
} from '../../../../lambdas/shared/contract/schemas/statistics';

/*
 * The Statistics page's reads (docs/api.md, "Statistics"), each an address for
 * `useApiQuery` and the reader of its answer (made once, here).
 */

/** `GET /api/statistics/filters`: the product's tests, materials, ranges and benches. */
export const filtersPath = (productId: string) =>
  routeUrl(statisticsApi, 'GET /api/statistics/filters', { query: { productId } });
export const parseFilters = answerParser(statisticsApi, 'GET /api/statistics/filters');

/** `GET /api/statistics/yield`: by day or week (of every test, or of `testName`), and by test. */
export const yieldPath = (selection: StatisticsSelection, testName?: string) =>
  routeUrl(statisticsApi, 'GET /api/statistics/yield', {
    query: { ...commonQuery(selection), interval: selection.interval, testName },
  });
export const parseYield = answerParser(statisticsApi, 'GET /api/statistics/yield');

/** `GET /api/statistics/pareto`: failures by test and by bench. */
export const paretoPath = (selection: StatisticsSelection) =>
  routeUrl(statisticsApi, 'GET /api/statistics/pareto', { query: commonQuery(selection) });
export const parsePareto = answerParser(statisticsApi, 'GET /api/statistics/pareto');

/** `GET /api/statistics/capability` of the chosen test. */
export const capabilityPath = (selection: StatisticsSelection, testName: string) =>
  routeUrl(statisticsApi, 'GET /api/statistics/capability', {
    query: { ...commonQuery(selection), testName },
  });
export const parseCapability = answerParser(statisticsApi, 'GET /api/statistics/capability');

/** `GET /api/statistics/values` of the chosen test: the I-MR chart and the histogram. */
export const valuesPath = (selection: StatisticsSelection, testName: string) =>
  routeUrl(statisticsApi, 'GET /api/statistics/values', {
    query: { ...commonQuery(selection), testName },
  });
export const parseValues = answerParser(statisticsApi, 'GET /api/statistics/values');
