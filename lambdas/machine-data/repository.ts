import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { AuditActor } from '../shared/contract/schemas/audit';
import { countHoldings, RangeChanged } from '../serial-ranges/holdings';
import { parseResultId, storedResultSchema, toApiResult, type StoredResult } from './stored-result';
import type { ListTestResultsQuery, TestResult } from '../shared/contract/schemas/machine-data';
import type { JudgedLimit } from '../shared/contract/schemas/test-plan';
import {
  and,
  attributeExists,
  attributeMissing,
  between,
  equals,
  itemExists,
  itemMissing,
  type Condition,
} from '../shared/data/expressions';
import { keys, queries } from '../shared/keys';
import { decodeCursor, encodeCursor, type CursorScope } from '../shared/data/cursor';
import { getItems, itemKeyId, queryItems, queryPage, type Page } from '../shared/data/read';
import { FailedPreconditionError, NotFoundError, ValidationError } from '../shared/errors';
import {
  audited,
  maxTransactionItems,
  TransactionCancelled,
  WriteConflict,
} from '../shared/data/transaction';
import type { BodyMaterial } from '../shared/contract/materials';
import {
  AggregateChanges,
  endsOf,
  putUnitTestState,
  unitTestStateSchema,
  UnitTestStateChanged,
  valueIndexKeys,
  type CountedResult,
  type UnitTestEnds,
  type UnitTestState,
} from '../statistics/aggregates';

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
  /**
   * The unit's range as the lookup read it: the result is counted on it, and in the
   * statistics of its product and material (lambdas/statistics/aggregates.ts).
   */
  range: { id: string; version: number; productId: string; bodyMaterial: BodyMaterial | null };
}

/** A result being stored, as the statistics count it. */
export const countedOf = ({ range, ...result }: NewResult): CountedResult => ({
  serialNumber: result.serialNumber,
  testName: result.testName,
  testedAt: result.testedAt,
  machineId: result.machineId,
  result: result.result,
  value: result.value,
  planVersion: result.planVersion ?? null,
  limit: result.limit ?? null,
  rangeId: range.id,
  material: range.bodyMaterial,
  productId: range.productId,
});

const unitTestId = (result: Pick<NewResult, 'serialNumber' | 'testName'>) =>
  JSON.stringify([result.serialNumber, result.testName]);

/** The stored states of the unit-tests of `results`, read consistently (absent: none yet). */
export async function readUnitTestStates(
  results: readonly Pick<NewResult, 'serialNumber' | 'testName'>[],
): Promise<Map<string, UnitTestState>> {
  const distinct = new Map(results.map((result) => [unitTestId(result), result]));
  const stateKeys = [...distinct.values()].map((result) =>
    keys.unitTestState(result.serialNumber, result.testName),
  );
  const found = await getItems(stateKeys, unitTestStateSchema, { consistent: true });
  const states = new Map<string, UnitTestState>();
  for (const [id, result] of distinct) {
    const state = found.get(itemKeyId(keys.unitTestState(result.serialNumber, result.testName)));
    if (state) states.set(id, state);
  }
  return states;
}

/** A state's ends (none when there is no state). */
export const endsOfState = (state: UnitTestState | undefined): UnitTestEnds => ({
  first: state?.first ?? null,
  latest: state?.latest ?? null,
});

/** Times a write re-reads unit-test states another write changed meanwhile. */
const maxStateAttempts = 8;

