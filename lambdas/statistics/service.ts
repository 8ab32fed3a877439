import { machineSchema } from '../shared/contract/schemas/machine-data';
import { getProduct } from '../products/repository';
import { ratedMaterials } from '../shared/contract/materials';
import {
  defaultStatisticsDays,
  fewValuesThreshold,
  maxStatisticsDays,
  statisticsValueWindow,
  type StatisticsCapability,
  type StatisticsFilters,
  type StatisticsFiltersQuery,
  type StatisticsPareto,
  type StatisticsParetoQuery,
  type StatisticsTestQuery,
  type StatisticsValues,
  type StatisticsYield,
  type StatisticsYieldQuery,
  type YieldInterval,
} from '../shared/contract/schemas/statistics';
import { serialRangeSchema } from '../shared/contract/schemas/serial-range';
import { testPlanSchema } from '../shared/contract/schemas/test-plan';
import { queryItems } from '../shared/data/read';
import { NotFoundError, ValidationError } from '../shared/errors';
import { queries } from '../shared/keys';
import type { Cell, CellDefinition, DayFigures } from './aggregates';
import { capability, histogram, individualsChart, pareto, summaryFromSums } from './math';
import { readDays, readLatestValues, type StatisticsScope } from './repository';

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The request's window: `to` defaults to today (UTC), `from` to {@link defaultStatisticsDays}
 * days ending on `to`; at most {@link maxStatisticsDays} days.
 */
export function scopeOf(
  query: Omit<StatisticsParetoQuery, 'from' | 'to'> & { from?: string; to?: string },
  now = new Date(),
): StatisticsScope {
  const to = query.to ?? isoDay(Math.max(now.getTime(), Date.parse(query.from ?? '0000')));
  const from = query.from ?? isoDay(Date.parse(to) - (defaultStatisticsDays - 1) * dayMs);
  if (from > to) throw new ValidationError({ to: { key: 'validation.dateOrder' } });
  if ((Date.parse(to) - Date.parse(from)) / dayMs >= maxStatisticsDays) {
    throw new ValidationError({
      from: { key: 'validation.auditRange', params: { max: maxStatisticsDays } },
    });
  }
  return {
    productId: query.productId,
    material: query.material,
    rangeId: query.rangeId,
    machineId: query.machineId,
    from,
    to,
  };
}

/** Yield figures being added up. */
interface YieldSums {
  results: number;
  failures: number;
  unitsTested: number;
  firstPassed: number;
  finalPassed: number;
}

const noSums = (): YieldSums => ({
  results: 0,
  failures: 0,
  unitsTested: 0,
  firstPassed: 0,
  finalPassed: 0,
});

function addCell(sums: YieldSums, cell: Cell): void {
  sums.results += cell.figures.r;
  sums.failures += cell.figures.f;
  sums.unitsTested += cell.figures.u;
  sums.firstPassed += cell.figures.p;
  sums.finalPassed += cell.figures.l;
}

const yieldFigures = (sums: YieldSums) => ({
  results: sums.results,
  failures: sums.failures,
  unitsTested: sums.unitsTested,
  firstPassYield: sums.unitsTested === 0 ? null : sums.firstPassed / sums.unitsTested,
  finalYield: sums.unitsTested === 0 ? null : sums.finalPassed / sums.unitsTested,
});

/** The start of the period holding `day`: the day, or the Monday of its ISO week. */
export function periodStart(day: string, interval: YieldInterval): string {
  if (interval === 'day') return day;
  const time = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(time).getUTCDay() + 6) % 7; // Monday 0
  return isoDay(time - weekday * dayMs);
}

/** Every period start of the window, oldest first. */
function periodStarts(scope: StatisticsScope, interval: YieldInterval): string[] {
  const starts: string[] = [];
  for (let time = Date.parse(scope.from); isoDay(time) <= scope.to; time += dayMs) {
    const start = periodStart(isoDay(time), interval);
    if (starts.at(-1) !== start) starts.push(start);
  }
  return starts;
}

/** `GET /api/statistics/yield`. */
export async function yieldStatistics(
  query: StatisticsYieldQuery,
  now = new Date(),
): Promise<StatisticsYield> {
  const scope = scopeOf(query, now);
  const days = await readDays(scope);
  const periods = new Map(periodStarts(scope, query.interval).map((start) => [start, noSums()]));
  const byTest = new Map<string, YieldSums>();
  const totals = noSums();
  for (const day of days) {
    const period = periods.get(periodStart(day.day, query.interval));
    for (const cell of day.cells) {
      const test = byTest.get(cell.definition.testName) ?? noSums();
      addCell(test, cell);
      byTest.set(cell.definition.testName, test);
      // Over time and in all: the product's tests, or the one asked for.
      if (query.testName !== undefined && cell.definition.testName !== query.testName) continue;
      if (period) addCell(period, cell);
      addCell(totals, cell);
    }
  }
  return {
    from: scope.from,
    to: scope.to,
    interval: query.interval,
    testName: query.testName ?? null,
    periods: [...periods].map(([start, sums]) => ({ start, ...yieldFigures(sums) })),
    byTest: [...byTest]
      .filter(([, sums]) => sums.results > 0 || sums.unitsTested > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([testName, sums]) => ({ testName, ...yieldFigures(sums) })),
    totals: yieldFigures(totals),
  };
}

