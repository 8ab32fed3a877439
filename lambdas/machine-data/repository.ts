import { createHash } from 'node:crypto';
import type { AuditActor } from '../shared/contract/schemas/audit';
import { countHoldings, RangeChanged } from '../serial-ranges/holdings';
import { parseResultId, storedResultSchema, toApiResult, type StoredResult } from './stored-result';
import type { ListTestResultsQuery, TestResult } from '../shared/contract/schemas/machine-data';
import type { JudgedLimit } from '../shared/contract/schemas/test-plan';
import {
  and,
  attributeMissing,
  between,
  equals,
  itemExists,
  itemMissing,
  type Condition,
} from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { decodeCursor, encodeCursor, type CursorScope } from '../shared/data/cursor';
import { getItems, queryItems, queryPage, type Page } from '../shared/data/read';
import { FailedPreconditionError, NotFoundError, ValidationError } from '../shared/errors';
import { audited, maxTransactionItems, TransactionCancelled } from '../shared/data/transaction';

const toResult = (item: unknown): TestResult => toApiResult(storedResultSchema.parse(item));

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
  /** For an uploaded result: who entered it (name, else email). */
  enteredBy?: string | null;
  /** The unit's range as the lookup read it: the result is counted on it. */
  range: { id: string; version: number };
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
    const ranges = new Set<string>();
    const serials = new Set<string>();
    for (const result of pending) {
      const day = result.testedAt.slice(0, 10);
      const added =
        1 +
        (days.has(day) ? 0 : 1) +
        (ranges.has(result.range.id) ? 0 : 1) +
        (serials.has(result.serialNumber) ? 0 : 1);
      // The chunk so far, this result, one day count per day, one holdings update per range,
      // one entry per unit (keys.rangeUnit), the counters item, the audit entry.
      const size = chunk.length + days.size + ranges.size + serials.size + 2;
      if (size + added > maxTransactionItems) break;
      chunk.push(result);
      days.add(day);
      ranges.add(result.range.id);
      serials.add(result.serialNumber);
    }
    pending = pending.slice(chunk.length);
    try {
      stored += await saveChunk(chunk, from, receivedAt, part++);
    } catch (error) {
      if (error instanceof RangeChanged) error.storedBefore = stored;
      throw error;
    }
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
    candidates.forEach(({ range, ...result }, index) =>
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
          batchId: from.batchId,
          rangeId: range.id,
        },
        { condition: itemMissing(), tag: String(index) },
      ),
    );

    for (const [day, counts] of perDay) {
      transaction.countDay(day, { resultsPass: counts.pass, resultsFail: counts.fail });
    }
    transaction.count({ machineResults: candidates.length }, { lastMachineDataAt: receivedAt });
    // What the results add to their ranges: a range holding results is never deleted.
    const byRange = new Map<string, NewResult[]>();
    for (const result of candidates) {
      byRange.set(result.range.id, [...(byRange.get(result.range.id) ?? []), result]);
    }
    for (const held of byRange.values()) {
      countHoldings(
        transaction,
        held[0]!.range,
        { resultCount: held.length },
        held.map((result) => result.serialNumber),
      );
    }
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

/** A stored result by its API id (one Query of its unit's partition); undefined if none. */
export async function findResult(apiId: string): Promise<StoredResult | undefined> {
  const key = parseResultId(apiId);
  if (!key) return undefined;
  const results = await queryItems(queries.unitResults(key.serial), storedResultSchema, {
    consistent: true,
  });
  return results.find((result) => result.id === key.id);
}

class AlreadyVoided extends Error {}

/**
 * Voids a result (docs/machine-data.md): it keeps its values and gains who voided it, when
 * and why; from then on it no longer counts for its unit's verdict. The void and its audit
 * entry (in the unit's history) are one transaction; a result is voided once (a second void,
 * even a concurrent one, is refused).
 */
export async function voidResult(
  apiId: string,
  reason: string,
  actor: AuditActor,
  actorName: string,
  now = new Date(),
): Promise<TestResult> {
  const result = await findResult(apiId);
  if (!result) throw new NotFoundError('errors.resultNotFound');
  const alreadyVoided = () => new FailedPreconditionError('errors.resultAlreadyVoided');
  if (result.voidedAt) throw alreadyVoided();
  const voided = { voidedAt: now.toISOString(), voidedBy: actorName, voidReason: reason };
  await audited({
    actor,
    action: 'void',
    entity: 'unit',
    entityId: result.serialNumber,
    subjectLabel: result.serialNumber,
    changes: {
      result: {
        from: null,
        to: {
          id: apiId,
          testName: result.testName,
          testedAt: result.testedAt,
          machineId: result.machineId,
          result: result.result,
          value: result.value,
          unit: result.unit,
        },
      },
      voidReason: { from: null, to: reason },
    },
  })
    .update(
      keys.unitResult(result.serialNumber, result.testName, result.testedAt, result.machineId),
      { set: voided },
      {
        condition: and(
          itemExists(),
          equals('id', result.id),
          // Results from before voids existed have no attribute; voided ones hold the time.
          attributeMissing('voidedAt'),
        ),
        onConditionFailed: () => new AlreadyVoided(),
      },
    )
    .commit({ now })
    .catch((error: unknown) => {
      throw error instanceof AlreadyVoided ? alreadyVoided() : error;
    });
  return toApiResult({ ...result, ...voided });
}

/**
 * How many of `results` a batch would store: those not stored yet, a result on two rows
 * once (BatchGetItem of their keys; a dry run's answer).
 */
export async function countStoredResults(
  results: readonly Pick<NewResult, 'serialNumber' | 'testName' | 'testedAt' | 'machineId'>[],
): Promise<{ new: number }> {
  const distinct = new Map(
    results.map((result) => {
      const key = keys.unitResult(
        result.serialNumber,
        result.testName,
        result.testedAt,
        result.machineId,
      );
      return [`${key.pk}\n${key.sk}`, key] as const;
    }),
  );
  const stored = await getItems([...distinct.values()], storedKeySchema);
  return { new: distinct.size - stored.size };
}

const storedKeySchema = { parse: (item: unknown) => item };
