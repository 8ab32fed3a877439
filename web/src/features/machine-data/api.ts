import { machineDataApi } from '../../../../lambdas/shared/contract/api/machine-data';
import { machineApi } from '../../../../lambdas/shared/contract/api/machines';
import {
  testNameMaxLength,
  type CreateMachineInput,
  type IngestSummary,
  type Machine,
  type MachineCreated,
  type TestResult,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import type { TestOutcome } from '../../../../lambdas/shared/contract/schemas/report-request';
import { parseSerial } from '../../../../lambdas/shared/contract/serial';
import { api } from '../../lib/api-client';
import { fetchAllPages, pageLimit, wholePageSize, type CursorPage } from '../../lib/cursor-page';
import { dateRangeProblem, dateRangeQuery, type DateRange } from '../../lib/date-range';
import type { FetchPage } from '../../lib/use-cursor-list';

/** Longest test name the API filters by (the contract's). */
export const maxTestNameLength = testNameMaxLength;

/** What the results table shows, besides the page. */
export interface ResultFilters {
  /** A whole serial number: the table is then that unit's history. Empty for all units. */
  serial: string;
  /** One test, by its exact name; empty for all. */
  testName: string;
  result: TestOutcome | '';
  range: DateRange;
}

export const noResultFilters: ResultFilters = { serial: '', testName: '', result: '', range: {} };

/** The serial as the API reads it (upper case), or undefined when it is none (empty or malformed). */
export function unitSerial(serial: string): string | undefined {
  return parseSerial(serial)?.serial;
}

export function isFiltered(filters: ResultFilters): boolean {
  return (
    filters.serial.trim() !== '' ||
    filters.testName.trim() !== '' ||
    filters.result !== '' ||
    Boolean(filters.range.from || filters.range.to)
  );
}

/**
 * The query of `GET /api/machine-data`: `limit` within 1..1000, the opaque cursor, the
 * unit's serial when it is a serial number, the test name trimmed, the result, the
 * date range when it is a valid one; empty values left out.
 */
export function resultsQuery(
  filters: ResultFilters,
  page: { pageSize: number; cursor?: string },
): {
  limit: number;
  cursor?: string;
  serial?: string;
  testName?: string;
  result?: TestOutcome;
  from?: string;
  to?: string;
} {
  const serial = unitSerial(filters.serial);
  const testName = filters.testName.trim().slice(0, maxTestNameLength);
  return {
    limit: pageLimit(page.pageSize),
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...(serial ? { serial } : {}),
    ...(testName ? { testName } : {}),
    ...(filters.result ? { result: filters.result } : {}),
    ...(dateRangeProblem(filters.range) ? {} : dateRangeQuery(filters.range)),
  };
}

/** The results list answers no total: it is filtered as it is read. */
async function listResults(
  filters: ResultFilters,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<TestResult>> {
  const answer = await api(machineDataApi, 'GET /api/machine-data', {
    query: resultsQuery(filters, page),
    signal,
  });
  return { ...answer, total: null };
}

/** Newest first by test time; results tested at the same moment by test name. */
export function newestFirst(results: readonly TestResult[]): TestResult[] {
  return [...results].sort(
    (a, b) => b.testedAt.localeCompare(a.testedAt) || a.testName.localeCompare(b.testName),
  );
}

/**
 * A unit's whole history, newest first. The API reads a unit's results in test order
 * and sorts only each page, so the history is read whole (a unit has a handful of
 * tests and re-tests) and sorted here.
 */
export async function unitHistory(
  filters: ResultFilters,
  signal?: AbortSignal,
): Promise<TestResult[]> {
  const all = await fetchAllPages((cursor) =>
    listResults(filters, { pageSize: wholePageSize, cursor }, signal),
  );
  return newestFirst(all);
}

/** Page `cursor` (an offset, as text) of a list already read whole. */
export function pageOfList<T>(
  items: readonly T[],
  pageSize: number,
  cursor?: string,
): CursorPage<T> {
  const size = pageLimit(pageSize);
  const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
  const end = start + size;
  return {
    items: items.slice(start, end),
    nextCursor: end < items.length ? String(end) : null,
    total: items.length,
  };
}

/**
 * A page of the results table: the API's pages for all units; for one unit, its whole
 * history read and paged here (so it is newest first across pages, with a count).
 */
export const fetchResultsPage: FetchPage<ResultFilters, TestResult> = async (
  { query, pageSize, cursor },
  signal,
) => {
  if (unitSerial(query.serial)) {
    return pageOfList(await unitHistory(query, signal), pageSize, cursor);
  }
  return listResults(query, { pageSize, cursor }, signal);
};

/** Every result the filters let through, in the table's order, for an export. */
export async function listAllResults(filters: ResultFilters): Promise<TestResult[]> {
  if (unitSerial(filters.serial)) return unitHistory(filters);
  return fetchAllPages((cursor) => listResults(filters, { pageSize: wholePageSize, cursor }));
}

/**
 * `POST /api/machine-data` (staff): one CSV document of at most `maxResultsPerBatch`
 * rows, refused whole on any bad row (400, `fields` named `row <line>.<field>`).
 */
export function uploadResults(csv: string): Promise<IngestSummary> {
  return api(machineDataApi, 'POST /api/machine-data', {
    text: { content: csv, contentType: 'text/csv' },
  });
}

/**
 * `POST /api/machine-data?dryRun=true`: the same part checked as the upload would check it
 * (rows, benches, ranges, plans, contradictions), every problem named, nothing stored.
 */
export function checkResults(csv: string): Promise<IngestSummary> {
  return api(machineDataApi, 'POST /api/machine-data', {
    query: { dryRun: 'true' },
    text: { content: csv, contentType: 'text/csv' },
  });
}

/** Every machine (admin), in name order, revoked ones included. */
export function listMachines(): Promise<Machine[]> {
  return fetchAllPages((cursor) =>
    api(machineApi, 'GET /api/machines', { query: { limit: wholePageSize, cursor } }),
  );
}

/** A new machine and its key: the only time the key is ever given. 409 when the name is taken. */
export function createMachine(input: CreateMachineInput): Promise<MachineCreated> {
  return api(machineApi, 'POST /api/machines', { body: input });
}

/** Revokes a machine's key for good; its results stay. */
export function revokeMachine(id: string): Promise<Machine> {
  return api(machineApi, 'DELETE /api/machines/{id}', { params: { id } });
}
