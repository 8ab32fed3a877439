import { storedResultSchema, type StoredResult } from '../machine-data/stored-result';
import type { BodyMaterial } from '../shared/contract/materials';
import { and, equals, type Condition } from '../shared/data/expressions';
import { queryItems, queryWindow } from '../shared/data/read';
import { queries } from '../shared/keys';
import { dayFiguresSchema, type Cell, type DayFigures } from './aggregates';

/** The filters of a statistics request, its window's dates resolved. */
export interface StatisticsScope {
  productId: string;
  material?: BodyMaterial | undefined;
  rangeId?: string | undefined;
  machineId?: string | undefined;
  from: string;
  to: string;
}

/** Whether a cell is within the request's material and range filters. */
export const cellInScope = (cell: Cell, scope: StatisticsScope) =>
  (scope.material === undefined || cell.definition.material === scope.material) &&
  (scope.rangeId === undefined || cell.definition.rangeId === scope.rangeId);

/**
 * The product's day items of the window (one Query, paged: days × benches items), the
 * bench filter applied to the items and the material and range filters to their cells.
 */
export async function readDays(scope: StatisticsScope): Promise<DayFigures[]> {
  const days = await queryItems(
    queries.statisticsDays(scope.productId, scope.from, scope.to),
    dayFiguresSchema,
    scope.machineId === undefined ? {} : { filter: equals('machineId', scope.machineId) },
  );
  return days.map((day) => ({
    ...day,
    cells: day.cells.filter((cell) => cellInScope(cell, scope)),
  }));
}

/** Items one values read evaluates at most (its filters may match few of them). */
export const maxValuesRead = 20_000;

/**
 * The latest `limit` counting values of a test in the window, oldest first (gsi2, newest
 * first, the filters applied as the Query reads), and whether more were there to read: the
 * window of `limit` values was full, or {@link maxValuesRead} items were read first.
 */
export async function readLatestValues(
  scope: StatisticsScope,
  testName: string,
  limit: number,
): Promise<{ values: StoredResult[]; capped: boolean }> {
  const filters: Condition[] = [];
  if (scope.material !== undefined) filters.push(equals('material', scope.material));
  if (scope.rangeId !== undefined) filters.push(equals('rangeId', scope.rangeId));
  if (scope.machineId !== undefined) filters.push(equals('machineId', scope.machineId));
  const { items, more } = await queryWindow(
    queries.statisticsValues(scope.productId, testName, scope.from, scope.to),
    storedResultSchema,
    {
      forward: false,
      ...(filters.length === 0
        ? {}
        : { filter: filters.length === 1 ? filters[0] : and(...filters) }),
      limit,
      maxRead: maxValuesRead,
    },
  );
  return { values: items.reverse(), capped: more };
}
