import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { AuditActor } from '../shared/contract/schemas/audit';
import {
  serialRangeSchema,
  type ListSerialRangesQuery,
  type SerialRange,
  type SerialRangeFields,
} from '../shared/contract/schemas/serial-range';
import { parseSerial, type ParsedSerial } from '../shared/contract/serial';
import { changesBetween } from '../shared/data/audit';
import { maxAi21Length } from '../shared/contract/gs1';
import {
  and,
  attributeMissing,
  equals,
  itemExists,
  itemMissing,
  or,
} from '../shared/data/expressions';
import { keys, queries, type ItemKey } from '../shared/keys';
import { getItem, queryItems, queryPage, type Page } from '../shared/data/read';
import { audited, WriteConflict, type Transaction } from '../shared/data/transaction';
import { AbortedError, ConflictError, NotFoundError, ValidationError } from '../shared/errors';

/** Writers racing on one partition retry this often before answering "busy". */
const maxAttempts = 8;

/** The stored range: the API fields plus what the lookup and the overlap check need. */
const rangeItemSchema = serialRangeSchema.extend({
  prefix: z.string(),
  width: z.number().int(),
  startNumber: z.number().int(),
  endNumber: z.number().int(),
});
type RangeItem = z.infer<typeof rangeItemSchema>;

/** The fields a person edits: what an audit entry compares. */
const editableFields = ['productId', 'startSerial', 'endSerial', 'productionDate'] as const;

const toRange = (item: object): SerialRange => serialRangeSchema.parse(item);
const notFound = () => new NotFoundError('errors.serialRangeNotFound');

function parsed(serial: string): ParsedSerial {
  const result = parseSerial(serial);
  // The request schema already refused anything else.
  if (!result) throw new ValidationError({ startSerial: { key: 'validation.serialFormat' } });
  return result;
}

/**
 * `gtin`: the product's GTIN-14 (or null), copied onto the range's items when it is written,
 * so the resolver learns a unit's identification link from the one lookup Query. It cannot
 * go stale: a product's GTIN is fixed while it has ranges, and a range moves only to a
 * product with the same GTIN.
 */
