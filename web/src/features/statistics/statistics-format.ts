import type { Language } from '../../i18n/languages';
import { languageSettings } from '../../i18n/languages';
import { recordsToCsv, type CsvValue } from '../../lib/csv';
import type {
  StatisticsCapability,
  StatisticsPareto,
  StatisticsValues,
  StatisticsYield,
} from './api';

/**
 * The colour band of a capability index (docs/statistics.md): 1.33 and above is capable,
 * 1.00 up to 1.33 marginal, below 1.00 not capable; none for an index that is not defined.
 */
export type CapabilityBand = 'capable' | 'marginal' | 'notCapable';

export function capabilityBand(index: number | null): CapabilityBand | undefined {
  if (index === null || !Number.isFinite(index)) return undefined;
  if (index >= 1.33) return 'capable';
  if (index >= 1) return 'marginal';
  return 'notCapable';
}

/** A figure with a fixed number of decimals and a true minus sign; an en dash for none. */
export function formatFixed(value: number | null, digits: number, language: Language): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(value)
    .replace(/^-/, '\u2212');
}

/**
 * A measured value or a statistic of values: up to four decimals, enough for a standard
 * deviation of a few hundredths, with a true minus sign; an en dash for none.
 */
export function formatMeasure(value: number | null, language: Language): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    maximumFractionDigits: 4,
  })
    .format(value)
    .replace(/^-/, '\u2212');
}

/** A share (0..1) as a percentage with one decimal; an en dash for none. */
export function formatShare(value: number | null, language: Language): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** A share (0..1) as a whole percentage, for a chart's axis. */
export function formatPercentTick(value: number, language: Language): string {
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(value);
}

/** Parts per million: whole parts, or two decimals below 10 (a capable process's tail). */
export function formatPpm(value: number | null, language: Language): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(languageSettings[language].intlLocale, {
    maximumFractionDigits: value < 10 ? 2 : 0,
  }).format(value);
}

/** The capability indices the page shows, in its order (the one-sided ones after). */
export const capabilityIndices = ['cp', 'cpk', 'pp', 'ppk', 'cpl', 'cpu', 'ppl', 'ppu'] as const;
export type CapabilityIndex = (typeof capabilityIndices)[number];

/**
 * The indices worth a row: Cpk and Ppk always (the one-sided index with one limit), Cp and
 * Pp only with both limits, and the one-sided indices of each limit the test has.
 */
export function shownIndices(capability: Pick<StatisticsCapability, 'lower' | 'upper'>) {
  const both = capability.lower !== null && capability.upper !== null;
  return capabilityIndices.filter((index) => {
    if (index === 'cp' || index === 'pp') return both;
    if (index === 'cpl' || index === 'ppl') return capability.lower !== null;
    if (index === 'cpu' || index === 'ppu') return capability.upper !== null;
    return true;
  });
}

/** The series a plan change split off: those judged by other limits than the shown series. */
export function otherSeries(
  capability: Pick<StatisticsCapability, 'planVersion' | 'lower' | 'upper' | 'planVersions'>,
) {
  return capability.planVersions.filter(
    (series) =>
      series.planVersion !== capability.planVersion ||
      series.lower !== capability.lower ||
      series.upper !== capability.upper,
  );
}

/** The 1-based observation numbers of the points flagged, e.g. beyond the control limits. */
export function flagged<T>(points: readonly T[], flag: (point: T) => boolean): number[] {
  return points.flatMap((point, index) => (flag(point) ? [index + 1] : []));
}

/**
 * A domain for a chart's y axis holding every value and line given (values, centre and
 * control limits, specification limits), with 5 % room above and below; null lines ignored.
 */
export function valueDomain(values: readonly (number | null)[]): [number, number] | undefined {
  const finite = values.filter(
    (value): value is number => value !== null && Number.isFinite(value),
  );
  if (finite.length === 0) return undefined;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const room = high > low ? (high - low) * 0.05 : Math.abs(high) * 0.05 || 1;
  return [low - room, high + room];
}

/** A histogram bin's label: its two ends. */
export function binLabel(bin: { from: number; to: number }, language: Language): string {
  return `${formatMeasure(bin.from, language)} – ${formatMeasure(bin.to, language)}`;
}

/**
 * The bin a specification limit is drawn on in the histogram (its bars are categories): the
 * bin holding it, else the nearest end bin; undefined without bins or limit.
 */
export function binOfLimit<B extends { from: number; to: number }>(
  bins: readonly B[],
  limit: number | null,
): B | undefined {
  if (limit === null || bins.length === 0) return undefined;
  const holding = bins.find((bin, index) =>
    index === bins.length - 1
      ? bin.from <= limit && limit <= bin.to
      : bin.from <= limit && limit < bin.to,
  );
  if (holding) return holding;
  return limit < bins[0]!.from ? bins[0] : bins[bins.length - 1];
}

/* CSV exports: one per table, columns under the API's field names, numbers as they are. */

type Row = Record<string, CsvValue>;

function rowsCsv<T extends Row>(fields: readonly (keyof T & string)[], rows: readonly T[]) {
  return {
    csv: recordsToCsv(
      fields.map((field) => ({ header: field, value: (row: T) => row[field] })),
      rows,
    ),
    rows: rows.length,
  };
}

const yieldFields = ['results', 'failures', 'unitsTested', 'firstPassYield', 'finalYield'] as const;

export const yieldByTestCsv = (answer: StatisticsYield) =>
  rowsCsv(['testName', ...yieldFields], answer.byTest);

export const yieldByPeriodCsv = (answer: StatisticsYield) =>
  rowsCsv(['start', ...yieldFields], answer.periods);

/**
 * The Pareto's columns. Written as one text: a quoted "share" would read to the build as
 * the icon of that name (web/build/only-icons.ts).
 */
const paretoFields = 'failures share cumulativeShare'.split(' ') as (keyof ParetoShares)[];
type ParetoShares = Omit<StatisticsPareto['byTest'][number], 'testName'>;

export const paretoByTestCsv = (answer: StatisticsPareto) =>
  rowsCsv(['testName', ...paretoFields], answer.byTest);

export const paretoByBenchCsv = (answer: StatisticsPareto) =>
  rowsCsv(['machineId', 'machineName', ...paretoFields], answer.byMachine);

/** The capability as one row per figure (`figure,value`), the limits and window first. */
export function capabilityCsv(answer: StatisticsCapability) {
  const figures = [
    'testName',
    'planVersion',
    'lower',
    'upper',
    'unit',
    'from',
    'to',
    'n',
    'mean',
    'stdDevWithin',
    'stdDevOverall',
    ...capabilityIndices,
    'expectedPpmWithin',
    'expectedPpmOverall',
    'fewValues',
    'windowLimited',
  ] as const;
  return rowsCsv(
    ['figure', 'value'],
    figures.map((figure) => ({ figure, value: answer[figure] })),
  );
}

/** The chart's values, oldest first, with their moving range and flags. */
export const valuesCsv = (answer: StatisticsValues) =>
  rowsCsv(
    [
      'testedAt',
      'serialNumber',
      'machineId',
      'value',
      'result',
      'movingRange',
      'beyondLimits',
      'movingRangeBeyond',
    ],
    answer.points,
  );

/** The histogram's bins. */
export const histogramCsv = (answer: StatisticsValues) =>
  rowsCsv(['from', 'to', 'count'], answer.histogram);

/** Base of an export's file name: `statistics-<table>` (the date is added). */
export const exportName = (table: string) => `statistics-${table}`;