/** `GET /api/statistics/pareto`. */
export async function paretoStatistics(
  query: StatisticsParetoQuery,
  now = new Date(),
): Promise<StatisticsPareto> {
  const scope = scopeOf(query, now);
  const days = await readDays(scope);
  const byTest = new Map<string, number>();
  const byMachine = new Map<string, number>();
  let totalFailures = 0;
  for (const day of days) {
    for (const cell of day.cells) {
      const failures = cell.figures.f;
      if (failures === 0) continue;
      totalFailures += failures;
      byTest.set(cell.definition.testName, (byTest.get(cell.definition.testName) ?? 0) + failures);
      byMachine.set(day.machineId, (byMachine.get(day.machineId) ?? 0) + failures);
    }
  }
  const rows = (counts: Map<string, number>) =>
    pareto([...counts].map(([key, failures]) => ({ key, failures })));
  return {
    from: scope.from,
    to: scope.to,
    totalFailures,
    byTest: rows(byTest).map(({ key, ...row }) => ({ testName: key, ...row })),
    // Results name their bench by the machine's name, which is how benches are shown.
    byMachine: rows(byMachine).map(({ key, ...row }) => ({
      machineId: key,
      machineName: key,
      ...row,
    })),
  };
}

/** The limits that judged a series: results judged by other limits are another series. */
interface SeriesLimits {
  planVersion: number | null;
  lower: number | null;
  upper: number | null;
  unit: string | null;
}

const seriesKey = (limits: SeriesLimits) =>
  JSON.stringify([limits.planVersion, limits.lower, limits.upper, limits.unit]);

const seriesOfDefinition = (definition: CellDefinition): SeriesLimits => ({
  planVersion: definition.planVersion,
  lower: definition.lower,
  upper: definition.upper,
  unit: definition.unit,
});

/** Latest plan versions first; results judged without a plan last. */
const latestFirst = (a: SeriesLimits, b: SeriesLimits) =>
  (b.planVersion ?? -1) - (a.planVersion ?? -1) || seriesKey(a).localeCompare(seriesKey(b));

interface SeriesFigures extends SeriesLimits {
  n: number;
  mean: number | null;
  stdDev: number | null;
}

/** Each series of the test in the window, from the day items: all its values' n, mean, sd. */
function seriesFromDays(days: readonly DayFigures[], testName: string): SeriesFigures[] {
  const sums = new Map<
    string,
    { limits: SeriesLimits; reference: number; n: number; s: number; q: number }
  >();
  for (const day of days) {
    for (const cell of day.cells) {
      if (cell.definition.testName !== testName) continue;
      const limits = seriesOfDefinition(cell.definition);
      const key = seriesKey(limits);
      const entry = sums.get(key) ?? {
        limits,
        reference: cell.definition.reference,
        n: 0,
        s: 0,
        q: 0,
      };
      entry.n += cell.figures.n;
      entry.s += cell.figures.s;
      entry.q += cell.figures.q;
      sums.set(key, entry);
    }
  }
  return [...sums.values()]
    .filter((entry) => entry.n > 0)
    .map((entry) => ({
      ...entry.limits,
      ...summaryFromSums(entry.n, entry.s, entry.q, entry.reference),
    }))
    .sort(latestFirst);
}

/**
 * The test's latest series in the window: the latest counting values (at most
 * {@link statisticsValueWindow}) judged by the limits of the latest of them, oldest first,
 * and every series of the window from the day items.
 */
async function latestSeries(query: StatisticsTestQuery, now: Date) {
  const scope = scopeOf(query, now);
  const [{ values, capped }, days] = await Promise.all([
    readLatestValues(scope, query.testName, statisticsValueWindow),
    readDays(scope),
  ]);
  const series = seriesFromDays(days, query.testName);
  const latest = values.at(-1);
  const limits: SeriesLimits = latest
    ? {
        planVersion: latest.planVersion,
        lower: latest.limit?.lower ?? null,
        upper: latest.limit?.upper ?? null,
        unit: latest.limit?.unit ?? null,
      }
    : (series[0] ?? { planVersion: null, lower: null, upper: null, unit: null });
  const key = seriesKey(limits);
  const points = values.filter(
    (value) =>
      seriesKey({
        planVersion: value.planVersion,
        lower: value.limit?.lower ?? null,
        upper: value.limit?.upper ?? null,
        unit: value.limit?.unit ?? null,
      }) === key,
  );
  const total = series.find((entry) => seriesKey(entry) === key)?.n ?? points.length;
  return {
    scope,
    limits,
    points,
    series,
    windowLimited: capped || total > points.length,
  };
}