function rangeItem(
  id: string,
  fields: SerialRangeFields,
  audit: Pick<SerialRange, 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>,
  gtin: string | null,
): RangeItem {
  const start = parsed(fields.startSerial);
  const end = parsed(fields.endSerial);
  // A GTIN's units are named by AI 21, at most 20 characters (docs/identity-links.md).
  if (gtin && end.serial.length > maxAi21Length) {
    throw new ValidationError({
      startSerial: { key: 'validation.serialTooLongForGtin', params: { max: maxAi21Length } },
    });
  }
  return {
    gtin,
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

export function getSerialRange(id: string): Promise<RangeItem | undefined> {
  return getItem(keys.serialRange(id), rangeItemSchema, { consistent: true });
}

export const publicRange = toRange;

const versionSchema = z.object({ version: z.number().int() });

/** Another writer changed the partition between our read and our write. */
class PartitionMoved extends Error {}

/**
 * Reads what a write to the range's partition depends on: the partition's version
 * and the nearest ranges on each side. Stored ranges never overlap, so a new range
 * overlaps some range exactly when it overlaps one of these two neighbours.
 */
async function checkNeighbours(range: RangeItem): Promise<number> {
  const zeros = '0'.repeat(range.width);
  const nines = '9'.repeat(range.width);
  const start = digitsOf(range);
  const neighbours = (from: string, to: string, forward: boolean) =>
    queryItems(queries.serialStarts(range.prefix, range.width, from, to), rangeItemSchema, {
      forward,
      // Two: the range being edited may be one of them.
      limit: 2,
      consistent: true,
    });
  // The version first, then the neighbours: the transaction's guard (bumpVersion) stands
  // for what was read only if every read came after it. Read side by side, the version
  // could already hold a concurrent writer's range that the neighbour queries, answered
  // earlier, did not see, and two overlapping ranges would both be stored.
  const version = await getItem(
    keys.serialPartitionVersion(range.prefix, range.width),
    versionSchema,
    { consistent: true },
  );
  const [before, after] = await Promise.all([
    neighbours(zeros, start, false),
    neighbours(start, nines, true),
  ]);
  const others = (items: RangeItem[]) => items.filter((item) => item.id !== range.id);
  const previous = others(before)[0];
  const next = others(after)[0];
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
  return version?.version ?? 0;
}

/** Bumps the partition's version if it is still the one read: the guard against races. */
function bumpVersion(transaction: Transaction, range: RangeItem, expected: number): Transaction {
  return transaction.update(
    keys.serialPartitionVersion(range.prefix, range.width),
    { set: { version: expected + 1 } },
    {
      condition: expected === 0 ? itemMissing() : equals('version', expected),
      onConditionFailed: () => new PartitionMoved(),
    },
  );
}

const productGtinSchema = z.object({ gtin: z.string().nullable().default(null) });

/** The product's GTIN-14 (null when it has none); a missing product is the form's error. */
async function productGtin(productId: string): Promise<string | null> {
  const product = await getItem(keys.product(productId), productGtinSchema, { consistent: true });
  if (!product) throw new ValidationError({ productId: { key: 'errors.serialRangeProduct' } });
  return product.gtin;
}

/**
 * Counts a range on its product; the product must exist. Adding a range also holds the
 * product's GTIN to the one the range's items carry (`gtin`, read before): a GTIN that
 * changed in between cancels the write.
 */
function adjustProductRanges(
  transaction: Transaction,
  productId: string,
  delta: 1 | -1,
  gtin?: string | null,
) {
  const sameGtin = gtin ? equals('gtin', gtin) : or(attributeMissing('gtin'), equals('gtin', null));
  return transaction.update(
    keys.product(productId),
    { add: { rangeCount: delta } },
    {
      condition: gtin === undefined ? itemExists() : and(itemExists(), sameGtin),
      onConditionFailed: () =>
        gtin === undefined
          ? new ValidationError({ productId: { key: 'errors.serialRangeProduct' } })
          : new AbortedError('errors.productGtinChanged'),
    },
  );
}

/**
 * Runs a write that depends on the partition's neighbours: read, check, commit with
 * the version guard; when another writer got in between, read again.
 */
async function writeGuarded(
  range: RangeItem,
  build: (version: number) => Transaction,
): Promise<void> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const version = await checkNeighbours(range);
    try {
      await build(version).commit({ conflictRetries: 0 });
      return;
    } catch (error) {
      if (!(error instanceof PartitionMoved || error instanceof WriteConflict)) throw error;
      // A concurrent writer bumped the version or holds an item: wait a little, with
      // jitter so racing writers fall out of step, then read again.
      await delay(attempt * (10 + Math.random() * 40));
    }
  }
  throw new AbortedError('errors.serialRangeBusy');
}

