import { staffOrAdmin, type ApiTable } from '../api-spec';
import {
  statisticsCapabilitySchema,
  statisticsFiltersQuerySchema,
  statisticsFiltersSchema,
  statisticsParetoQuerySchema,
  statisticsParetoSchema,
  statisticsTestQuerySchema,
  statisticsValuesSchema,
  statisticsYieldQuerySchema,
  statisticsYieldSchema,
} from '../schemas/statistics';

/**
 * Quality statistics of a product's test results (docs/statistics.md), read from aggregates
 * kept with the results and a bounded window of values: each answer's cost depends on the
 * date window and the product's tests, never on the history's size (docs/data-model.md).
 */
export const statisticsApi = {
  'GET /api/statistics/filters': {
    summary: "The statistics page's choices for a product: tests, materials, ranges, benches",
    access: staffOrAdmin,
    query: statisticsFiltersQuerySchema,
    answers: { 200: statisticsFiltersSchema },
  },
  'GET /api/statistics/yield': {
    summary: 'First-pass and final yield by day or week and by test, with counts',
    access: staffOrAdmin,
    query: statisticsYieldQuerySchema,
    answers: { 200: statisticsYieldSchema },
  },
  'GET /api/statistics/pareto': {
    summary: 'Failures by test and by bench, most first, with cumulative shares',
    access: staffOrAdmin,
    query: statisticsParetoQuerySchema,
    answers: { 200: statisticsParetoSchema },
  },
  'GET /api/statistics/capability': {
    summary: "A test's capability (Cp, Cpk, Pp, Ppk) over its latest values that count",
    access: staffOrAdmin,
    query: statisticsTestQuerySchema,
    answers: { 200: statisticsCapabilitySchema },
  },
  'GET /api/statistics/values': {
    summary: "A test's latest values that count: the I-MR chart and the histogram",
    access: staffOrAdmin,
    query: statisticsTestQuerySchema,
    answers: { 200: statisticsValuesSchema },
  },
} as const satisfies ApiTable;