/** A short, jittered pause before reading a moved state again (writers do not keep colliding). */
const stateBackoff = (attempt: number) => delay(10 * 2 ** Math.min(attempt, 6) * Math.random());

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
    const unitTests = new Set<string>();
    const statisticsDays = new Set<string>();
    for (const result of pending) {
      const day = result.testedAt.slice(0, 10);
      const unitTest = unitTestId(result);
      const statisticsDay = JSON.stringify([result.range.productId, day, result.machineId]);
      const added =
        1 +
        (days.has(day) ? 0 : 1) +
        (ranges.has(result.range.id) ? 0 : 1) +
        (serials.has(result.serialNumber) ? 0 : 1) +
        (unitTests.has(unitTest) ? 0 : 1) +
        (statisticsDays.has(statisticsDay) ? 0 : 1);
      // The chunk so far, this result, one day count per day, one holdings update per range,
      // one entry per unit (keys.rangeUnit), one state per unit-test and one statistics day
      // item per product, day and bench (statistics/aggregates.ts), the counters item, the
      // audit entry. A unit-test whose first result moves to another day or bench adds that
      // day's item: saveChunk counts it once the states are read, and halves a chunk that
      // would hold too many.
      const size =
        chunk.length +
        days.size +
        ranges.size +
        serials.size +
        unitTests.size +
        statisticsDays.size +
        2;
      if (size + added > maxTransactionItems) break;
      chunk.push(result);
      days.add(day);
      ranges.add(result.range.id);
      serials.add(result.serialNumber);
      unitTests.add(unitTest);
      statisticsDays.add(statisticsDay);
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

/** Tags the unit-test states in a chunk's transaction (results are tagged by index). */
const stateTag = 'state';

async function saveChunk(
  chunk: NewResult[],
  from: BatchSource,
  receivedAt: string,
  part: number,
): Promise<number> {
  let candidates = chunk;
  let stateAttempts = 0;
  while (candidates.length > 0) {
    // The statistics' moves (statistics/aggregates.ts): each result's own, and those of the
    // unit-tests whose first or latest counting result the chunk changes.
    const states = await readUnitTestStates(candidates);
    const statistics = new AggregateChanges();
    const byUnitTest = new Map<string, CountedResult[]>();
    for (const result of candidates) {
      const counted = countedOf(result);
      statistics.result(counted, 1);
      const id = unitTestId(result);
      byUnitTest.set(id, [...(byUnitTest.get(id) ?? []), counted]);
    }
    const unitTestMoves = [...byUnitTest].map(([id, added]) => {
      const state = states.get(id);
      const before = endsOfState(state);
      const after = endsOf([before.first, before.latest, ...added].filter((end) => end !== null));
      statistics.unitTest(before, after);
      return { result: added[0]!, state, after };
    });
    const perDay = new Map<string, { pass: number; fail: number }>();
    for (const result of candidates) {
      const day = result.testedAt.slice(0, 10);
      const counts = perDay.get(day) ?? { pass: 0, fail: 0 };
      counts[result.result] += 1;
      perDay.set(day, counts);
    }
    const serials = [...new Set(candidates.map((result) => result.serialNumber))];
    const ranges = new Set(candidates.map((result) => result.range.id));
    const items =
      candidates.length +
      perDay.size +
      ranges.size +
      serials.length +
      unitTestMoves.length +
      statistics.itemCount +
      2;
    if (items > maxTransactionItems && candidates.length > 1) {
      // First results moved to other days or benches: two smaller transactions.
      const half = Math.ceil(candidates.length / 2);
      return (
        (await saveChunk(candidates.slice(0, half), from, receivedAt, part)) +
        (await saveChunk(candidates.slice(half), from, receivedAt, part))
      );
    }
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
          ...valueIndexKeys(countedOf({ ...result, range })),
          type: 'machineResult',
          id: resultId(result),
          ...result,
          receivedAt,
          source: from.source,
          batchId: from.batchId,
          rangeId: range.id,
          // What the statistics count it under (its presence: it is counted there).
          productId: range.productId,
          material: range.bodyMaterial,
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
    for (const move of unitTestMoves) {
      putUnitTestState(
        transaction,
        move.result.serialNumber,
        move.result.testName,
        move.state,
        move.after,
        stateTag,
      );
    }
    statistics.writeTo(transaction);
    try {
      await transaction.commit({ now: new Date(receivedAt) });
      return candidates.length;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const failed = error.reasons.filter(
        (reason) => reason.tag !== undefined && reason.code === 'ConditionalCheckFailed',
      );
      const duplicates = new Set(
        failed.filter((reason) => reason.tag !== stateTag).map((reason) => Number(reason.tag)),
      );
      if (duplicates.size > 0) {
        // Re-sent results: drop them and store the rest.
        candidates = candidates.filter((_, index) => !duplicates.has(index));
      } else if (failed.length > 0) {
        // Another write moved a unit-test's state since it was read: read it again.
        if (++stateAttempts >= maxStateAttempts) throw new WriteConflict();
        await stateBackoff(stateAttempts);
      } else throw error;
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

/** A stored result as the statistics count it; undefined when they do not count it. */
export function countedOfStored(stored: StoredResult): CountedResult | undefined {
  if (stored.voidedAt || stored.productId === undefined || stored.rangeId === undefined) {
    return undefined;
  }
  return {
    serialNumber: stored.serialNumber,
    testName: stored.testName,
    testedAt: stored.testedAt,
    machineId: stored.machineId,
    result: stored.result,
    value: stored.value,
    planVersion: stored.planVersion,
    limit: stored.limit,
    rangeId: stored.rangeId,
    material: stored.material ?? null,
    productId: stored.productId,
  };
}

/**
 * Voids a result (docs/machine-data.md): it keeps its values and gains who voided it, when
 * and why; from then on it no longer counts for its unit's verdict, nor in the statistics
 * (its figures leave its day item, its value the index of values, and its unit-test's first
 * or latest result moves to the next counting one). The void, the statistics' moves and its
 * audit entry (in the unit's history) are one transaction; a result is voided once (a
 * second void, even a concurrent one, is refused).
 */
export async function voidResult(
  apiId: string,
  reason: string,
  actor: AuditActor,
  actorName: string,
  now = new Date(),
): Promise<TestResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await voidOnce(apiId, reason, actor, actorName, now);
    } catch (error) {
      if (!(error instanceof UnitTestStateChanged)) throw error;
      if (attempt >= maxStateAttempts) throw new WriteConflict();
      await stateBackoff(attempt);
    }
  }
}

async function voidOnce(
  apiId: string,
  reason: string,
  actor: AuditActor,
  actorName: string,
  now: Date,
): Promise<TestResult> {
  const key = parseResultId(apiId);
  if (!key) throw new NotFoundError('errors.resultNotFound');
  // The unit-test's state first, then its results: a result stored after this read moves
  // the state's version, and this void's condition on it fails (read again, retried).
  const found = await findResult(apiId);
  if (!found) throw new NotFoundError('errors.resultNotFound');
  const alreadyVoided = () => new FailedPreconditionError('errors.resultAlreadyVoided');
  if (found.voidedAt) throw alreadyVoided();
  const state = (await readUnitTestStates([found])).get(
    JSON.stringify([found.serialNumber, found.testName]),
  );
  const results = await queryItems(queries.unitResults(key.serial), storedResultSchema, {
    consistent: true,
  });
  const result = results.find((candidate) => candidate.id === key.id);
  if (!result) throw new NotFoundError('errors.resultNotFound');
  if (result.voidedAt) throw alreadyVoided();
  const voided = { voidedAt: now.toISOString(), voidedBy: actorName, voidReason: reason };
  const counted = countedOfStored(result);
  const transaction = audited({
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
  }).update(
    keys.unitResult(result.serialNumber, result.testName, result.testedAt, result.machineId),
    // A voided result leaves the index of counting values (gsi2).
    { set: voided, ...(counted && counted.value !== null ? { remove: ['gsi2pk', 'gsi2sk'] } : {}) },
    {
      condition: and(
        itemExists(),
        equals('id', result.id),
        // Results from before voids existed have no attribute; voided ones hold the time.
        attributeMissing('voidedAt'),
        // Counted by the statistics as read (the backfill may count it meanwhile).
        counted ? attributeExists('productId') : attributeMissing('productId'),
      ),
      // Voided or counted meanwhile: read again (a void then finds it voided).
      onConditionFailed: () => new UnitTestStateChanged(),
    },
  );
  if (counted) {
    const remaining = results.flatMap((other) =>
      other.testName === result.testName && other.id !== result.id
        ? (countedOfStored(other) ?? [])
        : [],
    );
    const after = endsOf(remaining);
    new AggregateChanges()
      .result(counted, -1)
      .unitTest(endsOfState(state), after)
      .writeTo(transaction);
    putUnitTestState(transaction, result.serialNumber, result.testName, state, after);
  }
  await transaction.commit({ now });
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
