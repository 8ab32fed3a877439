import { setTimeout as delay } from 'node:timers/promises';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  ScanCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../aws/dynamodb';
import { decodeCursor, encodeCursor, type CursorScope } from './cursor';
import { conditionExpression, Placeholders, type Condition } from './expressions';
import type { ItemKey, KeyQuery } from '../keys';
import { keyAttributes } from '../table';
import { tableName } from './table-name';

/** Anything that turns a stored item into the shape a caller uses (a zod schema). */
export interface ItemSchema<T> {
  parse(item: unknown): T;
}

/** One item, parsed through its schema; undefined when there is none. */
export async function getItem<T>(
  key: ItemKey,
  schema: ItemSchema<T>,
  options: { consistent?: boolean } = {},
): Promise<T | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: options.consistent }),
  );
  return Item ? schema.parse(Item) : undefined;
}

/** Keys one BatchGetItem call takes at most (DynamoDB's limit). */
const maxBatchKeys = 100;
/** Rounds of unprocessed keys read again before giving up on them. */
const maxBatchRounds = 5;
/** BatchGetItem calls one {@link getItems} makes at once. */
const batchReaders = 4;

/**
 * Several items by key (BatchGetItem, 100 keys a call, unprocessed keys read again), each
 * parsed through `schema`; items that do not exist are absent from the answer. Keyed by
 * {@link itemKeyId}. For named look-ups of a known, bounded set of records. `consistent`:
 * strongly consistent reads (what was written a moment ago is seen).
 */
export async function getItems<T>(
  itemKeys: readonly ItemKey[],
  schema: ItemSchema<T>,
  { consistent = false }: { consistent?: boolean } = {},
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  const wanted = [...new Map(itemKeys.map((key) => [itemKeyId(key), key])).values()];
  const calls: ItemKey[][] = [];
  for (let start = 0; start < wanted.length; start += maxBatchKeys) {
    calls.push(wanted.slice(start, start + maxBatchKeys));
  }
  // A few calls at once: an import checks thousands of names in one request.
  let next = 0;
  const reader = async () => {
    while (next < calls.length) await readBatch(calls[next++]!);
  };
  const readBatch = async (keys: ItemKey[]) => {
    let pending: Record<string, unknown>[] = keys.map((key) => ({ pk: key.pk, sk: key.sk }));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= maxBatchRounds) throw new Error('BatchGetItem left keys unprocessed');
      // Keys left over were throttled: a short, jittered pause before asking again.
      if (round > 0) await delay(20 * 2 ** round * Math.random());
      const result = await getDocuments().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: pending, ...(consistent && { ConsistentRead: true }) },
          },
        }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) {
        found.set(itemKeyId(item as unknown as ItemKey), schema.parse(item));
      }
      pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  };
  await Promise.all(Array.from({ length: Math.min(batchReaders, calls.length) }, reader));
  return found;
}

/** A key as one string, for {@link getItems}' answer. */
export const itemKeyId = (key: ItemKey): string => `${key.pk}\u0000${key.sk}`;

export interface QueryOptions {
  /** Newest or highest sort key first when false. @default true */
  forward?: boolean;
  /** Conditions on attributes other than the keys, applied after reading. */
  filter?: Condition;
  consistent?: boolean;
}

