import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { AuditActor, AuditChanges } from '../shared/contract/schemas/audit';
import {
  rangeHoldingsSchema,
  serialRangeSchema,
  type ListSerialRangesQuery,
  type RangeHoldings,
  type SerialRange,
  type SerialRangeDetail,
  type SerialRangeFields,
} from '../shared/contract/schemas/serial-range';
import {
  ratedMaterials,
  ratingField,
  type BodyMaterial,
  type PressureRatings,
} from '../shared/contract/materials';
import { parseSerial, type ParsedSerial } from '../shared/contract/serial';
import {
  changesBetween,
  serialRangeLabel,
  withReferenceLabels,
  type AuditRecord,
} from '../shared/data/audit';
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
import { getItem, getItems, queryItems, queryPage, type Page } from '../shared/data/read';
import { audited, WriteConflict, type Failure, type Transaction } from '../shared/data/transaction';
import {
  AbortedError,
  ConflictError,
  FailedPreconditionError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';

/** Writers racing on one partition retry this often before answering "busy". */
const maxAttempts = 8;

/** The stored range: the API fields plus what the lookup and the overlap check need. */
const rangeItemSchema = serialRangeSchema.extend({
  prefix: z.string(),
  width: z.number().int(),
  startNumber: z.number().int(),
  endNumber: z.number().int(),
});
export type RangeItem = z.infer<typeof rangeItemSchema>;
/** The range's own item (`RANGE#<id>`): the only one of the three that counts its holdings. */
const rangeRecordSchema = rangeItemSchema.extend(rangeHoldingsSchema.shape);
type RangeRecord = z.infer<typeof rangeRecordSchema>;

/** The fields a person edits: what an audit entry compares. */
const editableFields = [
  'productId',
  'startSerial',
  'endSerial',
  'productionDate',
  'bodyMaterial',
] as const;

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
  bodyMaterial: BodyMaterial | null,
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
    bodyMaterial,
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

export function getSerialRange(id: string): Promise<RangeRecord | undefined> {
  return getItem(keys.serialRange(id), rangeRecordSchema, { consistent: true });
}

export const publicRange = toRange;

/** The range with what its units hold (`GET /api/serial-numbers/{id}`). */
export const rangeDetail = (range: RangeRecord): SerialRangeDetail => ({
  ...toRange(range),
  resultCount: range.resultCount,
  reportCount: range.reportCount,
});

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
export function bumpVersion(
  transaction: Transaction,
  range: Pick<RangeItem, 'prefix' | 'width'>,
  expected: number,
  moved: Failure = () => new PartitionMoved(),
): Transaction {
  return transaction.update(
    keys.serialPartitionVersion(range.prefix, range.width),
    { set: { version: expected + 1 } },
    {
      condition: expected === 0 ? itemMissing() : equals('version', expected),
      onConditionFailed: moved,
    },
  );
}

const productFactsSchema = z.object({
  /** For the audit entry, which names the range's product as it is at the change. */
  name: z.string().optional(),
  gtin: z.string().nullable().default(null),
  pressureFC: z.number().nullable().default(null),
  pressureWCB: z.number().nullable().default(null),
  pressureSUS: z.number().nullable().default(null),
});
export type ProductFacts = z.infer<typeof productFactsSchema>;

/**
 * What a range takes from its product: the GTIN-14 (null when it has none) and the pressure
 * ratings (the materials it may be made of). A missing product is the form's error.
 */
async function productFacts(productId: string): Promise<ProductFacts> {
  const product = await getItem(keys.product(productId), productFactsSchema, { consistent: true });
  if (!product) throw new ValidationError({ productId: { key: 'errors.serialRangeProduct' } });
  return product;
}

/** A product's name now, for an audit entry's labels; undefined when it is gone. */
async function productName(productId: string): Promise<string | undefined> {
  return (await getItem(keys.product(productId), z.object({ name: z.string().optional() })))?.name;
}

/**
 * The labels of a range's audit entry: its serials, its product's name, and the product
 * names beside a `productId` change (`names`: id -> name, as they are at the change).
 */
function rangeAuditLabels(
  range: Pick<RangeItem, 'startSerial' | 'endSerial'>,
  productLabel: string | undefined,
  changes: AuditChanges,
  names: ReadonlyMap<string, string>,
) {
  return {
    subjectLabel: serialRangeLabel(range.startSerial, range.endSerial),
    ...(productLabel ? { subjectDetail: productLabel } : {}),
    changes: withReferenceLabels(changes, 'productId', names),
  };
}

/**
 * The range's body material (docs/data-model.md): one the product rates; required when it
 * rates several, the one it rates when it rates one, none when it rates none. A material the
 * product does not rate is refused naming the field.
 */
export function resolveMaterial(
  product: PressureRatings,
  requested: BodyMaterial | null,
): BodyMaterial | null {
  const rated = ratedMaterials(product);
  if (requested !== null && !rated.includes(requested)) {
    throw new ValidationError({
      bodyMaterial: { key: 'validation.materialNotRated', params: { material: requested } },
    });
  }
  if (rated.length <= 1) return rated[0] ?? null;
  if (requested === null) {
    throw new ValidationError({ bodyMaterial: { key: 'validation.materialRequired' } });
  }
  return requested;
}

/**
 * The product's rating of the range's material, as read: the write holds only if it is still
 * set (a product edit removing it refuses while ranges use it; this closes the race).
 */
function ratingHeld(product: ProductFacts, material: BodyMaterial | null) {
  return material === null
    ? undefined
    : equals(ratingField[material], product[ratingField[material]]);
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
  rating?: ReturnType<typeof ratingHeld>,
) {
  const sameGtin = gtin ? equals('gtin', gtin) : or(attributeMissing('gtin'), equals('gtin', null));
  const held = [
    itemExists(),
    ...(gtin === undefined ? [] : [sameGtin]),
    ...(rating ? [rating] : []),
  ];
  return transaction.update(
    keys.product(productId),
    { add: { rangeCount: delta } },
    {
      condition: held.length === 1 ? held[0] : and(...held),
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

/**
 * A range about to be created: its items' attributes, its audit entry, and its own three
 * items. `createSerialRange` writes one; an import writes many per transaction
 * (serial-ranges/import.ts), with one partition version bump and one product count each.
 */
export interface RangeCreation {
  range: RangeItem;
  audit: AuditRecord;
  /** Puts the range's items in `transaction`: its own, its lookup and product entries. */
  writeTo(transaction: Transaction): void;
}

/** The creation of a range of `fields` of `product` (its facts as read), made of `material`. */
export function rangeCreation(
  fields: SerialRangeFields,
  product: ProductFacts,
  material: BodyMaterial | null,
  actor: AuditActor,
  now: string,
): RangeCreation {
  const id = randomUUID();
  const by = actor.email ?? actor.id;
  const range = rangeItem(
    id,
    fields,
    { version: 1, createdAt: now, updatedAt: now, createdBy: by, updatedBy: by },
    product.gtin,
    material,
  );
  const stored = {
    ...range,
    ...keys.serialRangeIndexes(id, range.startSerial, now),
    resultCount: 0,
    reportCount: 0,
  };
  return {
    range,
    audit: {
      actor,
      action: 'create',
      entity: 'serial-range',
      entityId: id,
      ...rangeAuditLabels(
        range,
        product.name,
        changesBetween(undefined, range, editableFields),
        new Map(product.name ? [[range.productId, product.name]] : []),
      ),
    },
    writeTo(transaction) {
      transaction
        .put({ ...range, ...lookupKey(range) }, { condition: itemMissing() })
        .put({ ...stored, ...keys.serialRange(id) }, { condition: itemMissing() })
        .put({ ...range, ...adjacencyKey(range) });
    },
  };
}

export async function createSerialRange(
  fields: SerialRangeFields,
  actor: AuditActor,
): Promise<SerialRange> {
  const now = new Date().toISOString();
  const product = await productFacts(fields.productId);
  const material = resolveMaterial(product, fields.bodyMaterial ?? null);
  const creation = rangeCreation(fields, product, material, actor, now);
  const { range } = creation;
  await writeGuarded(range, (version) => {
    const transaction = audited(creation.audit);
    bumpVersion(transaction, range, version);
    creation.writeTo(transaction);
    return adjustProductRanges(
      transaction,
      range.productId,
      1,
      product.gtin,
      ratingHeld(product, material),
    ).count({
      serialRanges: 1,
      units: range.totalUnits,
    });
  });
  return toRange(range);
}

/** A hot path (a result, a report) changed the range's holdings between our read and write. */
class HoldingsMoved extends Error {}

/**
 * Refuses an edit that would change what a unit with data was tested and certified as
 * (docs/data-model.md): such a range keeps its product and its body material (one may be
 * recorded where none was), and its new bounds keep every unit with results or reports.
 */
async function checkHoldings(current: RangeRecord, next: RangeItem): Promise<void> {
  if (current.resultCount === 0 && current.reportCount === 0) return;
  if (next.productId !== current.productId) {
    throw new FailedPreconditionError(
      'errors.rangeProductLocked',
      {},
      { productId: { key: 'errors.rangeProductLocked' } },
    );
  }
  if (current.bodyMaterial !== null && next.bodyMaterial !== current.bodyMaterial) {
    const params = { material: current.bodyMaterial };
    throw new FailedPreconditionError('errors.rangeMaterialLocked', params, {
      bodyMaterial: { key: 'errors.rangeMaterialLocked', params },
    });
  }
  const samePartition = next.prefix === current.prefix && next.width === current.width;
  const zeros = '0'.repeat(current.width);
  const nines = '9'.repeat(current.width);
  const outside = samePartition
    ? [
        [zeros, lastBefore(digitsOf(next))],
        [firstAfter(String(next.endNumber).padStart(next.width, '0')), nines],
      ].filter(([from, to]) => from !== undefined && to !== undefined && from <= to)
    : [[zeros, nines]];
  for (const [from, to] of outside) {
    const [unit] = await queryItems(
      queries.rangeUnitsBetween(current.id, from!, to!),
      z.object({ serial: z.string() }),
      { limit: 1, consistent: true },
    );
    if (unit) {
      const params = { serial: unit.serial };
      throw new FailedPreconditionError('errors.rangeUnitsOutside', params, {
        startSerial: { key: 'errors.rangeUnitsOutside', params },
      });
    }
  }
}

/** The zero-padded number before / after `digits` (undefined past either end). */
function lastBefore(digits: string): string | undefined {
  const number = Number(digits);
  return number === 0 ? undefined : String(number - 1).padStart(digits.length, '0');
}
function firstAfter(digits: string): string | undefined {
  const number = Number(digits) + 1;
  const next = String(number).padStart(digits.length, '0');
  return next.length > digits.length ? undefined : next;
}

/**
 * Moves or changes a range: the same neighbour check and version guard as a create,
 * plus the range's own version (a stale edit is refused) and what its units hold (read,
 * checked, and held to the values read: a result or report arriving meanwhile makes it
 * read again). The lookup and product entries move with it, and the counters take the
 * change in units.
 */
export async function updateSerialRange(
  id: string,
  fields: SerialRangeFields,
  expectedVersion: number,
  actor: AuditActor,
): Promise<SerialRange> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateOnce(id, fields, expectedVersion, actor);
    } catch (error) {
      if (!(error instanceof HoldingsMoved) || attempt >= maxAttempts) {
        if (error instanceof HoldingsMoved) throw new AbortedError('errors.serialRangeBusy');
        throw error;
      }
    }
  }
}

async function updateOnce(
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
  const product = await productFacts(fields.productId);
  // Its units' links carry the GTIN: a range moves only to a product with the same one.
  if (moved && product.gtin !== current.gtin) {
    throw new ValidationError(
      { productId: { key: 'errors.rangeGtinMove' } },
      'errors.rangeGtinMove',
    );
  }
  const material = resolveMaterial(product, fields.bodyMaterial ?? null);
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
    material,
  );
  await checkHoldings(current, range);
  // Both products by name in the entry when the range moves (the old one is still there:
  // it holds this range).
  const oldProductName = moved ? await productName(current.productId) : undefined;
  const names = new Map([
    ...(oldProductName ? [[current.productId, oldProductName] as const] : []),
    ...(product.name ? [[range.productId, product.name] as const] : []),
  ]);
  const holdings: RangeHoldings = {
    resultCount: current.resultCount,
    reportCount: current.reportCount,
  };
  const stored = { ...range, ...keys.serialRangeIndexes(id, range.startSerial, now), ...holdings };

  await writeGuarded(range, (version) => {
    const transaction = audited({
      actor,
      action: 'update',
      entity: 'serial-range',
      entityId: id,
      ...rangeAuditLabels(
        range,
        product.name,
        changesBetween(current, range, editableFields),
        names,
      ),
    });
    bumpVersion(transaction, range, version).put(
      { ...stored, ...keys.serialRange(id) },
      {
        condition: and(
          equals('version', expectedVersion),
          heldCount('resultCount', holdings.resultCount),
          heldCount('reportCount', holdings.reportCount),
        ),
        onConditionFailed: () => new RangeEditRaced(),
      },
    );
    for (const [oldKey, newKey] of [
      [lookupKey(current), lookupKey(range)],
      [adjacencyKey(current), adjacencyKey(range)],
    ] as const) {
      if (!sameKey(oldKey, newKey)) transaction.delete(oldKey);
      transaction.put({ ...range, ...newKey });
    }
    const rating = ratingHeld(product, material);
    if (moved) {
      adjustProductRanges(transaction, current.productId, -1);
      adjustProductRanges(transaction, range.productId, 1, current.gtin, rating);
    } else if (rating) {
      transaction.check(
        keys.product(range.productId),
        and(itemExists(), rating),
        () => new AbortedError('errors.productGtinChanged'),
      );
    }
    return transaction.count({ units: range.totalUnits - current.totalUnits });
  }).catch(async (error: unknown) => {
    if (!(error instanceof RangeEditRaced)) throw error;
    const now = await getSerialRange(id);
    if (!now || now.version !== expectedVersion) throw new AbortedError();
    const moved =
      now.resultCount !== holdings.resultCount || now.reportCount !== holdings.reportCount;
    throw moved ? new HoldingsMoved() : new AbortedError();
  });
  return toRange(range);
}

