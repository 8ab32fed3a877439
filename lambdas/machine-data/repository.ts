import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import {
  testResultSchema,
  type ListTestResultsQuery,
  type TestResult,
} from '../shared/contract/schemas/machine-data';
import type { ReportTestResult } from '../shared/contract/schemas/report-request';
import { cancellationReasons, decodeCursor, queryFilteredPage } from '../shared/dynamo';
import { keys } from '../shared/keys';

/**
 * The latest result of each test of one unit, in test-name order. A unit's results are
 * one partition sorted by test then time, so this is one Query (paged: a unit has tens
 * of results, not thousands).
 */
export async function findLatestResults(serial: string): Promise<ReportTestResult[]> {
  const latest = new Map<string, ReportTestResult>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocuments().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :results)',
        ExpressionAttributeValues: {
          ':pk': keys.unitResultsPartition(serial),
          ':results': 'RESULT#',
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const result = item as ReportTestResult;
      const known = latest.get(result.testName);
      if (!known || known.testedAt <= result.testedAt) {
        latest.set(result.testName, {
          testName: result.testName,
          result: result.result,
          value: result.value ?? null,
          unit: result.unit ?? null,
          testedAt: result.testedAt,
          machineId: result.machineId,
        });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return [...latest.values()];
}

const table = () => getConfig().TABLE_NAME;

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

const itemKey = (result: NewResult) =>
  keys.unitResult(result.serialNumber, result.testName, result.testedAt, result.machineId);

/** DynamoDB allows 100 operations per transaction. */
const maxTransactItems = 100;

/**
 * Stores results with their counters: each chunk is one transaction of conditional puts
 * (a result already stored is a re-send: skipped, never stored twice), the day counts
 * of passed and failed results, and the counters item (`machineResults`,
 * `lastMachineDataAt`). Returns how many were new.
 */
export async function saveResults(
  results: NewResult[],
  source: string,
  now = new Date(),
): Promise<number> {
  const receivedAt = now.toISOString();
  let stored = 0;
  let pending = [...results];
  while (pending.length > 0) {
    const chunk: NewResult[] = [];
    const days = new Set<string>();
    for (const result of pending) {
      const day = result.testedAt.slice(0, 10);
      const extraDay = days.has(day) ? 0 : 1;
      // This result, the chunk so far, one day count per day, and the counters item.
      if (chunk.length + 1 + days.size + extraDay + 1 > maxTransactItems) break;
      chunk.push(result);
      days.add(day);
    }
    pending = pending.slice(chunk.length);
    stored += await saveChunk(chunk, source, receivedAt);
  }
  return stored;
}

async function saveChunk(chunk: NewResult[], source: string, receivedAt: string): Promise<number> {
  let candidates = chunk;
  for (let attempt = 1; candidates.length > 0; attempt++) {
    const perDay = new Map<string, { pass: number; fail: number }>();
    for (const result of candidates) {
      const day = result.testedAt.slice(0, 10);
      const counts = perDay.get(day) ?? { pass: 0, fail: 0 };
      counts[result.result] += 1;
      perDay.set(day, counts);
    }
    const puts = candidates.map((result) => ({
      Put: {
        TableName: table(),
        Item: {
          ...itemKey(result),
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
          source,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }));
    const dayUpdates = [...perDay].map(([day, counts]) => ({
      Update: {
        TableName: table(),
        Key: keys.daily(day),
        UpdateExpression: 'ADD resultsPass :pass, resultsFail :fail',
        ExpressionAttributeValues: { ':pass': counts.pass, ':fail': counts.fail },
      },
    }));
    try {
      await getDocuments().send(
        new TransactWriteCommand({
          TransactItems: [
            ...puts,
            ...dayUpdates,
            {
              Update: {
                TableName: table(),
                Key: keys.stats(),
                UpdateExpression: 'ADD machineResults :count SET lastMachineDataAt = :at',
                ExpressionAttributeValues: { ':count': candidates.length, ':at': receivedAt },
              },
            },
          ],
        }),
      );
      return candidates.length;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const duplicates = new Set(
        reasons
          .slice(0, puts.length)
          .flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : [])),
      );
      if (duplicates.size > 0) {
        // Re-sent results: drop them and store the rest.
        candidates = candidates.filter((_, index) => !duplicates.has(index));
        continue;
      }
      // Another writer held one of the items (the counters): try again shortly.
      if (attempt >= 6 || !reasons.includes('TransactionConflict')) throw error;
      await delay(20 * 2 ** attempt * Math.random());
    }
  }
  return 0;
}

const toResult = (item: Record<string, unknown>): TestResult => testResultSchema.parse(item);

/**
 * A page of results, newest first: one unit's history (its partition) or all results
 * (gsi1, in tested-at order, the date range in the key condition). Test name and result
 * are filters on what the Query reads.
 */
export async function listResults(
  query: ListTestResultsQuery,
): Promise<{ items: TestResult[]; nextCursor: string | null }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  if (query.testName) {
    filters.push('#testName = :testName');
    names['#testName'] = 'testName';
    values[':testName'] = query.testName;
  }
  if (query.result) {
    filters.push('#result = :result');
    names['#result'] = 'result';
    values[':result'] = query.result;
  }
  const from = query.from ? `${query.from}T00:00:00.000Z` : undefined;
  const to = query.to ? `${query.to}T23:59:59.999Z` : undefined;
  let input: QueryCommandInput;
  if (query.serial) {
    if (from || to) {
      filters.push('testedAt BETWEEN :from AND :to');
      values[':from'] = from ?? '0000';
      values[':to'] = to ?? '9999';
    }
    values[':pk'] = keys.unitResultsPartition(query.serial);
    values[':results'] = 'RESULT#';
    input = {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :results)',
      ExclusiveStartKey: decodeCursor(query.cursor, {
        pk: keys.unitResultsPartition(query.serial),
      }),
    };
  } else {
    values[':pk'] = 'RESULTS';
    values[':from'] = `AT#${from ?? ''}`;
    values[':to'] = `AT#${to ?? '9999'}`;
    input = {
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ScanIndexForward: false,
      ExclusiveStartKey: decodeCursor(query.cursor, { gsi1pk: 'RESULTS' }),
    };
  }
  input.ExpressionAttributeValues = values;
  if (Object.keys(names).length) input.ExpressionAttributeNames = names;
  if (filters.length) input.FilterExpression = filters.join(' AND ');

  const page = await queryFilteredPage(input, query.limit, toResult);
  if (query.serial) {
    // A unit's partition is in test order; its history reads newest first.
    page.items.sort((a, b) => b.testedAt.localeCompare(a.testedAt));
  }
  return page;
}
