import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  capability,
  d2,
  histogram,
  individualsChart,
  individualsLimitFactor,
  movingRangeLimitFactor,
  normalTail,
  pareto,
  summaryFromSums,
  type Capability,
  type HistogramBin,
  type IndividualsChart,
  type ParetoRow,
  type SpecLimits,
} from '../../lambdas/statistics/math';

/**
 * The reference values: test/fixtures/statistics/reference.py (numpy, exact fractions,
 * scipy.stats.norm.sf), an implementation independent of math.ts. Rerun it after changing
 * a convention, and say so in docs/statistics.md.
 */
interface Reference {
  constants: { d2: number; individualsFactor: number; movingRangeFactor: number };
  capability: {
    name: string;
    values: number[];
    limits: SpecLimits;
    capability: Capability;
    chart: IndividualsChart;
    histogram: HistogramBin[];
  }[];
  histogramBounds: {
    name: string;
    values: number[];
    limits: SpecLimits;
    maxBins: number;
    histogram: HistogramBin[];
  }[];
  normalTail: { z: number; tail: number }[];
  pareto: {
    name: string;
    rows: { key: string; failures: number }[];
    pareto: ParetoRow<string>[];
  }[];
  summaryFromSums: {
    name: string;
    shift: number;
    n: number;
    sum: number;
    sumOfSquares: number;
    values: number[];
    mean: number | null;
    stdDev: number | null;
  }[];
}

const reference = JSON.parse(
  readFileSync(new URL('../fixtures/statistics/reference.json', import.meta.url), 'utf8'),
) as Reference;

const tolerance = 1e-9;