/** `GET /api/statistics/capability`. */
export async function capabilityStatistics(
  query: StatisticsTestQuery,
  now = new Date(),
): Promise<StatisticsCapability> {
  const { scope, limits, points, series, windowLimited } = await latestSeries(query, now);
  const figures = capability(
    points.map((point) => point.value!),
    { lower: limits.lower, upper: limits.upper },
  );
  return {
    from: scope.from,
    to: scope.to,
    testName: query.testName,
    ...limits,
    ...figures,
    fewValues: figures.n < fewValuesThreshold,
    windowLimited,
    planVersions: series,
  };
}

/** `GET /api/statistics/values`. */
export async function valuesStatistics(
  query: StatisticsTestQuery,
  now = new Date(),
): Promise<StatisticsValues> {
  const { scope, limits, points, series, windowLimited } = await latestSeries(query, now);
  const values = points.map((point) => point.value!);
  const chart = individualsChart(values);
  return {
    from: scope.from,
    to: scope.to,
    testName: query.testName,
    ...limits,
    points: points.map((point, index) => ({
      testedAt: point.testedAt,
      value: point.value!,
      serialNumber: point.serialNumber,
      machineId: point.machineId,
      result: point.result,
      movingRange: chart.movingRanges[index] ?? null,
      beyondLimits: chart.beyondLimits[index] ?? false,
      movingRangeBeyond: chart.movingRangeBeyond[index] ?? false,
    })),
    chart: {
      mean: chart.mean,
      averageMovingRange: chart.averageMovingRange,
      ucl: chart.ucl,
      lcl: chart.lcl,
      mrUcl: chart.mrUcl,
    },
    histogram: histogram(values, { lower: limits.lower, upper: limits.upper }),
    windowLimited,
    planVersions: series.map(({ planVersion, lower, upper, unit, n }) => ({
      planVersion,
      lower,
      upper,
      unit,
      n,
    })),
  };
}

/**
 * `GET /api/statistics/filters`: the tests of the product's plan versions (the latest
 * version's limits first), and those without a plan seen in the last 90 days; the materials
 * it rates, its ranges, and the benches (results name their bench by its name).
 */
export async function filtersStatistics(
  query: StatisticsFiltersQuery,
  now = new Date(),
): Promise<StatisticsFilters> {
  const product = await getProduct(query.productId);
  if (!product) throw new NotFoundError('errors.productNotFound');
  const scope = scopeOf({ productId: query.productId }, now);
  const [plans, ranges, machines] = await Promise.all([
    queryItems(queries.testPlans(query.productId), testPlanSchema, { forward: false }),
    queryItems(queries.productRanges(query.productId), serialRangeSchema),
    queryItems(queries.machinesByName(), machineSchema),
  ]);
  // Tests no plan names have results only without a plan or with extra tests allowed: then
  // the last 90 days' day items name them too.
  const extraTests = plans.length === 0 || plans.some((plan) => plan.allowExtraTests);
  const days = extraTests ? await readDays(scope) : [];
  const tests = new Map<string, StatisticsFilters['tests'][number]>();
  for (const plan of plans) {
    for (const test of plan.tests) {
      if (!tests.has(test.name)) {
        tests.set(test.name, {
          testName: test.name,
          unit: test.unit,
          lower: test.lower,
          upper: test.upper,
        });
      }
    }
  }
  const seen = days
    .flatMap((day) => day.cells.map((cell) => cell.definition))
    .sort((a, b) => (b.planVersion ?? -1) - (a.planVersion ?? -1));
  for (const definition of seen) {
    if (!tests.has(definition.testName)) {
      tests.set(definition.testName, {
        testName: definition.testName,
        unit: definition.unit,
        lower: definition.lower,
        upper: definition.upper,
      });
    }
  }
  const benches = new Map(machines.map((machine) => [machine.name, machine.name]));
  for (const day of days)
    if (!benches.has(day.machineId)) benches.set(day.machineId, day.machineId);
  return {
    tests: [...tests.values()],
    materials: ratedMaterials(product),
    ranges: ranges.map((range) => ({
      id: range.id,
      startSerial: range.startSerial,
      endSerial: range.endSerial,
      bodyMaterial: range.bodyMaterial,
    })),
    machines: [...benches.keys()].sort().map((name) => ({ id: name, name })),
  };
}

export type { Cell };
