import { createHash } from 'node:crypto';
import type { AuditActor } from '../shared/contract/schemas/audit';
import {
  testResultSchema,
  type ListTestResultsQuery,
  type TestResult,
} from '../shared/contract/schemas/machine-data';
import type { ReportTestResult } from '../shared/contract/schemas/report-request';
import type { JudgedLimit } from '../shared/contract/schemas/test-plan';
import { and, between, equals, itemMissing, type Condition } from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { decodeCursor, encodeCursor, type CursorScope } from '../shared/data/cursor';
import { queryItems, queryPage, type Page } from '../shared/data/read';
import { ValidationError } from '../shared/errors';
import { audited, maxTransactionItems, TransactionCancelled } from '../shared/data/transaction';

const toResult = (item: unknown): TestResult => testResultSchema.parse(item);

/**
 * The latest result of each test of one unit, in test-name order. A unit's results are
 * one partition sorted by test then time, so this is one Query (paged: a unit has tens
 * of results, not thousands).
 */
export async function findLatestResults(serial: string): Promise<ReportTestResult[]> {
  const latest = new Map<string, ReportTestResult>();
  for (const result of await queryItems(queries.unitResults(serial), testResultSchema)) {
    const known = latest.get(result.testName);
    if (!known || known.testedAt <= result.testedAt) {
      latest.set(result.testName, {
        testName: result.testName,
        result: result.result,
        value: result.value,
        unit: result.unit,
        testedAt: result.testedAt,
        machineId: result.machineId,
        operator: result.operator,
        planVersion: result.planVersion,
        limit: result.limit,
      });
    }
  }
  return [...latest.values()];
}

/**
 * When the first result the unit received after `since` arrived (ISO time), or null: one
 * Query of the unit's partition (tens of results).
 */
export async function firstResultSince(serial: string, since: string): Promise<string | null> {
  const received = (await queryItems(queries.unitResults(serial), testResultSchema))
    .map((result) => result.receivedAt)
    .filter((at) => at > since)
    .sort();
  return received[0] ?? null;
}

/** A result ready to store: validated, its machine named, its unit's range known. */
export interface NewResult {
  serialNumber: string;
  testName: string;
  result: 'pass' | 'fail';
  value: number | null;
  unit: string | null;
  testedAt: string;
  machineId: string;
  operator: string | null;
  notes: string | null;
  /** The plan version it was judged against (null: its product had no plan). */
  planVersion?: number | null;
  /** The limit it was judged against, kept with it. */
  limit?: JudgedLimit | null;
}

const resultId = (
  result: Pick<NewResult, 'serialNumber' | 'testName' | 'testedAt' | 'machineId'>,
) =>
  createHash('sha256')
    .update(
      JSON.stringify([result.serialNumber, result.testName, result.testedAt, result.machineId]),
    )
    .digest('base64url')
    .slice(0, 22);

/** Who sent a batch, how (a machine's ingest, a person's upload), under which id. */
export interface BatchSource {
  actor: AuditActor;
  action: 'ingest' | 'upload';
  /** The batch's id: its audit entries' record id. */
  batchId: string;
  /** Stored with each result: the machine key's name or the uploader. */
  source: string;
}

/**
 * Stores results with their counters: each chunk is one transaction of conditional puts
 * (a result already stored is a re-send: skipped, never stored twice), the day counts
 * of passed and failed results, the counters item (`machineResults`, `lastMachineDataAt`)
 * and the chunk's audit entry. Returns how many were new.
 */
export async function saveResults(
  results: NewResult[],
  from: BatchSource,
  now = new Date(),
): Promise<number> {
  const receivedAt = now.toISOString();
  let stored = 0;
  // A result sent twice in one batch is one result (a transaction may not write an
  // item twice); the second counts as a duplicate, as a re-sent one does.
  const distinct = new Map<string, NewResult>();
  for (const result of results) {
    const { pk, sk } = keys.unitResult(
      result.serialNumber,
      result.testName,
      result.testedAt,
      result.machineId,
    );
    if (!distinct.has(`${pk}\n${sk}`)) distinct.set(`${pk}\n${sk}`, result);
  }
  let pending = [...distinct.values()];
  let part = 1;
  while (pending.length > 0) {
    const chunk: NewResult[] = [];
    const days = new Set<string>();
    for (const result of pending) {
      const day = result.testedAt.slice(0, 10);
      const extraDay = days.has(day) ? 0 : 1;
      // This result, the chunk so far, one day count per day, the counters item, the audit entry.
      if (chunk.length + 1 + days.size + extraDay + 2 > maxTransactionItems) break;
      chunk.push(result);
      days.add(day);
    }
    pending = pending.slice(chunk.length);
    stored += await saveChunk(chunk, from, receivedAt, part++);
  }
  return stored;
}

