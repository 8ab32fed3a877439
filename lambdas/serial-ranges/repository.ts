import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import type { Page } from '../shared/contract/schemas/product';
import {
  serialRangeSchema,
  type ListSerialRangesQuery,
  type SerialRange,
  type SerialRangeFields,
} from '../shared/contract/schemas/serial-range';
import { parseSerial, type ParsedSerial } from '../shared/contract/serial';
import { cancellationReasons, countersUpdate, decodeCursor, encodeCursor } from '../shared/dynamo';
import { AbortedError, ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { keys, type ItemKey } from '../shared/keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => getConfig().TABLE_NAME;
/** Writers racing on one partition retry this often before answering "busy". */
const maxAttempts = 8;

/** The stored range: the API fields plus what the lookup and the overlap check need. */
interface RangeItem extends SerialRange {
  prefix: string;
  width: number;
  startNumber: number;
  endNumber: number;
}

const toRange = (item: object): SerialRange => serialRangeSchema.parse(item);

function parsed(serial: string): ParsedSerial {
  const result = parseSerial(serial);
  // The request schema already refused anything else.
  if (!result) throw new ValidationError({ startSerial: { key: 'validation.serialFormat' } });
  return result;
}

function rangeItem(
  id: string,
  fields: SerialRangeFields,
  audit: Pick<SerialRange, 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>,
): RangeItem {
  const start = parsed(fields.startSerial);
  const end = parsed(fields.endSerial);
  return {
    id,
    productId: fields.productId,
    startSerial: start.serial,
    endSerial: end.serial,
    totalUnits: end.number - start.number + 1,
    productionDate: fields.productionDate,
    ...audit,
    prefix: start.prefix,
    width: start.digits.length,
    startNumber: start.number,
    endNumber: end.number,
  };
}

const digitsOf = (range: Pick<RangeItem, 'startNumber' | 'width'>) =>
  String(range.startNumber).padStart(range.width, '0');
const lookupKey = (range: RangeItem): ItemKey =>
  keys.serialLookup(range.prefix, range.width, digitsOf(range));
const adjacencyKey = (range: RangeItem): ItemKey =>
  keys.productRange(range.productId, range.startSerial, range.id);
const describe = (range: Pick<RangeItem, 'startSerial' | 'endSerial'>) =>
  `${range.startSerial} – ${range.endSerial}`;
const sameKey = (a: ItemKey, b: ItemKey) => a.pk === b.pk && a.sk === b.sk;

export async function getSerialRange(id: string): Promise<RangeItem | undefined> {
  const { Item } = await getDocuments().send(
    new GetCommand({ TableName: table(), Key: keys.serialRange(id), ConsistentRead: true }),
  );
  return Item as RangeItem | undefined;
}

export const publicRange = toRange;

/**
 * Reads what a write to the range's partition depends on: the partition's version
 * and the nearest ranges on each side. Stored ranges never overlap, so a new range
 * overlaps some range exactly when it overlaps one of these two neighbours.
 */
async function checkNeighbours(range: RangeItem): Promise<number> {
  const documents = getDocuments();
  const partition = keys.serialPartitionVersion(range.prefix, range.width);
  const zeros = '0'.repeat(range.width);
  const nines = '9'.repeat(range.width);
  const start = digitsOf(range);
  const neighbours = (from: string, to: string, forward: boolean) =>
    documents.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': partition.pk, ':from': from, ':to': to },
        ScanIndexForward: forward,
        // Two: the range being edited may be one of them.
        Limit: 2,
        ConsistentRead: true,
      }),
    );
  const [version, before, after] = await Promise.all([
    documents.send(new GetCommand({ TableName: table(), Key: partition, ConsistentRead: true })),
    neighbours(zeros, start, false),
    neighbours(start, nines, true),
  ]);
  const others = (items: Record<string, unknown>[] | undefined) =>
    (items ?? [])
      .map((item) => item as unknown as RangeItem)
      .filter((item) => item.id !== range.id);
  const previous = others(before.Items)[0];
  const next = others(after.Items)[0];
  const conflict =
    (previous && previous.endNumber >= range.startNumber && previous) ||
    (next && next.startNumber <= range.endNumber && next);
  if (conflict) {
    throw new ConflictError(
      'errors.serialRangeOverlap',
      { conflict: describe(conflict) },
      {
        startSerial: { key: 'errors.serialRangeOverlap', params: { conflict: describe(conflict) } },
      },
    );
  }
  return Number(version.Item?.version ?? 0);
}