/** The `QueryCommand` input of a key query (and its filter). */
export function queryInput(query: KeyQuery, options: QueryOptions = {}): QueryCommandInput {
  const placeholders = new Placeholders();
  const attributes = keyAttributes(query.index);
  let keyCondition = `${placeholders.name(attributes.partition)} = ${placeholders.value(query.partition)}`;
  const sort = query.sort;
  if (sort) {
    const name = placeholders.name(attributes.sort);
    if ('beginsWith' in sort) {
      keyCondition += ` AND begins_with(${name}, ${placeholders.value(sort.beginsWith)})`;
    } else if ('between' in sort) {
      keyCondition += ` AND ${name} BETWEEN ${placeholders.value(sort.between[0])} AND ${placeholders.value(sort.between[1])}`;
    } else {
      keyCondition += ` AND ${name} <= ${placeholders.value(sort.atMost)}`;
    }
  }
  const filter = options.filter ? conditionExpression(options.filter, placeholders) : undefined;
  return {
    TableName: tableName(),
    ...(query.index ? { IndexName: query.index } : {}),
    KeyConditionExpression: keyCondition,
    ...(filter ? { FilterExpression: filter } : {}),
    ...placeholders.attributes(),
    ...(options.forward === false ? { ScanIndexForward: false } : {}),
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
}

/** Up to `limit` items of a key query (every item when no limit), parsed. */
export async function queryItems<T>(
  query: KeyQuery,
  schema: ItemSchema<T>,
  options: QueryOptions & { limit?: number } = {},
): Promise<T[]> {
  const input = queryInput(query, options);
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const remaining = options.limit === undefined ? undefined : options.limit - items.length;
    const page = await getDocuments().send(
      new QueryCommand({ ...input, ExclusiveStartKey: startKey, Limit: remaining }),
    );
    for (const item of page.Items ?? []) items.push(schema.parse(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (options.limit === undefined || items.length < options.limit));
  return items;
}

/**
 * Up to `limit` items of a key query that pass its filter, reading at most `maxRead` items
 * (a filter that matches few of them costs bounded reads), and whether there were more: more
 * than `limit` matched, or `maxRead` items were read before the query's end.
 */
export async function queryWindow<T>(
  query: KeyQuery,
  schema: ItemSchema<T>,
  options: QueryOptions & { limit: number; maxRead: number },
): Promise<{ items: T[]; more: boolean }> {
  const input = queryInput(query, options);
  const items: T[] = [];
  let read = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocuments().send(
      new QueryCommand({
        ...input,
        ExclusiveStartKey: startKey,
        // One more than the window: whether there was more is known without another call.
        Limit: Math.min(options.limit + 1 - items.length, options.maxRead - read),
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) items.push(schema.parse(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length <= options.limit && read < options.maxRead);
  return {
    items: items.slice(0, options.limit),
    more: items.length > options.limit || startKey !== undefined,
  };
}

/** Pages one list call reads at most, so a rare filter match costs bounded reads. */
const maxPagesPerCall = 10;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One page of a list: a key query from a signed cursor (data/cursor.ts) bound to `scope`,
 * the list and its filters. With a filter (or `keep`, a check of each parsed item that no
 * filter expression can say), reads on until `limit` items matched, the results ended, or
 * a few pages were read: a page may then hold fewer than `limit` items and still have a
 * cursor to go on.
 */
export async function queryPage<T>(
  query: KeyQuery,
  schema: ItemSchema<T>,
  options: QueryOptions & {
    limit: number;
    cursor: string | undefined;
    scope: CursorScope;
    keep?: (item: T) => boolean;
  },
): Promise<Page<T>> {
  const input = queryInput(query, options);
  const items: T[] = [];
  let lastKey: Record<string, unknown> | undefined = await decodeCursor(
    options.cursor,
    options.scope,
  );
  for (let page = 0; page < maxPagesPerCall && items.length < options.limit; page++) {
    const result = await getDocuments().send(
      new QueryCommand({
        ...input,
        ExclusiveStartKey: lastKey,
        Limit: options.limit - items.length,
      }),
    );
    for (const item of result.Items ?? []) {
      const parsed = schema.parse(item);
      if (!options.keep || options.keep(parsed)) items.push(parsed);
    }
    lastKey = result.LastEvaluatedKey;
    if (!lastKey) break;
  }
  return { items, nextCursor: await encodeCursor(lastKey, options.scope) };
}

/**
 * Every item of the table, a page at a time, for data migrations (lambdas/migrations) only:
 * a Scan reads the whole table and never belongs in a request path.
 */
export async function scanTable(
  onPage: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocuments().send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    await onPage(page.Items ?? []);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
