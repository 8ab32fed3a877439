import * as z from 'zod';
import { bodyMaterials } from '../materials';
import { canonical } from '../text';
import { testNameMaxLength } from './machine-data';
import { isoDateField } from './serial-range';

/*
 * Quality statistics (docs/statistics.md): yield, failure Pareto, capability and the
 * individual values of a test, for one product, over the results that count (voided ones
 * never do), each judged by the limit stored with it.
 */

/** The longest date window one statistics request covers (its cost grows with it, not with the history). */
export const maxStatisticsDays = 366;

/** Days the window covers when the request names no `from`. */
export const defaultStatisticsDays = 90;

/** The most individual values the capability and the I-MR chart are computed over (the latest). */
export const statisticsValueWindow = 1000;

/** Fewer values than this and the capability is shown with a warning (`fewValues`). */
export const fewValuesThreshold = 30;

const productIdField = z.string().trim().min(1).max(64);
const testNameField = z.string().trim().min(1).max(testNameMaxLength).transform(canonical);

/** The filters every statistics route takes. */
const filterShape = {
  productId: productIdField,
  material: z.enum(bodyMaterials).optional(),
  rangeId: z.string().trim().min(1).max(64).optional(),
  machineId: z.string().trim().min(1).max(100).optional(),
  /** Tested dates (UTC), inclusive; `to` defaults to today, `from` to 89 days before `to`. */
  from: isoDateField.optional(),
  to: isoDateField.optional(),
};

type DateWindow = { from?: string | undefined; to?: string | undefined };

const datesInOrder = (query: DateWindow) => !query.from || !query.to || query.from <= query.to;
const windowNotTooLong = (query: DateWindow) =>
  !query.from ||
  !query.to ||
  Date.parse(query.to) - Date.parse(query.from) < maxStatisticsDays * 86_400_000;

function withDateRules<T extends z.ZodType<DateWindow>>(schema: T) {
  return schema
    .refine(datesInOrder, { path: ['to'], params: { rule: 'dateOrder' } })
    .refine(windowNotTooLong, {
      path: ['from'],
      params: { rule: 'auditRange', max: maxStatisticsDays },
    });
}

/** `GET /api/statistics/filters`: the product whose choices the page offers. */
export const statisticsFiltersQuerySchema = z.strictObject({ productId: productIdField });
export type StatisticsFiltersQuery = z.infer<typeof statisticsFiltersQuerySchema>;

/** Periods of the yield table. */
export const yieldIntervals = ['day', 'week'] as const;
export type YieldInterval = (typeof yieldIntervals)[number];

/**
 * `GET /api/statistics/yield`: yield over time, by day or ISO week (starting Monday), of the
 * product's tests or, with `testName`, of that test.
 */
export const statisticsYieldQuerySchema = withDateRules(
  z.strictObject({
    ...filterShape,
    interval: z.enum(yieldIntervals).default('day'),
    testName: testNameField.optional(),
  }),
);
export type StatisticsYieldQuery = z.infer<typeof statisticsYieldQuerySchema>;

/** `GET /api/statistics/pareto`: failures by test and by bench. */
export const statisticsParetoQuerySchema = withDateRules(z.strictObject(filterShape));
export type StatisticsParetoQuery = z.infer<typeof statisticsParetoQuerySchema>;

/** `GET /api/statistics/capability` and `/values`: one test's values. */
export const statisticsTestQuerySchema = withDateRules(
  z.strictObject({ ...filterShape, testName: testNameField }),
);
export type StatisticsTestQuery = z.infer<typeof statisticsTestQuerySchema>;

/** The filters that are about the request's data, echoed in every answer. */
const windowSchema = z.object({
  /** The window the answer covers (inclusive dates, UTC), defaults applied. */
  from: z.string(),
  to: z.string(),
});

