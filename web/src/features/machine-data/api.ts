import * as z from 'zod';
import {
  machineSchema,
  testResultSchema,
  type CreateMachineInput,
  type IngestSummary,
  type Machine,
  type MachineCreated,
  type TestResult,
} from '../../../../lambdas/shared/contract/schemas/machine-data';
import type { TestOutcome } from '../../../../lambdas/shared/contract/schemas/report-request';
import { parseSerial } from '../../../../lambdas/shared/contract/serial';
import { apiRequest, parseAnswer } from '../../lib/api-client';
import { fetchAllPages, pageLimit, wholePageSize, type CursorPage } from '../../lib/cursor-page';
import { dateRangeProblem, dateRangeQuery, type DateRange } from '../../lib/date-range';
import type { FetchPage } from '../../lib/use-cursor-list';

export const machineDataPath = '/api/machine-data';
export const machinesPath = '/api/machines';

/** Longest test name the API filters by (`listTestResultsQuerySchema`). */
export const maxTestNameLength = 100;

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

/** List answers carry no total: they are filtered as they are read. */
const pageOf = <T>(item: z.ZodType<T>) =>
  z
    .object({ items: z.array(item), nextCursor: z.string().nullable() })
    .transform((page): CursorPage<T> => ({ ...page, total: null }));

const resultPageSchema = pageOf(testResultSchema);

async function listResults(
  filters: ResultFilters,
  page: { pageSize: number; cursor?: string },
  signal?: AbortSignal,
): Promise<CursorPage<TestResult>> {
  const body = await apiRequest<unknown>(machineDataPath, {
    query: resultsQuery(filters, page),
    signal,
  });
  return parseAnswer(resultPageSchema, body);
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

const ingestSummarySchema = z.object({
  received: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
}) satisfies z.ZodType<IngestSummary>;

/**
 * `POST /api/machine-data` (staff): one CSV document of at most `maxResultsPerBatch`
 * rows, refused whole on any bad row (400, `fields` named `row <line>.<field>`).
 */
export async function uploadResults(csv: string): Promise<IngestSummary> {
  const body = await apiRequest<unknown>(machineDataPath, {
    method: 'POST',
    text: { content: csv, contentType: 'text/csv' },
  });
  return parseAnswer(ingestSummarySchema, body);
}

const machinePageSchema = pageOf(machineSchema);

/** Every machine (admin), in name order, revoked ones included. */
export function listMachines(): Promise<Machine[]> {
  return fetchAllPages(async (cursor) =>
    parseAnswer(
      machinePageSchema,
      await apiRequest<unknown>(machinesPath, {
        query: { limit: wholePageSize, ...(cursor ? { cursor } : {}) },
      }),
    ),
  );
}

const machineCreatedSchema = z.object({
  machine: machineSchema,
  key: z.string().min(1),
}) satisfies z.ZodType<MachineCreated>;

/** A new machine and its key: the only time the key is ever given. 409 when the name is taken. */
export async function createMachine(input: CreateMachineInput): Promise<MachineCreated> {
  const body = await apiRequest<unknown>(machinesPath, { method: 'POST', body: input });
  return parseAnswer(machineCreatedSchema, body);
}

/** Revokes a machine's key for good; its results stay. */
export async function revokeMachine(id: string): Promise<Machine> {
  const body = await apiRequest<unknown>(`${machinesPath}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return parseAnswer(machineSchema, body);
}