class RangeEditRaced extends Error {}

/** A holdings counter equal to `value` (a range from before they were counted has none: 0). */
const heldCount = (name: keyof RangeHoldings, value: number) =>
  value === 0 ? or(attributeMissing(name), equals(name, 0)) : equals(name, value);

/** "This range has 5 test results and 1 issued report": what keeps it from being deleted. */
const holdsData = (holdings: RangeHoldings) =>
  new FailedPreconditionError('errors.rangeHoldsData', {
    results: holdings.resultCount,
    reports: holdings.reportCount,
  });

/**
 * Deletes a range whose units hold nothing: a range holding test results (voided ones
 * included) or issued reports is refused, `failed-precondition` naming them, so no
 * certified data is ever orphaned. The counts are a condition of the delete's transaction:
 * a result or report stored meanwhile cancels it.
 */
export async function deleteSerialRange(id: string, actor: AuditActor): Promise<void> {
  const current = await getSerialRange(id);
  if (!current) throw notFound();
  if (current.resultCount > 0 || current.reportCount > 0) throw holdsData(current);
  const removal = rangeRemoval(current, await productName(current.productId), actor);
  const transaction = audited(removal.audit);
  removal.writeTo(transaction, () => new RangeEditRaced());
  await adjustProductRanges(transaction, current.productId, -1)
    .count({ serialRanges: -1, units: -current.totalUnits })
    .commit()
    .catch(async (error: unknown) => {
      if (!(error instanceof RangeEditRaced)) throw error;
      const now = await getSerialRange(id);
      if (!now) throw notFound();
      if (now.resultCount > 0 || now.reportCount > 0) throw holdsData(now);
      throw new AbortedError();
    });
}

