/**
 * Quality statistics over a test's measured values (docs/statistics.md): capability,
 * the individuals and moving-range chart, the histogram, the failure Pareto and the figures
 * read back from stored sums. Pure functions: no I/O, no clock.
 *
 * Every figure that is not defined (too few values, no spread, a missing limit) is `null`,
 * never Infinity or NaN: the answers are JSON and a quality engineer reads "not defined"
 * better than a huge number.
 */

/** A test's specification limits; either may be missing (a one-sided specification). */
export interface SpecLimits {
  lower: number | null;
  upper: number | null;
}

/** Process capability of a series of individual values (Minitab's "Capability Analysis"). */
export interface Capability {
  n: number;
  mean: number | null;
  /** Average moving range / 1.128 (individual values, in the given order). */
  stdDevWithin: number | null;
  /** Sample standard deviation (n − 1). */
  stdDevOverall: number | null;
  cp: number | null;
  cpk: number | null;
  pp: number | null;
  ppk: number | null;
  cpl: number | null;
  cpu: number | null;
  ppl: number | null;
  ppu: number | null;
  /** Expected parts per million outside the limits, normal model, within sigma. */
  expectedPpmWithin: number | null;
  /** The same with the overall sigma. */
  expectedPpmOverall: number | null;
}

/** The individuals (I) and moving-range (MR) chart of a series, in the given order. */
export interface IndividualsChart {
  mean: number | null;
  averageMovingRange: number | null;
  /** mean ± 2.66·MR̄ (2.66 ≈ 3/1.128). */
  ucl: number | null;
  lcl: number | null;
  /** 3.267·MR̄ (D4 for subgroups of 2); the MR chart's lower limit is 0. */
  mrUcl: number | null;
  /** One per value; the first is null (no previous value). */
  movingRanges: (number | null)[];
  /** Per value: outside [lcl, ucl]. */
  beyondLimits: boolean[];
  /** Per value: its moving range is above mrUcl (false for the first). */
  movingRangeBeyond: boolean[];
}

/** One histogram bin: `from` inclusive, `to` exclusive except for the last bin. */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface ParetoRow<K> {
  key: K;
  failures: number;
  /** This row's failures / all failures, 0..1. */
  share: number;
  /** This and the rows before it / all failures, 0..1 (the last row is exactly 1). */
  cumulativeShare: number;
}

/** d2 for moving ranges of two values: σ within = MR̄ / d2. */
export const d2 = 1.128;
/** Individuals chart limits: mean ± 2.66·MR̄. */
export const individualsLimitFactor = 2.66;
/** D4 for subgroups of two: the moving-range chart's upper limit is 3.267·MR̄. */
export const movingRangeLimitFactor = 3.267;
/** The number of values below which capability figures carry a warning. */
export const fewValuesBelow = 30;
/** The histogram's default largest number of bins. */
export const defaultMaxBins = 50;

const epsilon = Number.EPSILON;

/** The number itself when finite, else null. */
function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function assertFinite(values: readonly number[]): void {
  for (const value of values) {
    if (!Number.isFinite(value)) throw new RangeError(`statistics: not a finite value: ${value}`);
  }
}

/** Neumaier's compensated sum: the error of a long sum stays near one rounding. */
function compensatedSum(terms: Iterable<number>): number {
  let sum = 0;
  let compensation = 0;
  for (const term of terms) {
    const next = sum + term;
    compensation += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
  }
  return sum + compensation;
}

/**
 * The mean, summed as differences from the first value: exact for constant data (so a
 * constant series sits exactly on its centre line) and free of a large offset's rounding.
 */
function meanOf(values: readonly number[]): number | null {
  const first = values[0];
  if (first === undefined) return null;
  return finite(first + compensatedSum(values.map((value) => value - first)) / values.length);
}

/**
 * Sample standard deviation (n − 1) by the corrected two-pass method (Chan, Golub and
 * LeVeque): Σ(x − x̄)² less the rounding left in x̄.
 */
function sampleStdDev(values: readonly number[], mean: number): number | null {
  const n = values.length;
  if (n < 2) return null;
  const deviations = values.map((value) => value - mean);
  const squares = compensatedSum(deviations.map((deviation) => deviation * deviation));
  const residual = compensatedSum(deviations);
  return finite(Math.sqrt(Math.max(0, squares - (residual * residual) / n) / (n - 1)));
}