export async function createSerialRange(
  fields: SerialRangeFields,
  actor: AuditActor,
): Promise<SerialRange> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const by = actor.email ?? actor.id;
  const gtin = await productGtin(fields.productId);
  const range = rangeItem(
    id,
    fields,
    { version: 1, createdAt: now, updatedAt: now, createdBy: by, updatedBy: by },
    gtin,
  );
  const stored = { ...range, ...keys.serialRangeIndexes(id, range.startSerial, now) };
  await writeGuarded(range, (version) => {
    const transaction = audited({
      actor,
      action: 'create',
      entity: 'serial-range',
      entityId: id,
      changes: changesBetween(undefined, range, editableFields),
    });
    bumpVersion(transaction, range, version)
      .put({ ...range, ...lookupKey(range) }, { condition: itemMissing() })
      .put({ ...stored, ...keys.serialRange(id) }, { condition: itemMissing() })
      .put({ ...range, ...adjacencyKey(range) });
    return adjustProductRanges(transaction, range.productId, 1, gtin).count({
      serialRanges: 1,
      units: range.totalUnits,
    });
  });
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
  actor: AuditActor,
): Promise<SerialRange> {
  const current = await getSerialRange(id);
  if (!current) throw notFound();
  if (current.version !== expectedVersion) throw new AbortedError();
  const now = new Date().toISOString();
  const moved = current.productId !== fields.productId;
  // Its units' links carry the GTIN: a range moves only to a product with the same one.
  if (moved && (await productGtin(fields.productId)) !== current.gtin) {
    throw new ValidationError(
      { productId: { key: 'errors.rangeGtinMove' } },
      'errors.rangeGtinMove',
    );
  }
  const range = rangeItem(
    id,
    fields,
    {
      version: expectedVersion + 1,
      createdAt: current.createdAt,
      createdBy: current.createdBy,
      updatedAt: now,
      updatedBy: actor.email ?? actor.id,
    },
    current.gtin,
  );
  const stored = { ...range, ...keys.serialRangeIndexes(id, range.startSerial, now) };

  await writeGuarded(range, (version) => {
    const transaction = audited({
      actor,
      action: 'update',
      entity: 'serial-range',
      entityId: id,
      changes: changesBetween(current, range, editableFields),
    });
    bumpVersion(transaction, range, version).put(
      { ...stored, ...keys.serialRange(id) },
      {
        condition: equals('version', expectedVersion),
        onConditionFailed: () => new AbortedError(),
      },
    );
    for (const [oldKey, newKey] of [
      [lookupKey(current), lookupKey(range)],
      [adjacencyKey(current), adjacencyKey(range)],
    ] as const) {
      if (!sameKey(oldKey, newKey)) transaction.delete(oldKey);
      transaction.put({ ...range, ...newKey });
    }
    if (moved) {
      adjustProductRanges(transaction, current.productId, -1);
      adjustProductRanges(transaction, range.productId, 1, current.gtin);
    }
    return transaction.count({ units: range.totalUnits - current.totalUnits });
  });
  return toRange(range);
}

export async function deleteSerialRange(id: string, actor: AuditActor): Promise<void> {
  const current = await getSerialRange(id);
  if (!current) throw notFound();
  const transaction = audited({
    actor,
    action: 'delete',
    entity: 'serial-range',
    entityId: id,
    changes: changesBetween(current, undefined, editableFields),
  })
    .delete(keys.serialRange(id), {
      condition: equals('version', current.version),
      onConditionFailed: () => new AbortedError(),
    })
    .delete(lookupKey(current))
    .delete(adjacencyKey(current));
  await adjustProductRanges(transaction, current.productId, -1)
    .count({ serialRanges: -1, units: -current.totalUnits })
    .commit();
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
  const [candidate] = await queryItems(
    queries.serialStarts(target.prefix, width, '0'.repeat(width), target.digits),
    rangeItemSchema,
    { forward: false, limit: 1 },
  );
  return candidate && candidate.endNumber >= target.number ? toRange(candidate) : undefined;
}

const rangeCountSchema = z.object({ rangeCount: z.number().int().default(0) });

/** The product's range count, kept on its item by every range transaction (0 if none). */
export async function countProductRanges(productId: string): Promise<number> {
  return (await getItem(keys.product(productId), rangeCountSchema))?.rangeCount ?? 0;
}

/** A page of ranges: all in serial or update order, or one product's in serial order. */
export function listSerialRanges(query: ListSerialRangesQuery): Promise<Page<SerialRange>> {
  const filter = query.filter ?? '';
  let keyQuery;
  if (query.productId) keyQuery = queries.productRanges(query.productId, filter);
  else if (query.sort === 'startSerial') keyQuery = queries.rangesBySerial(filter);
  else keyQuery = queries.rangesByUpdate();
  return queryPage(keyQuery, serialRangeSchema, {
    forward: query.order === 'asc',
    limit: query.limit,
    cursor: query.cursor,
    scope: {
      list: 'serial-ranges',
      sort: query.sort,
      order: query.order,
      filter: query.filter,
      productId: query.productId,
    },
  });
}