async function saveChunk(
  chunk: NewResult[],
  from: BatchSource,
  receivedAt: string,
  part: number,
): Promise<number> {
  let candidates = chunk;
  while (candidates.length > 0) {
    const perDay = new Map<string, { pass: number; fail: number }>();
    for (const result of candidates) {
      const day = result.testedAt.slice(0, 10);
      const counts = perDay.get(day) ?? { pass: 0, fail: 0 };
      counts[result.result] += 1;
      perDay.set(day, counts);
    }
    const serials = [...new Set(candidates.map((result) => result.serialNumber))];
    const transaction = audited({
      actor: from.actor,
      action: from.action,
      entity: 'machine-data',
      entityId: from.batchId,
      changes: {
        part: { from: null, to: part },
        results: { from: null, to: candidates.length },
        passed: { from: null, to: candidates.filter((result) => result.result === 'pass').length },
        failed: { from: null, to: candidates.filter((result) => result.result === 'fail').length },
        serialNumbers: { from: null, to: serials },
      },
    });
    candidates.forEach((result, index) =>
      transaction.put(
        {
          ...keys.unitResult(
            result.serialNumber,
            result.testName,
            result.testedAt,
            result.machineId,
          ),
          ...keys.unitResultIndexes(
            result.serialNumber,
            result.testName,
            result.testedAt,
            result.machineId,
          ),
          type: 'machineResult',
          id: resultId(result),
          ...result,
          receivedAt,
          source: from.source,
        },
        { condition: itemMissing(), tag: String(index) },
      ),
    );
    for (const [day, counts] of perDay) {
      transaction.countDay(day, { resultsPass: counts.pass, resultsFail: counts.fail });
    }
    transaction.count({ machineResults: candidates.length }, { lastMachineDataAt: receivedAt });
    try {
      await transaction.commit({ now: new Date(receivedAt) });
      return candidates.length;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const duplicates = new Set(
        error.reasons
          .filter((reason) => reason.tag !== undefined && reason.code === 'ConditionalCheckFailed')
          .map((reason) => Number(reason.tag)),
      );
      if (duplicates.size === 0) throw error;
      // Re-sent results: drop them and store the rest.
      candidates = candidates.filter((_, index) => !duplicates.has(index));
    }
  }
  return 0;
}

/**
 * A page of results, newest first: one unit's history, or all results (gsi1, in
 * tested-at order, the date range in the key condition). Test name and result are
 * filters on what the Query reads.
 */
export async function listResults(query: ListTestResultsQuery): Promise<Page<TestResult>> {
  const filters: Condition[] = [];
  if (query.testName) filters.push(equals('testName', query.testName));
  if (query.result) filters.push(equals('result', query.result));
  const scope = {
    list: 'machine-data',
    serial: query.serial,
    testName: query.testName,
    result: query.result,
    from: query.from,
    to: query.to,
  };
  if (query.serial) {
    if (query.from || query.to) {
      filters.push(
        between(
          'testedAt',
          query.from ? `${query.from}T00:00:00.000Z` : '0000',
          query.to ? `${query.to}T23:59:59.999Z` : '9999',
        ),
      );
    }
    return unitHistoryPage({ ...query, serial: query.serial }, filters, scope);
  }
  return queryPage(
    queries.resultsBetween(query.from, query.to),
    { parse: toResult },
    {
      forward: false,
      filter: allOf(filters),
      limit: query.limit,
      cursor: query.cursor,
      scope,
    },
  );
}

const allOf = (filters: Condition[]) =>
  filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : and(...filters);

/**
 * One unit's history, newest first. The unit's partition is in test-name order, so the
 * whole partition is read (a unit has tens of results) and paged by position; the
 * cursor (signed like any) holds the position.
 */
async function unitHistoryPage(
  query: ListTestResultsQuery & { serial: string },
  filters: Condition[],
  scope: CursorScope,
): Promise<Page<TestResult>> {
  const position = await decodeCursor(query.cursor, scope);
  const offset = position ? Number(position.offset) : 0;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new ValidationError({ cursor: { key: 'errors.invalidCursor' } }, 'errors.invalidCursor');
  }
  const all = await queryItems(
    queries.unitResults(query.serial),
    { parse: toResult },
    {
      filter: allOf(filters),
    },
  );
  all.sort((a, b) => b.testedAt.localeCompare(a.testedAt) || a.testName.localeCompare(b.testName));
  const end = offset + query.limit;
  return {
    items: all.slice(offset, end),
    nextCursor: end < all.length ? await encodeCursor({ offset: String(end) }, scope) : null,
  };
}