/** |xᵢ − xᵢ₋₁| for each value after the first. */
function movingRangesOf(values: readonly number[]): number[] {
  const ranges: number[] = [];
  for (let index = 1; index < values.length; index += 1) {
    ranges.push(Math.abs((values[index] as number) - (values[index - 1] as number)));
  }
  return ranges;
}

function averageOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : finite(compensatedSum(values) / values.length);
}

/**
 * Upper tail probability of the standard normal distribution, Q(z) = 1 − Φ(z), to about
 * 1e-13 relative over the range where it is not 0 (z below about 38.5).
 * - z < 0: 1 − Q(−z), which lies in (0.5, 1] and loses nothing to the subtraction;
 * - 0 ≤ z < 2.5: ½ − φ(z)·Σ z^(2k+1)/(1·3·…·(2k+1)) (a series of positive terms);
 * - z ≥ 2.5: φ(z)·R(z) with Mills' ratio R from its continued fraction
 *   1/(z + 1/(z + 2/(z + 3/(z + …)))), evaluated by Lentz's method.
 */
export function normalTail(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  if (z < 0) return 1 - normalTail(-z);
  if (z === Number.POSITIVE_INFINITY) return 0;
  const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
  if (density === 0) return 0;
  if (z < 2.5) {
    let term = z;
    let sum = z;
    for (let k = 1; k < 200 && term > sum * epsilon * 0.5; k += 1) {
      term *= (z * z) / (2 * k + 1);
      sum += term;
    }
    return 0.5 - density * sum;
  }
  // Lentz: f = b0 + a1/(b1 + a2/(b2 + …)) with b = z, a_k = k; R(z) = 1/f.
  const tiny = 1e-300;
  let f = z;
  let c = z;
  let d = 0;
  for (let k = 1; k < 5000; k += 1) {
    d = z + k * d;
    d = d === 0 ? 1 / tiny : 1 / d;
    c = z + k / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < epsilon) break;
  }
  return density / f;
}

/** Process capability indices against one sigma: Cp, Cpk and the one-sided indices. */
function indices(
  mean: number,
  sigma: number | null,
  limits: SpecLimits,
): {
  both: number | null;
  lower: number | null;
  upper: number | null;
  worst: number | null;
  ppm: number | null;
} {
  const none = { both: null, lower: null, upper: null, worst: null, ppm: null };
  if (sigma === null || !(sigma > 0)) return none;
  const { lower, upper } = limits;
  if (lower === null && upper === null) return none;
  const lowerIndex = lower === null ? null : finite((mean - lower) / (3 * sigma));
  const upperIndex = upper === null ? null : finite((upper - mean) / (3 * sigma));
  const both = lower === null || upper === null ? null : finite((upper - lower) / (6 * sigma));
  const defined = [lowerIndex, upperIndex].filter((index): index is number => index !== null);
  const worst = defined.length === 0 ? null : Math.min(...defined);
  const below = lower === null ? 0 : normalTail((mean - lower) / sigma);
  const above = upper === null ? 0 : normalTail((upper - mean) / sigma);
  return { both, lower: lowerIndex, upper: upperIndex, worst, ppm: finite(1e6 * (below + above)) };
}

/**
 * Capability of individual values in the order they were measured (the within sigma comes
 * from consecutive values). Cp/Pp are null when a limit is missing, Cpk/Ppk are then the
 * one-sided index; every index and expected PPM is null when the sigma is 0 or undefined.
 */
export function capability(values: readonly number[], limits: SpecLimits): Capability {
  assertFinite(values);
  const n = values.length;
  const mean = meanOf(values);
  const averageMovingRange = averageOf(movingRangesOf(values));
  const stdDevWithin = averageMovingRange === null ? null : finite(averageMovingRange / d2);
  const stdDevOverall = mean === null ? null : sampleStdDev(values, mean);
  const within = mean === null ? indices(0, null, limits) : indices(mean, stdDevWithin, limits);
  const overall = mean === null ? indices(0, null, limits) : indices(mean, stdDevOverall, limits);
  return {
    n,
    mean,
    stdDevWithin,
    stdDevOverall,
    cp: within.both,
    cpk: within.worst,
    pp: overall.both,
    ppk: overall.worst,
    cpl: within.lower,
    cpu: within.upper,
    ppl: overall.lower,
    ppu: overall.upper,
    expectedPpmWithin: within.ppm,
    expectedPpmOverall: overall.ppm,
  };
}

