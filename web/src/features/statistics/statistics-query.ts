import { bodyMaterials } from '../../../../lambdas/shared/contract/materials';
import {
  defaultStatisticsDays,
  type YieldInterval,
} from '../../../../lambdas/shared/contract/schemas/statistics';
import { isIsoDate } from '../../lib/date-range';

/** Body materials a range records (the contract's). */
export const materials = bodyMaterials;
export type Material = (typeof materials)[number];

export type Interval = YieldInterval;

/** Days of the window when the address names none: the last 90 days, today included. */
export const defaultWindowDays = defaultStatisticsDays;

/**
 * What the Statistics page shows, all of it in the address (`?productId=…&testName=…`), so a
 * view can be shared or reloaded. The names are the API's query parameters.
 */
export interface StatisticsSelection {
  /** Required by every statistics route; empty until a product is chosen. */
  productId: string;
  /** Empty for every material. */
  material: Material | '';
  /** The test of the capability, control chart and histogram; empty: the product's first. */
  testName: string;
  rangeId: string;
  machineId: string;
  /** Whole days, both ends included (`YYYY-MM-DD`). */
  from: string;
  to: string;
  interval: Interval;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar date in UTC as `YYYY-MM-DD`: the API counts tested dates in UTC. */
export function utcDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The default window: the last {@link defaultWindowDays} days up to `today`, both included,
 * as the API's default (UTC dates).
 */
export function defaultWindow(today: Date): { from: string; to: string } {
  const start = new Date(today.getTime() - (defaultWindowDays - 1) * 86_400_000);
  return { from: utcDate(start), to: utcDate(today) };
}

/**
 * The selection an address holds: unknown or malformed values fall back to their default
 * (all materials, day interval, the default window when either end is not a date or the
 * ends are reversed).
 */
export function readSelection(search: URLSearchParams, today: Date): StatisticsSelection {
  const text = (name: string) => search.get(name)?.trim() ?? '';
  const material = text('material');
  const interval = text('interval');
  const from = text('from');
  const to = text('to');
  const window =
    isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : defaultWindow(today);
  return {
    productId: text('productId'),
    material: (materials as readonly string[]).includes(material) ? (material as Material) : '',
    testName: text('testName'),
    rangeId: text('rangeId'),
    machineId: text('machineId'),
    ...window,
    interval: interval === 'week' ? 'week' : 'day',
  };
}

/**
 * The address's query for a selection: empty values and the defaults (day interval, the
 * default window) left out, so a shared address without dates keeps meaning "the last 90
 * days" whenever it is opened.
 */
export function selectionSearch(selection: StatisticsSelection, today: Date): URLSearchParams {
  const search = new URLSearchParams();
  const window = defaultWindow(today);
  const isDefaultWindow = selection.from === window.from && selection.to === window.to;
  const entries: [string, string][] = [
    ['productId', selection.productId],
    ['material', selection.material],
    ['testName', selection.testName],
    ['rangeId', selection.rangeId],
    ['machineId', selection.machineId],
    ['from', isDefaultWindow ? '' : selection.from],
    ['to', isDefaultWindow ? '' : selection.to],
    ['interval', selection.interval === 'day' ? '' : selection.interval],
  ];
  for (const [name, value] of entries) if (value) search.set(name, value);
  return search;
}

/** The query every statistics route takes (`productId` and the chosen filters). */
export function commonQuery(selection: StatisticsSelection): {
  productId: string;
  material?: Material;
  rangeId?: string;
  machineId?: string;
  from: string;
  to: string;
} {
  return {
    productId: selection.productId,
    ...(selection.material ? { material: selection.material } : {}),
    ...(selection.rangeId ? { rangeId: selection.rangeId } : {}),
    ...(selection.machineId ? { machineId: selection.machineId } : {}),
    from: selection.from,
    to: selection.to,
  };
}
