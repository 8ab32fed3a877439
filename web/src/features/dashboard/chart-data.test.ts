import { describe, expect, it } from 'vitest';
import type { DailyCounts } from './api';
import { dayTick, requestsChartData, resultsChartData, yAxisMax } from './chart-data';

const day = (date: string, reportRequests: number, resultsPass = 0, resultsFail = 0) =>
  ({ date, reportRequests, resultsPass, resultsFail }) satisfies DailyCounts;

const month = (counts: (n: number) => [number, number, number]): DailyCounts[] =>
  Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10);
    return day(date, ...counts(index));
  });

describe('report requests chart', () => {
  it('keeps every day on the axis, in order, with its count', () => {
    const daily = month((index) => [index === 3 ? 7 : index === 29 ? 2 : 0, 0, 0]);
    const chart = requestsChartData(daily);
    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]).toBe('2026-11-01');
    expect(chart.days[29]).toBe('2026-11-30');
    expect(chart.series.requests[3]).toEqual({ x: '2026-11-04', y: 7 });
    expect(chart.series.requests[29]).toEqual({ x: '2026-11-30', y: 2 });
    expect(chart.totals.requests).toBe(9);
    expect(chart.empty).toBe(false);
    expect(chart.yMax).toBeGreaterThanOrEqual(7);
  });

  it('is empty when no request was made in the period', () => {
    const chart = requestsChartData(month(() => [0, 4, 1]));
    expect(chart.empty).toBe(true);
    expect(chart.totals.requests).toBe(0);
  });
});

describe('test results chart', () => {
  it('stacks passed and failed results per day', () => {
    const daily = month((index) => [0, index === 10 ? 40 : 1, index === 10 ? 15 : 0]);
    const chart = resultsChartData(daily);
    expect(chart.series.pass[10]).toEqual({ x: '2026-11-11', y: 40 });
    expect(chart.series.fail[10]).toEqual({ x: '2026-11-11', y: 15 });
    expect(chart.totals).toEqual({ pass: 29 + 40, fail: 15 });
    // Stacked: the axis must reach the day's sum, not its larger part.
    expect(chart.yMax).toBeGreaterThanOrEqual(55);
    expect(chart.empty).toBe(false);
  });

  it('is empty without results, whatever the requests', () => {
    expect(resultsChartData(month(() => [3, 0, 0])).empty).toBe(true);
    expect(resultsChartData([]).empty).toBe(true);
  });
});

describe('yAxisMax', () => {
  it('gives a round top at or above the highest bar, never below 5', () => {
    expect(yAxisMax(0)).toBe(5);
    expect(yAxisMax(3)).toBe(5);
    expect(yAxisMax(7)).toBe(8);
    expect(yAxisMax(55)).toBe(60);
    expect(yAxisMax(1234)).toBe(1500);
    for (const highest of [6, 9, 11, 99, 101, 4999, 123_457]) {
      const top = yAxisMax(highest);
      expect(top).toBeGreaterThanOrEqual(highest);
      expect(top).toBeLessThan(highest * 1.5);
      expect(Number.isInteger(top)).toBe(true);
    }
  });
});

describe('dayTick', () => {
  it('writes month and day of the UTC date in the language', () => {
    expect(dayTick('2026-11-05', 'en')).toBe('11/5');
    expect(dayTick('2026-11-05', 'zh')).toBe('11/5');
    expect(dayTick('not a date', 'en')).toBe('not a date');
  });
});
