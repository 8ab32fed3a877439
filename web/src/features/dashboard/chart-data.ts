import type { Language } from '../../i18n/languages';
import { languageSettings } from '../../i18n/languages';
import type { DailyCounts } from './api';

/** One bar: a day (`YYYY-MM-DD`, the category) and its count. */
export interface DayPoint {
  x: string;
  y: number;
}

/** What one daily chart draws: the days in order, one point list per series, and the totals. */
export interface DailyChartData<Series extends string> {
  /** Every day of the period, oldest first: the x axis keeps empty days in place. */
  days: string[];
  series: Record<Series, DayPoint[]>;
  totals: Record<Series, number>;
  /** Nothing happened in the whole period: the chart shows its empty state instead. */
  empty: boolean;
  /** Top of the y axis: a whole number, at least 5, so the ticks are whole numbers too. */
  yMax: number;
}

/**
 * A y-axis top a little above the highest bar, on a round step (1, 2, 5 × 10ⁿ per
 * tick over 5 ticks), so ticks never fall on fractions of a request.
 */
export function yAxisMax(highest: number): number {
  if (highest <= 5) return 5;
  const rough = highest / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((size) => size >= rough)!;
  return Math.ceil(highest / step) * step;
}

function chartData<Series extends string>(
  daily: readonly DailyCounts[],
  read: Record<Series, (day: DailyCounts) => number>,
  stacked: boolean,
): DailyChartData<Series> {
  const names = Object.keys(read) as Series[];
  const days = daily.map((day) => day.date);
  const series = {} as Record<Series, DayPoint[]>;
  const totals = {} as Record<Series, number>;
  for (const name of names) {
    series[name] = daily.map((day) => ({ x: day.date, y: read[name](day) }));
    totals[name] = series[name].reduce((sum: number, point) => sum + point.y, 0);
  }
  // Stacked bars reach the sum of their series; grouped bars the highest single one.
  const heights = daily.map((day) =>
    stacked
      ? names.reduce((sum, name) => sum + read[name](day), 0)
      : Math.max(0, ...names.map((name) => read[name](day))),
  );
  return {
    days,
    series,
    totals,
    empty: names.every((name) => totals[name] === 0),
    yMax: yAxisMax(Math.max(0, ...heights)),
  };
}

/** Report requests per day. */
export function requestsChartData(daily: readonly DailyCounts[]): DailyChartData<'requests'> {
  return chartData(daily, { requests: (day) => day.reportRequests }, false);
}

/** Test results per day, passed and failed stacked. */
export function resultsChartData(daily: readonly DailyCounts[]): DailyChartData<'pass' | 'fail'> {
  return chartData(daily, { pass: (day) => day.resultsPass, fail: (day) => day.resultsFail }, true);
}

/** A day on the x axis, short: `11/21` in English, `11/21` in zh-TW (month and day, UTC). */
export function dayTick(date: string, language: Language): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(languageSettings[language].intlLocale, {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}