/** Bumps the partition's version if it is still the one read: the guard against races. */
function bumpVersion(range: RangeItem, expected: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.serialPartitionVersion(range.prefix, range.width),
      UpdateExpression: 'SET #version = :next',
      ConditionExpression: expected === 0 ? 'attribute_not_exists(pk)' : '#version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: {
        ':next': expected + 1,
        ...(expected === 0 ? {} : { ':expected': expected }),
      },
    },
  };
}

function adjustProductRanges(productId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.product(productId),
      UpdateExpression: 'ADD rangeCount :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/**
 * Runs a write that depends on the partition's neighbours: read, check, commit with
 * the version guard; when another writer got in between, read again.
 */
async function writeGuarded(
  range: RangeItem,
  items: (version: number) => {
    items: TransactItem[];
    /** Item whose failed condition means the product does not exist. */
    productIndex?: number;
    /** Item whose failed condition means the edit was based on an old version. */
    staleIndex?: number;
  },
): Promise<void> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const version = await checkNeighbours(range);
    const transaction = items(version);
    try {
      await getDocuments().send(new TransactWriteCommand({ TransactItems: transaction.items }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      if (
        transaction.productIndex !== undefined &&
        reasons[transaction.productIndex] === 'ConditionalCheckFailed'
      ) {
        throw new ValidationError({ productId: { key: 'errors.serialRangeProduct' } });
      }
      if (
        transaction.staleIndex !== undefined &&
        reasons[transaction.staleIndex] === 'ConditionalCheckFailed'
      ) {
        throw new AbortedError();
      }
      // A concurrent writer bumped the version or holds an item: wait a little, with
      // jitter so racing writers fall out of step, then read again.
      await delay(attempt * (10 + Math.random() * 40));
    }
  }
  throw new AbortedError('errors.serialRangeBusy');
}

export async function createSerialRange(
  fields: SerialRangeFields,
  by: string,
): Promise<SerialRange> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const range = rangeItem(id, fields, {
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: by,
    updatedBy: by,
  });
  const stored = { ...range, ...keys.serialRangeIndexes(id, range.startSerial, now) };
  await writeGuarded(range, (version) => ({
    productIndex: 4,
    items: [
      bumpVersion(range, version),
      {
        Put: {
          TableName: table(),
          Item: { ...range, ...lookupKey(range) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...stored, ...keys.serialRange(id) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: table(), Item: { ...range, ...adjacencyKey(range) } } },
      adjustProductRanges(range.productId, 1),
      countersUpdate({ serialRanges: 1, units: range.totalUnits }),
    ],
  }));
  return toRange(range);
}

/**
 * Moves or changes a range: the same neighbour check and version guard as a create,
 * plus the range's own version (a stale edit is refused). The lookup and product
 * entries move with it, and the counters take the change in units.
 */
export async function updateSerialRange(
  id: string,
  fields: SerialRangeFields,
  expectedVersion: number,
  by: string,
): Promise<SerialRange> {
  const current = await getSerialRange(id);
  if (!current) throw new NotFoundError('errors.serialRangeNotFound');
  if (current.version !== expectedVersion) throw new AbortedError();
  const now = new Date().toISOString();
  const range = rangeItem(id, fields, {
    version: expectedVersion + 1,
    createdAt: current.createdAt,
    createdBy: current.createdBy,
    updatedAt: now,
    updatedBy: by,
  });
  const stored = { ...range, ...keys.serialRangeIndexes(id, range.startSerial, now) };
  const productChanged = current.productId !== range.productId;
  const unitsDelta = range.totalUnits - current.totalUnits;

  await writeGuarded(range, (version) => {
    const items: TransactItem[] = [
      bumpVersion(range, version),
      {
        Put: {
          TableName: table(),
          Item: { ...stored, ...keys.serialRange(id) },
          ConditionExpression: '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
    ];
    for (const [oldKey, newKey] of [
      [lookupKey(current), lookupKey(range)],
      [adjacencyKey(current), adjacencyKey(range)],
    ] as const) {
      if (!sameKey(oldKey, newKey)) {
        items.push({ Delete: { TableName: table(), Key: oldKey } });
      }
      items.push({ Put: { TableName: table(), Item: { ...range, ...newKey } } });
    }
    let productIndex: number | undefined;
    if (productChanged) {
      items.push(adjustProductRanges(current.productId, -1));
      productIndex = items.length;
      items.push(adjustProductRanges(range.productId, 1));
    }
    if (unitsDelta !== 0) items.push(countersUpdate({ units: unitsDelta }));
    return { items, productIndex, staleIndex: 1 };
  });
  return toRange(range);
}

export async function deleteSerialRange(id: string): Promise<void> {
  const current = await getSerialRange(id);
  if (!current) throw new NotFoundError('errors.serialRangeNotFound');
  try {
    await getDocuments().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: keys.serialRange(id),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          { Delete: { TableName: table(), Key: lookupKey(current) } },
          { Delete: { TableName: table(), Key: adjacencyKey(current) } },
          adjustProductRanges(current.productId, -1),
          countersUpdate({ serialRanges: -1, units: -current.totalUnits }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)) throw new AbortedError();
    throw error;
  }
}

/**
 * The range holding `serial`: one Query, Limit 1, on the serial's partition for the
 * nearest range starting at or before it, then a check of its end. Flat cost whatever
 * the number of ranges.
 */
export async function findRangeContaining(serial: string): Promise<SerialRange | undefined> {
  const target = parseSerial(serial);
  if (!target) return undefined;
  const width = target.digits.length;
  const partition = keys.serialPartitionVersion(target.prefix, width);
  const { Items } = await getDocuments().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :zeros AND :digits',
      ExpressionAttributeValues: {
        ':pk': partition.pk,
        ':zeros': '0'.repeat(width),
        ':digits': target.digits,
      },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const candidate = Items?.[0] as RangeItem | undefined;
  return candidate && candidate.endNumber >= target.number ? toRange(candidate) : undefined;
}

/** The product's range count, kept on its item by every range transaction (0 if none). */
export async function countProductRanges(productId: string): Promise<number> {
  const { Item } = await getDocuments().send(
    new GetCommand({
      TableName: table(),
      Key: keys.product(productId),
      ProjectionExpression: 'rangeCount',
    }),
  );
  return Number(Item?.rangeCount ?? 0);
}

/** A page of ranges: all in serial or update order, or one product's in serial order. */
export async function listSerialRanges(
  query: ListSerialRangesQuery,
): Promise<Omit<Page<SerialRange>, 'total'>> {
  const filter = query.filter ?? '';
  const forward = query.order === 'asc';
  const input: {
    IndexName?: string;
    KeyConditionExpression: string;
    ExpressionAttributeValues: Record<string, string>;
    partition: Record<string, string>;
  } = query.productId
    ? {
        // begins_with needs a non-empty prefix: without a filter, the whole partition.
        KeyConditionExpression: filter ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.productRangesPartition(query.productId),
          ...(filter ? { ':prefix': filter } : {}),
        },
        partition: { pk: keys.productRangesPartition(query.productId) },
      }
    : query.sort === 'startSerial'
      ? {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
          ExpressionAttributeValues: { ':pk': 'RANGES', ':prefix': `SERIAL#${filter}` },
          partition: { gsi1pk: 'RANGES' },
        }
      : {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
          ExpressionAttributeValues: { ':pk': 'RANGES', ':prefix': 'UPDATED#' },
          partition: { gsi2pk: 'RANGES' },
        };
  const { partition, ...search } = input;
  const result = await getDocuments().send(
    new QueryCommand({
      TableName: table(),
      ...search,
      ScanIndexForward: forward,
      Limit: query.limit,
      ExclusiveStartKey: decodeCursor(query.cursor, partition),
    }),
  );
  return {
    items: (result.Items ?? []).map(toRange),
    nextCursor: encodeCursor(result.LastEvaluatedKey),
  };
}
