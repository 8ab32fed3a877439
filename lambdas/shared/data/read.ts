import {
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

/** Pages one list call reads at most, so a rare filter match costs bounded reads. */
const maxPagesPerCall = 10;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One page of a list: a key query from a signed cursor (data/cursor.ts) bound to `scope`,
 * the list and its filters. With a filter, reads on until `limit` items matched, the
 * results ended, or a few pages were read: a page may then hold fewer than `limit` items
 * and still have a cursor to go on.
 */
export async function queryPage<T>(
  query: KeyQuery,
  schema: ItemSchema<T>,
  options: QueryOptions & { limit: number; cursor: string | undefined; scope: CursorScope },
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
    for (const item of result.Items ?? []) items.push(schema.parse(item));
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
