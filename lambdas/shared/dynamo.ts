import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  QueryCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { getDocuments } from './aws/dynamodb';
import { getConfig } from './config';
import { ValidationError } from './errors';
import { keys } from './keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * For a cancelled transaction, the reason code of each item in order
 * (`ConditionalCheckFailed`, `TransactionConflict`, `None`, ...); null for other errors.
 */
export function cancellationReasons(error: unknown): string[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

export type Counter = 'products' | 'serialRanges' | 'units' | 'reportRequests' | 'machineResults';

/**
 * The counters item's update, to put in the same transaction as the write it counts,
 * so the totals always equal the true counts.
 */
export function countersUpdate(deltas: Partial<Record<Counter, number>>): TransactItem {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) throw new Error('countersUpdate needs a non-zero delta');
  return {
    Update: {
      TableName: getConfig().TABLE_NAME,
      Key: keys.stats(),
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(
        entries.map(([name, delta]) => [`:${name}`, delta]),
      ),
    },
  };
}

/** An opaque list cursor: the last key of a page. */
export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/**
 * Decodes a cursor this service wrote for the same list: every attribute a string and
 * the index partition the one being queried. Anything else is `invalid-argument`.
 */
export function decodeCursor(
  cursor: string | undefined,
  partition: Record<string, string>,
): Record<string, string> | undefined {
  if (!cursor) return undefined;
  const invalid = () => new ValidationError({ cursor: { key: 'validation.invalid' } });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  const entries = Object.entries(decoded);
  if (entries.length > 6 || entries.some(([, value]) => typeof value !== 'string')) {
    throw invalid();
  }
  for (const [name, value] of Object.entries(partition)) {
    if ((decoded as Record<string, unknown>)[name] !== value) throw invalid();
  }
  return decoded as Record<string, string>;
}

/** Pages one filtered list call reads at most, so a rare match costs bounded reads. */
const maxPagesPerCall = 10;

/**
 * One page of a Query whose filter applies after reading: reads on from `input`'s start
 * key until `limit` items matched, the results ended, or a few pages were read. A page may
 * therefore hold fewer than `limit` items and still have a cursor to go on.
 */
export async function queryFilteredPage<T>(
  input: QueryCommandInput,
  limit: number,
  parse: (item: Record<string, unknown>) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const items: T[] = [];
  let lastKey = input.ExclusiveStartKey;
  for (let page = 0; page < maxPagesPerCall && items.length < limit; page++) {
    const result = await getDocuments().send(
      new QueryCommand({ ...input, ExclusiveStartKey: lastKey, Limit: limit - items.length }),
    );
    items.push(...(result.Items ?? []).map(parse));
    lastKey = result.LastEvaluatedKey;
    if (!lastKey) break;
  }
  return { items, nextCursor: encodeCursor(lastKey) };
}