/** `GET /api/statistics/filters`: what the page's filters may choose for the product. */
export const statisticsFiltersSchema = z.object({
  /** The tests of the product's current plan, then any other test it has results of. */
  tests: z.array(
    z.object({
      testName: z.string(),
      unit: z.string().nullable(),
      lower: z.number().nullable(),
      upper: z.number().nullable(),
    }),
  ),
  /** The materials the product rates. */
  materials: z.array(z.enum(bodyMaterials)),
  ranges: z.array(
    z.object({
      id: z.string(),
      startSerial: z.string(),
      endSerial: z.string(),
      bodyMaterial: z.enum(bodyMaterials).nullable(),
    }),
  ),
  /** Benches that have results of the product (names only; a removed key keeps its id). */
  machines: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StatisticsFilters = z.infer<typeof statisticsFiltersSchema>;

/** Yield figures of a set of results (a period, a test, the whole window). */
const yieldFigures = {
  /** Results that count (voided ones never do). */
  results: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  /** Unit-tests (a unit and one of its tests) with a counting result in the set. */
  unitsTested: z.number().int().nonnegative(),
  /** Share of unit-tests whose first counting result passed (0..1); null without any. */
  firstPassYield: z.number().nullable(),
  /** Share of unit-tests whose latest counting result passed (0..1); null without any. */
  finalYield: z.number().nullable(),
};

/** `GET /api/statistics/yield`. */
export const statisticsYieldSchema = windowSchema.extend({
  interval: z.enum(yieldIntervals),
  /** The test `periods` and `totals` are of; null: every test of the product. */
  testName: z.string().nullable(),
  /** Every period of the window, oldest first, empty ones included (`start` a YYYY-MM-DD). */
  periods: z.array(z.object({ start: z.string(), ...yieldFigures })),
  /** Each test with results in the window, by name (every test, whatever `testName`). */
  byTest: z.array(z.object({ testName: z.string(), ...yieldFigures })),
  totals: z.object(yieldFigures),
});
export type StatisticsYield = z.infer<typeof statisticsYieldSchema>;

const paretoShares = {
  failures: z.number().int().nonnegative(),
  /** This row's failures over all failures (0..1). */
  share: z.number(),
  /** The running share up to and including this row (0..1). */
  cumulativeShare: z.number(),
};

/** `GET /api/statistics/pareto`: rows with failures, most first. */
export const statisticsParetoSchema = windowSchema.extend({
  totalFailures: z.number().int().nonnegative(),
  byTest: z.array(z.object({ testName: z.string(), ...paretoShares })),
  byMachine: z.array(
    z.object({ machineId: z.string(), machineName: z.string().nullable(), ...paretoShares }),
  ),
});
export type StatisticsPareto = z.infer<typeof statisticsParetoSchema>;

const nullableNumber = z.number().nullable();

/** The limits a series of values was judged against (one plan version's). */
const seriesLimits = {
  /** The plan version whose limits judged the series; null for results judged without a plan. */
  planVersion: z.number().int().nullable(),
  lower: nullableNumber,
  upper: nullableNumber,
  unit: z.string().nullable(),
};

/**
 * `GET /api/statistics/capability`: the capability of the test's latest series (the values
 * judged against the latest limits, at most the latest {@link statisticsValueWindow}).
 */
export const statisticsCapabilitySchema = windowSchema.extend({
  testName: z.string(),
  ...seriesLimits,
  n: z.number().int().nonnegative(),
  mean: nullableNumber,
  stdDevWithin: nullableNumber,
  stdDevOverall: nullableNumber,
  cp: nullableNumber,
  cpk: nullableNumber,
  pp: nullableNumber,
  ppk: nullableNumber,
  cpl: nullableNumber,
  cpu: nullableNumber,
  ppl: nullableNumber,
  ppu: nullableNumber,
  expectedPpmWithin: nullableNumber,
  expectedPpmOverall: nullableNumber,
  /** Fewer than {@link fewValuesThreshold} values: the indices are shown with a warning. */
  fewValues: z.boolean(),
  /** More values counted in the window than the series holds: the latest ones were taken. */
  windowLimited: z.boolean(),
  /**
   * Every series of the window (a plan change splits them), latest first: its limits and
   * how many values it holds (all of them, from the aggregates), with their mean and
   * overall standard deviation.
   */
  planVersions: z.array(
    z.object({
      ...seriesLimits,
      n: z.number().int().nonnegative(),
      mean: nullableNumber,
      stdDev: nullableNumber,
    }),
  ),
});
export type StatisticsCapability = z.infer<typeof statisticsCapabilitySchema>;

/** One value of the I-MR chart. */
export const statisticsPointSchema = z.object({
  testedAt: z.string(),
  value: z.number(),
  serialNumber: z.string(),
  machineId: z.string(),
  result: z.enum(['pass', 'fail']),
  /** |value − previous value|; null for the first point. */
  movingRange: nullableNumber,
  beyondLimits: z.boolean(),
  movingRangeBeyond: z.boolean(),
});
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

/** `GET /api/statistics/values`: the I-MR chart and the histogram of the latest series. */
export const statisticsValuesSchema = windowSchema.extend({
  testName: z.string(),
  ...seriesLimits,
  /** Oldest first (testedAt order), at most {@link statisticsValueWindow}. */
  points: z.array(statisticsPointSchema),
  chart: z.object({
    mean: nullableNumber,
    averageMovingRange: nullableNumber,
    ucl: nullableNumber,
    lcl: nullableNumber,
    mrUcl: nullableNumber,
  }),
  histogram: z.array(
    z.object({ from: z.number(), to: z.number(), count: z.number().int().nonnegative() }),
  ),
  windowLimited: z.boolean(),
  /** Other series of the window (other limits), latest first, as capability lists them. */
  planVersions: z.array(z.object({ ...seriesLimits, n: z.number().int().nonnegative() })),
});
export type StatisticsValues = z.infer<typeof statisticsValuesSchema>;