/** Both null, or numbers within `relative` of each other (an expected 0 must be 0). */
function expectClose(
  actual: number | null,
  expected: number | null,
  label: string,
  relative = tolerance,
) {
  if (expected === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(actual, label).not.toBeNull();
  const difference = Math.abs((actual as number) - expected);
  expect(difference, `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    relative * Math.abs(expected),
  );
}

/** Every number anywhere in the value is finite. */
function expectAllFinite(value: unknown, label: string) {
  const walk = (item: unknown, path: string) => {
    if (typeof item === 'number')
      expect(Number.isFinite(item), `${label}${path} = ${item}`).toBe(true);
    else if (Array.isArray(item)) item.forEach((entry, index) => walk(entry, `${path}[${index}]`));
    else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) walk(entry, `${path}.${key}`);
    }
  };
  walk(value, '');
}

const capabilityFields = [
  'mean',
  'stdDevWithin',
  'stdDevOverall',
  'cp',
  'cpk',
  'pp',
  'ppk',
  'cpl',
  'cpu',
  'ppl',
  'ppu',
  'expectedPpmWithin',
  'expectedPpmOverall',
] as const;

describe('the reference fixture', () => {
  it('was made with the constants math.ts uses', () => {
    expect(reference.constants).toEqual({
      d2,
      individualsFactor: individualsLimitFactor,
      movingRangeFactor: movingRangeLimitFactor,
    });
  });

  it('holds the cases the statistics must be checked on', () => {
    const names = reference.capability.map((entry) => entry.name).join('\n');
    for (const wanted of [
      'two-sided',
      'lower limit only',
      'upper limit only',
      'constant data',
      'n = 1',
      'n = 2',
      'large offset',
      'beyond the control limits',
    ]) {
      expect(names).toContain(wanted);
    }
  });
});

describe('capability', () => {
  for (const entry of reference.capability) {
    it(`matches the reference: ${entry.name}`, () => {
      const actual = capability(entry.values, entry.limits);
      expect(actual.n).toBe(entry.capability.n);
      for (const field of capabilityFields) {
        expectClose(actual[field], entry.capability[field], field);
      }
      expectAllFinite(actual, entry.name);
    });
  }

  it('gives the one-sided index as Cpk/Ppk and no Cp/Pp when a limit is missing', () => {
    const values = [10.1, 10.3, 9.8, 10.0, 10.2, 9.9];
    const lowerOnly = capability(values, { lower: 9, upper: null });
    expect(lowerOnly.cp).toBeNull();
    expect(lowerOnly.pp).toBeNull();
    expect(lowerOnly.cpu).toBeNull();
    expect(lowerOnly.cpk).toBe(lowerOnly.cpl);
    expect(lowerOnly.ppk).toBe(lowerOnly.ppl);
    const upperOnly = capability(values, { lower: null, upper: 11 });
    expect(upperOnly.cpk).toBe(upperOnly.cpu);
    expect(upperOnly.ppk).toBe(upperOnly.ppu);
    expect(upperOnly.cpl).toBeNull();
  });

  it('takes the within sigma from consecutive values: order matters to it, not to the overall', () => {
    const alternating = [1, 3, 1, 3, 1, 3, 1, 3];
    const grouped = [1, 1, 1, 1, 3, 3, 3, 3];
    const a = capability(alternating, { lower: 0, upper: 4 });
    const b = capability(grouped, { lower: 0, upper: 4 });
    expect(a.stdDevOverall).toBe(b.stdDevOverall);
    expect(a.stdDevWithin).toBeCloseTo(2 / 1.128, 12);
    expect(b.stdDevWithin).toBeCloseTo(2 / 7 / 1.128, 12);
  });

  it('leaves every index null, never Infinity, for no values, one value or no spread', () => {
    for (const values of [[], [4.2], [4.2, 4.2, 4.2]]) {
      const result = capability(values, { lower: 4, upper: 5 });
      for (const field of ['cp', 'cpk', 'pp', 'ppk', 'cpl', 'cpu', 'ppl', 'ppu'] as const) {
        expect(result[field], `${field} of ${values.length} values`).toBeNull();
      }
      expect(result.expectedPpmWithin).toBeNull();
      expect(result.expectedPpmOverall).toBeNull();
    }
    expect(capability([], { lower: 4, upper: 5 })).toMatchObject({ n: 0, mean: null });
    expect(capability([4.2], { lower: 4, upper: 5 })).toMatchObject({
      n: 1,
      mean: 4.2,
      stdDevWithin: null,
      stdDevOverall: null,
    });
  });

  it('refuses a value that is not a finite number', () => {
    expect(() => capability([1, Number.NaN], { lower: 0, upper: 2 })).toThrow(RangeError);
    expect(() => individualsChart([Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() => histogram([Number.NaN], { lower: null, upper: null })).toThrow(RangeError);
  });
});

describe('individualsChart', () => {
  for (const entry of reference.capability) {
    it(`matches the reference: ${entry.name}`, () => {
      const actual = individualsChart(entry.values);
      const expected = entry.chart;
      for (const field of ['mean', 'averageMovingRange', 'ucl', 'lcl', 'mrUcl'] as const) {
        expectClose(actual[field], expected[field], field);
      }
      expect(actual.movingRanges).toHaveLength(entry.values.length);
      actual.movingRanges.forEach((range, index) =>
        expectClose(range, expected.movingRanges[index] ?? null, `movingRanges[${index}]`),
      );
      expect(actual.beyondLimits).toEqual(expected.beyondLimits);
      expect(actual.movingRangeBeyond).toEqual(expected.movingRangeBeyond);
      expectAllFinite(actual, entry.name);
    });
  }

  it('marks the points beyond the control limits the reference marks', () => {
    const drifting = reference.capability.find((entry) => entry.name.includes('beyond'));
    expect(drifting?.chart.beyondLimits.filter(Boolean).length).toBeGreaterThan(0);
    expect(drifting?.chart.movingRangeBeyond.filter(Boolean).length).toBeGreaterThan(0);
  });

  it('keeps constant data on its centre line, none beyond', () => {
    const chart = individualsChart([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
    expect(chart).toMatchObject({ mean: 0.1, averageMovingRange: 0, ucl: 0.1, lcl: 0.1, mrUcl: 0 });
    expect(chart.beyondLimits.some(Boolean)).toBe(false);
    expect(chart.movingRangeBeyond.some(Boolean)).toBe(false);
  });

  it('has no limits for fewer than two values', () => {
    expect(individualsChart([])).toEqual({
      mean: null,
      averageMovingRange: null,
      ucl: null,
      lcl: null,
      mrUcl: null,
      movingRanges: [],
      beyondLimits: [],
      movingRangeBeyond: [],
    });
    expect(individualsChart([7])).toMatchObject({ mean: 7, ucl: null, movingRanges: [null] });
  });
});

describe('histogram', () => {
  const cases = [
    ...reference.capability.map((entry) => ({ ...entry, maxBins: undefined })),
    ...reference.histogramBounds,
  ];
  for (const entry of cases) {
    it(`matches the reference bins: ${entry.name}`, () => {
      const actual = histogram(entry.values, entry.limits, entry.maxBins);
      expect(actual.map((bin) => bin.count)).toEqual(entry.histogram.map((bin) => bin.count));
      actual.forEach((bin, index) => {
        const expected = entry.histogram[index] as HistogramBin;
        expectClose(bin.from, expected.from, `bin ${index} from`, 1e-12);
        expectClose(bin.to, expected.to, `bin ${index} to`, 1e-12);
      });
      expect(actual.length).toBeLessThanOrEqual(entry.maxBins ?? 50);
      const total = actual.reduce((sum, bin) => sum + bin.count, 0);
      expect(total).toBe(entry.values.length);
    });
  }

  it('puts the limits on bin edges and the axis around them', () => {
    const bins = histogram([10.02, 10.04, 9.97, 10.0, 9.99, 10.01], { lower: 9.9, upper: 10.1 });
    const edges = [bins[0]?.from, ...bins.map((bin) => bin.to)];
    expect(edges).toContain(9.9);
    expect(edges).toContain(10.1);
    expect(bins[0]?.from).toBe(9.9);
    expect(bins.at(-1)?.to).toBe(10.1);
  });
});

describe('normalTail', () => {
  it('matches scipy.stats.norm.sf to 1e-12 relative from z = -37 to 37.5', () => {
    for (const { z, tail } of reference.normalTail) {
      expectClose(normalTail(z), tail, `Q(${z})`, 1e-12);
    }
  });

  it('is 0 and 1 at the ends and symmetric', () => {
    expect(normalTail(Number.POSITIVE_INFINITY)).toBe(0);
    expect(normalTail(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(normalTail(50)).toBe(0);
    expect(normalTail(0)).toBe(0.5);
    for (const z of [0.3, 1.7, 2.5, 4.1]) {
      expect(normalTail(z) + normalTail(-z)).toBeCloseTo(1, 15);
    }
  });
});

describe('pareto', () => {
  for (const entry of reference.pareto) {
    it(`matches the reference: ${entry.name}`, () => {
      const actual = pareto(entry.rows);
      expect(actual.map((row) => [row.key, row.failures])).toEqual(
        entry.pareto.map((row) => [row.key, row.failures]),
      );
      actual.forEach((row, index) => {
        const expected = entry.pareto[index] as ParetoRow<string>;
        expectClose(row.share, expected.share, `share ${row.key}`);
        expectClose(row.cumulativeShare, expected.cumulativeShare, `cumulative ${row.key}`);
      });
    });
  }

  it('ends at exactly 1 and sorts numeric keys as numbers on ties', () => {
    const rows = pareto([
      { key: 10, failures: 1 },
      { key: 9, failures: 1 },
      { key: 2, failures: 3 },
      { key: 5, failures: 0 },
    ]);
    expect(rows.map((row) => row.key)).toEqual([2, 9, 10]);
    expect(rows.at(-1)?.cumulativeShare).toBe(1);
    expect(pareto([])).toEqual([]);
  });
});

describe('summaryFromSums', () => {
  for (const entry of reference.summaryFromSums) {
    it(`gives the exact figures of the values from the stored sums: ${entry.name}`, () => {
      const actual = summaryFromSums(entry.n, entry.sum, entry.sumOfSquares, entry.shift);
      expect(actual.n).toBe(entry.n);
      expectClose(actual.mean, entry.mean, 'mean');
      expectClose(actual.stdDev, entry.stdDev, 'stdDev');
    });

    it(`does so from sums added one value at a time: ${entry.name}`, () => {
      let sum = 0;
      let sumOfSquares = 0;
      for (const value of entry.values) {
        sum += value - entry.shift;
        sumOfSquares += (value - entry.shift) ** 2;
      }
      const actual = summaryFromSums(entry.values.length, sum, sumOfSquares, entry.shift);
      expectClose(actual.mean, entry.mean, 'mean');
      expectClose(actual.stdDev, entry.stdDev, 'stdDev');
    });
  }

  it('never takes the root of a negative difference, whatever the offset', () => {
    const offset = reference.summaryFromSums.find((entry) => entry.name.includes('offset'));
    expect(offset).toBeDefined();
    let sum = 0;
    let sumOfSquares = 0;
    for (const value of offset?.values ?? []) {
      sum += value;
      sumOfSquares += value * value;
    }
    // Unshifted sums of 1e6 ± 0.001 keep no digit of the spread: a number, not NaN.
    const unshifted = summaryFromSums(offset?.n ?? 0, sum, sumOfSquares);
    expect(unshifted.stdDev).not.toBeNull();
    expect(unshifted.stdDev).toBeGreaterThanOrEqual(0);
    expectClose(unshifted.mean, offset?.mean ?? null, 'mean');
  });

  it('is null where nothing is defined', () => {
    expect(summaryFromSums(0, 0, 0)).toEqual({ n: 0, mean: null, stdDev: null });
    expect(summaryFromSums(1, 2.5, 6.25)).toEqual({ n: 1, mean: 2.5, stdDev: null });
    expect(summaryFromSums(3, 3e300, Number.POSITIVE_INFINITY).stdDev).toBeNull();
  });
});

describe('no Infinity or NaN', () => {
  /** A small deterministic generator (mulberry32), so a failure can be replayed. */
  function generator(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('holds for random series of every size, spread and offset, extreme ones included', () => {
    const random = generator(30);
    const scales = [0, 1e-300, 1e-9, 1, 1e6, 1e150, 1e300];
    for (let round = 0; round < 400; round += 1) {
      const n = Math.floor(random() * 12);
      const offset = (scales[Math.floor(random() * scales.length)] as number) * (random() - 0.5);
      const spread = scales[Math.floor(random() * scales.length)] as number;
      const values = Array.from({ length: n }, () => offset + spread * (random() - 0.5) * 2);
      const limitChoice = Math.floor(random() * 4);
      const limits: SpecLimits = {
        lower: limitChoice === 1 || limitChoice === 3 ? offset - spread : null,
        upper: limitChoice === 2 || limitChoice === 3 ? offset + spread : null,
      };
      const label = JSON.stringify({ values, limits });
      expectAllFinite(capability(values, limits), label);
      expectAllFinite(individualsChart(values), label);
      const bins = histogram(values, limits);
      expectAllFinite(bins, label);
      expect(
        bins.reduce((sum, bin) => sum + bin.count, 0),
        label,
      ).toBe(n);
      let sum = 0;
      let sumOfSquares = 0;
      for (const value of values) {
        sum += value;
        sumOfSquares += value * value;
      }
      expectAllFinite(summaryFromSums(n, sum, sumOfSquares), label);
    }
  });
});