/** The I-MR chart of values in the order they were measured. */
export function individualsChart(values: readonly number[]): IndividualsChart {
  assertFinite(values);
  const mean = meanOf(values);
  const ranges = movingRangesOf(values);
  const averageMovingRange = averageOf(ranges);
  const spread = averageMovingRange === null ? null : individualsLimitFactor * averageMovingRange;
  const ucl = mean === null || spread === null ? null : finite(mean + spread);
  const lcl = mean === null || spread === null ? null : finite(mean - spread);
  const mrUcl =
    averageMovingRange === null ? null : finite(movingRangeLimitFactor * averageMovingRange);
  const movingRanges: (number | null)[] =
    values.length === 0 ? [] : [null, ...ranges.map((range) => finite(range))];
  return {
    mean,
    averageMovingRange,
    ucl,
    lcl,
    mrUcl,
    movingRanges,
    beyondLimits: values.map(
      (value) => ucl !== null && lcl !== null && (value > ucl || value < lcl),
    ),
    movingRangeBeyond: movingRanges.map(
      (range) => range !== null && mrUcl !== null && range > mrUcl,
    ),
  };
}

/** 10^k, exact for the powers a histogram meets (division is correctly rounded). */
function powerOfTen(exponent: number): number {
  return exponent >= 0 ? 10 ** exponent : 1 / 10 ** -exponent;
}

/** The power of ten at or just below `width` (log10 checked both ways). */
function decade(width: number): number {
  let exponent = Math.floor(Math.log10(width));
  if (powerOfTen(exponent) > width) exponent -= 1;
  if (powerOfTen(exponent + 1) <= width) exponent += 1;
  return powerOfTen(exponent);
}

const niceSteps = [1, 2, 2.5, 5];

/** The largest of 1, 2, 2.5 and 5 times a power of ten that is at most `width`. */
function niceAtMost(width: number): number {
  const power = decade(width);
  const step = [...niceSteps].reverse().find((candidate) => candidate * power <= width) ?? 1;
  return step * power;
}

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is above `width`. */
function niceAbove(width: number): number {
  const power = decade(width);
  const step = [...niceSteps, 10].find((candidate) => candidate * power > width) ?? 10;
  return step * power;
}

/**
 * A histogram of the values whose axis also holds the specification limits:
 * - bin width: the data's range / max(⌈log₂ n⌉ + 1, ⌈√n⌉) (Sturges' count, or the square
 *   root's for larger samples), rounded down to 1, 2, 2.5 or 5 times a power of ten; with
 *   constant data, a tenth of the span to the limits, else a tenth of the value's size
 *   (1 for 0);
 * - bin edges: the lower limit plus whole widths (else the upper limit, else 0), so a
 *   limit falls on an edge; each edge is rounded to 15 significant digits;
 * - the bins cover the values and the limits; when that needs more than `maxBins` bins the
 *   width grows to the next nice width until it does not;
 * - a value on an edge counts in the bin above it, except in the last bin, which holds its
 *   upper edge.
 */
export function histogram(
  values: readonly number[],
  limits: SpecLimits,
  maxBins: number = defaultMaxBins,
): HistogramBin[] {
  assertFinite(values);
  if (values.length === 0) return [];
  const bound = Math.max(1, Math.floor(maxBins));
  let dataLow = Number.POSITIVE_INFINITY;
  let dataHigh = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    dataLow = Math.min(dataLow, value);
    dataHigh = Math.max(dataHigh, value);
  }
  let low = dataLow;
  let high = dataHigh;
  for (const limit of [limits.lower, limits.upper]) {
    if (limit !== null && Number.isFinite(limit)) {
      low = Math.min(low, limit);
      high = Math.max(high, limit);
    }
  }
  const anchor = limits.lower ?? limits.upper ?? 0;
  const count = values.length;
  const binsWanted = Math.max(Math.ceil(Math.log2(count)) + 1, Math.ceil(Math.sqrt(count)));
  let rawWidth = (dataHigh - dataLow) / binsWanted;
  if (!(rawWidth > 0)) rawWidth = (high - low) / 10;
  if (!(rawWidth > 0)) rawWidth = Math.abs(dataLow) / 10;
  if (!(rawWidth > 0)) rawWidth = 1;
  // A range past the largest double: one bin over everything rather than no answer.
  if (!Number.isFinite(rawWidth)) return [{ from: low, to: high, count }];
  let width = niceAtMost(rawWidth);
  const magnitude = Math.max(Math.abs(low), Math.abs(high));
  for (;;) {
    const step = width;
    // Edges to 15 significant digits (0.2, not 0.19999999999999996) while that leaves at
    // least 5 digits below the width.
    const clean = magnitude / step < 1e10;
    const edge = (index: number) => {
      const raw = anchor + index * step;
      return clean ? Number(raw.toPrecision(15)) : raw;
    };
    let first = Math.floor((low - anchor) / step);
    while (edge(first) > low) first -= 1;
    while (edge(first + 1) <= low) first += 1;
    let last = Math.max(first + 1, Math.ceil((high - anchor) / step));
    while (edge(last) < high) last += 1;
    while (last - 1 > first && edge(last - 1) >= high) last -= 1;
    if (last - first <= bound) {
      const edges = Array.from({ length: last - first + 1 }, (_, index) => edge(first + index));
      return countInto(edges, values);
    }
    width = niceAbove(width);
    if (!Number.isFinite(width)) return [{ from: low, to: high, count }];
  }
}