/**
 * The removal of a range whose units hold nothing, as `deleteSerialRange` writes it and an
 * import undoes the ranges it created (serial-ranges/import.ts): its audit entry, and the
 * deletes of its three items, the range's own on condition it is still the version read and
 * holds no result or report (`changed` otherwise). Not the product's count, not the counters.
 */
export function rangeRemoval(
  current: RangeItem,
  owner: string | undefined,
  actor: AuditActor,
): { audit: AuditRecord; writeTo(transaction: Transaction, changed: Failure): void } {
  return {
    audit: {
      actor,
      action: 'delete',
      entity: 'serial-range',
      entityId: current.id,
      ...rangeAuditLabels(
        current,
        owner,
        changesBetween(current, undefined, editableFields),
        new Map(owner ? [[current.productId, owner]] : []),
      ),
    },
    writeTo(transaction, changed) {
      transaction
        .delete(keys.serialRange(current.id), {
          condition: and(
            equals('version', current.version),
            heldCount('resultCount', 0),
            heldCount('reportCount', 0),
          ),
          onConditionFailed: changed,
        })
        .delete(lookupKey(current))
        .delete(adjacencyKey(current));
    },
  };
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

/** A range's lookup partition (one prefix and digit count), which its version item guards. */
export const partitionOf = (range: Pick<RangeItem, 'prefix' | 'width'>): string =>
  `${range.prefix}#${range.width}`;

/** The version of the range's partition (0 before its first write), read consistently. */
export async function partitionVersion(
  range: Pick<RangeItem, 'prefix' | 'width'>,
): Promise<number> {
  const item = await getItem(
    keys.serialPartitionVersion(range.prefix, range.width),
    versionSchema,
    {
      consistent: true,
    },
  );
  return item?.version ?? 0;
}

/**
 * The stored range `range` would overlap, if any: the last range of its partition starting
 * at or before its end (one Query, consistent, Limit 1). Stored ranges never overlap, so if
 * any overlaps it, that one does.
 */
export async function storedOverlap(range: RangeItem): Promise<RangeItem | undefined> {
  const digits = (number: number) => String(number).padStart(range.width, '0');
  const [candidate] = await queryItems(
    queries.serialStarts(range.prefix, range.width, digits(0), digits(range.endNumber)),
    rangeItemSchema,
    { forward: false, limit: 1, consistent: true },
  );
  return candidate && candidate.endNumber >= range.startNumber ? candidate : undefined;
}

/** The products of `ids` with what a range takes from them; absent ones left out. */
export async function productFactsOf(ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  const found = await getItems(
    ids.map((id) => keys.product(id)),
    productFactsSchema.extend({ id: z.string() }),
  );
  return new Map([...found.values()].map((product) => [product.id, product]));
}

/**
 * Counts `delta` ranges on a product in an import's transaction (one update per product, however
 * many of its ranges the transaction writes). Adding holds what the ranges took from it: the
 * product exists, with the GTIN their items carry and the ratings of their materials
 * (`changed` otherwise).
 */
export function countRangesOnProduct(
  transaction: Transaction,
  productId: string,
  delta: number,
  held: { product: ProductFacts; materials: readonly BodyMaterial[]; changed: Failure } | undefined,
): Transaction {
  const gtin = held?.product.gtin;
  const conditions = held
    ? [
        itemExists(),
        gtin ? equals('gtin', gtin) : or(attributeMissing('gtin'), equals('gtin', null)),
        ...held.materials.flatMap((material) => ratingHeld(held.product, material) ?? []),
      ]
    : [itemExists()];
  return transaction.update(
    keys.product(productId),
    { add: { rangeCount: delta } },
    {
      condition: conditions.length === 1 ? conditions[0] : and(...conditions),
      ...(held ? { onConditionFailed: held.changed } : {}),
    },
  );
}