/** Counts values into the bins between consecutive edges (binary search on the edges). */
function countInto(edges: readonly number[], values: readonly number[]): HistogramBin[] {
  const bins = edges.slice(0, -1).map((from, index) => ({
    from,
    to: edges[index + 1] as number,
    count: 0,
  }));
  for (const value of values) {
    // The last edge at or below the value; the top edge counts in the last bin.
    let lowIndex = 0;
    let highIndex = bins.length - 1;
    while (lowIndex < highIndex) {
      const middle = (lowIndex + highIndex + 1) >> 1;
      if ((edges[middle] as number) <= value) lowIndex = middle;
      else highIndex = middle - 1;
    }
    (bins[lowIndex] as HistogramBin).count += 1;
  }
  return bins;
}

function compareKeys(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const a = String(left);
  const b = String(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Failure Pareto: rows with failures, most first (ties by key), each with its share of all
 * failures and the cumulative share down to it.
 */
export function pareto<K>(rows: readonly { key: K; failures: number }[]): ParetoRow<K>[] {
  const counted = rows
    .filter((row) => Number.isFinite(row.failures) && row.failures > 0)
    .sort((a, b) => b.failures - a.failures || compareKeys(a.key, b.key));
  const total = counted.reduce((sum, row) => sum + row.failures, 0);
  let running = 0;
  return counted.map((row) => {
    running += row.failures;
    return {
      key: row.key,
      failures: row.failures,
      share: row.failures / total,
      cumulativeShare: running / total,
    };
  });
}

/**
 * Mean and sample standard deviation (n − 1) read back from stored sums of (x − shift) and
 * (x − shift)² (aggregates per product, test and day add up these sums).
 *
 * Numerical care: the variance is (S₂ − S₁²/n)/(n − 1), which cancels catastrophically when
 * the values sit far from the shift relative to their spread (1e6 ± 0.01 with shift 0 keeps
 * no digit of the spread). Sums are therefore kept about a shift near the data (the caller
 * stores them so: e.g. the midpoint of the specification limits), which leaves the
 * subtraction harmless. What remains below the rounding floor of the sums (about 2n·ε·S₂,
 * ε = 2⁻⁵²) cannot be told from no spread and reads as 0; a negative difference from
 * rounding never reaches the square root.
 */
export function summaryFromSums(
  n: number,
  sum: number,
  sumOfSquares: number,
  shift = 0,
): { n: number; mean: number | null; stdDev: number | null } {
  if (!(n > 0) || !Number.isFinite(sum) || !Number.isFinite(sumOfSquares)) {
    return { n: Math.max(0, n || 0), mean: null, stdDev: null };
  }
  const centred = sum / n;
  const mean = finite(shift + centred);
  if (n < 2) return { n, mean, stdDev: null };
  const spread = sumOfSquares - sum * centred;
  if (!Number.isFinite(spread)) return { n, mean, stdDev: null };
  const floor = 2 * n * epsilon * Math.abs(sumOfSquares);
  const variance = spread <= floor ? 0 : spread / (n - 1);
  return { n, mean, stdDev: finite(Math.sqrt(variance)) };
}
