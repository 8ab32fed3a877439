import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { CsvRowProblem } from '../shared/contract/csv';
import { validCells } from '../shared/contract/csv-records';
import { maxAi21Length } from '../shared/contract/gs1';
import { ratedMaterials, type BodyMaterial } from '../shared/contract/materials';
import type { AuditActor } from '../shared/contract/schemas/audit';
import type { ImportQuery } from '../shared/contract/schemas/imports';
import {
  rangeImportRowSchema,
  readRangesCsv,
  type RangeImportRow,
} from '../shared/contract/schemas/serial-range-import';
import type { MessageRef } from '../shared/contract/validation';
import { serialRangeLabel } from '../shared/data/audit';
import {
  commitParts,
  importPartEntry,
  inBatch,
  packed,
  lostParts,
  undoLeft,
  ImportOutOfTime,
  type ImportBatch,
  type ImportWriting,
} from '../shared/data/import-batch';
import { getItems, itemKeyId } from '../shared/data/read';
import { audited, maxTransactionItems, WriteConflict } from '../shared/data/transaction';
import { AbortedError } from '../shared/errors';
import { actorOf, type Caller } from '../shared/http/types';
import { checkedImport, requestFile, type ImportAnswer } from '../imports/queue';
import {
  refuseFile,
  RowConflict,
  rowConflict,
  stoppedImport,
  unreadableFile,
} from '../shared/import-refusals';
import { keys } from '../shared/keys';
import { logger } from '../shared/logger';
import {
  bumpVersion,
  countRangesOnProduct,
  partitionOf,
  partitionVersion,
  productFactsOf,
  rangeCreation,
  rangeRemoval,
  storedOverlap,
  type ProductFacts,
  type RangeCreation,
  type RangeItem,
} from './repository';

/** Reads (a partition's version, a range's neighbour) made at once. */
const readConcurrency = 16;

/** Times one part is written again after another writer moved one of its partitions. */
const maxPartAttempts = 8;

/** Items of a transaction besides the ranges' and their partitions' and products': the counters and the import's own entry. */
const partOverhead = 2;

/** Items one range writes: its three items and its audit entry. */
const itemsPerRange = 4;

/** A range of the file ready to be written: its line, its product and its creation. */
interface RowRange {
  line: number;
  product: ProductFacts & { id: string };
  material: BodyMaterial | null;
  creation: RangeCreation;
}

const describe = (range: Pick<RangeItem, 'startSerial' | 'endSerial'>) =>
  serialRangeLabel(range.startSerial, range.endSerial);

/** `items` by `key`, in order (Map.groupBy, which Node 20 lacks). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Runs `task` over `items`, `readConcurrency` at a time. */
async function eachLimited<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += readConcurrency) {
    results.push(...(await Promise.all(items.slice(start, start + readConcurrency).map(task))));
  }
  return results;
}

/**
 * The products the file names, by name (their claims: one BatchGetItem per 100 names), with
 * what a range takes from them (GTIN, ratings: one more per 100 products).
 */
async function productsNamed(names: readonly string[]): Promise<Map<string, RowRange['product']>> {
  const claims = await getItems(
    names.map((name) => keys.productName(name)),
    z.object({ productId: z.string() }),
  );
  const ids = names.flatMap(
    (name) => claims.get(itemKeyId(keys.productName(name)))?.productId ?? [],
  );
  const facts = await productFactsOf([...new Set(ids)]);
  return new Map(
    names.flatMap((name) => {
      const id = claims.get(itemKeyId(keys.productName(name)))?.productId;
      const product = id ? facts.get(id) : undefined;
      return product ? [[name.toLowerCase(), { ...product, id: id! }] as const] : [];
    }),
  );
}

/**
 * What a product says of a range of it (docs/data-model.md): the body material (one it
 * rates; required when it rates several) and, with a GTIN, serials short enough for AI 21.
 */
function productRules(
  value: RangeImportRow,
  product: ProductFacts,
): { material: BodyMaterial | null; problems: { field: string; message: MessageRef }[] } {
  const problems: { field: string; message: MessageRef }[] = [];
  const rated = ratedMaterials(product);
  const requested = value.bodyMaterial;
  let material: BodyMaterial | null = requested;
  if (requested !== null && !rated.includes(requested)) {
    problems.push({
      field: 'bodyMaterial',
      message: { key: 'validation.materialNotRated', params: { material: requested } },
    });
  } else if (rated.length <= 1) material = rated[0] ?? null;
  else if (requested === null) {
    problems.push({ field: 'bodyMaterial', message: { key: 'validation.materialRequired' } });
  }
  if (product.gtin && value.endSerial.length > maxAi21Length) {
    problems.push({
      field: 'startSerial',
      message: { key: 'validation.serialTooLongForGtin', params: { max: maxAi21Length } },
    });
  }
  return { material, problems };
}

/** Ranges of the file that overlap each other: each later one names the one it meets. */
function overlapsInFile(ranges: readonly RowRange[]): CsvRowProblem[] {
  const problems: CsvRowProblem[] = [];
  for (const partition of groupBy(ranges, (row) => partitionOf(row.creation.range)).values()) {
    const sorted = [...partition].sort(
      (a, b) => a.creation.range.startNumber - b.creation.range.startNumber || a.line - b.line,
    );
    let reach: RowRange | undefined;
    for (const row of sorted) {
      const { range } = row.creation;
      if (reach && reach.creation.range.endNumber >= range.startNumber) {
        problems.push({
          line: row.line,
          field: 'startSerial',
          message: { key: 'validation.rangeOverlapInFile', params: { line: reach.line } },
        });
      }
      if (!reach || range.endNumber > reach.creation.range.endNumber) reach = row;
    }
  }
  return problems;
}

/** The overlap of a stored range, as a row problem. */
const overlapProblem = (line: number, stored: RangeItem): CsvRowProblem => ({
  line,
  field: 'startSerial',
  message: { key: 'errors.serialRangeOverlap', params: { conflict: describe(stored) } },
});

/**
 * Ranges of the file that overlap stored ones: the partitions' versions first (what the
 * writes are then guarded by), then one Query per range.
 */
async function overlapsStored(
  ranges: readonly RowRange[],
): Promise<{ problems: CsvRowProblem[]; versions: Map<string, number> }> {
  const partitions = [
    ...new Map(ranges.map((row) => [partitionOf(row.creation.range), row.creation.range])),
  ];
  const read = await eachLimited(partitions, ([, range]) => partitionVersion(range));
  const versions = new Map(partitions.map(([partition], index) => [partition, read[index]!]));
  const found = await eachLimited(ranges, (row) => storedOverlap(row.creation.range));
  const problems = ranges.flatMap((row, index) =>
    found[index] ? [overlapProblem(row.line, found[index])] : [],
  );
  return { problems, versions };
}

/**
 * Checks a whole file (every problem, one pass): each row's schema, its product (by name),
 * the product's rules for it, overlaps with the other rows and with stored ranges.
 */
async function checkFile(
  rows: readonly { line: number; cells: Record<string, unknown>; value?: RangeImportRow }[],
  actor: AuditActor,
  now: string,
) {
  const problems: CsvRowProblem[] = [];
  const named = (row: (typeof rows)[number]) =>
    (row.value?.productName ?? validCells(rangeImportRowSchema.shape, row.cells).productName) as
      string | undefined;
  const names = [...new Set(rows.flatMap((row) => named(row)?.toLowerCase() ?? []))];
  const products = await productsNamed(names);
  const ranges: RowRange[] = [];
  for (const row of rows) {
    const name = named(row);
    if (name === undefined) continue;
    const product = products.get(name.toLowerCase());
    if (!product) {
      problems.push({
        line: row.line,
        field: 'productName',
        message: { key: 'validation.productUnknown' },
      });
      continue;
    }
    if (!row.value) continue;
    const rules = productRules(row.value, product);
    problems.push(...rules.problems.map((problem) => ({ line: row.line, ...problem })));
    if (rules.problems.length > 0) continue;
    const { startSerial, endSerial, productionDate } = row.value;
    ranges.push({
      line: row.line,
      product,
      material: rules.material,
      creation: rangeCreation(
        { productId: product.id, startSerial, endSerial, productionDate },
        product,
        rules.material,
        actor,
        now,
      ),
    });
  }
  problems.push(...overlapsInFile(ranges));
  const stored = await overlapsStored(ranges);
  problems.push(...stored.problems);
  return { problems, ranges, versions: stored.versions };
}

/** A part's transaction items: its ranges', one version bump per partition, one count per product. */
function partItems(part: readonly RowRange[], next: RowRange): number {
  const all = [...part, next];
  return (
    all.length * itemsPerRange +
    new Set(all.map((row) => partitionOf(row.creation.range))).size +
    new Set(all.map((row) => row.product.id)).size
  );
}

/** Another writer bumped this partition's version between the check and the write. */
class PartitionMovedIn extends Error {
  constructor(readonly partition: string) {
    super(`partition ${partition} moved`);
  }
}

/**
 * Writes the parts one after the other, each with its partitions' version bumps (a partition
 * spans parts: each part expects the version the last one left). When another writer moved
 * a partition meanwhile, its version is read again and the file's ranges not yet written in
 * it checked again: an overlap now is the refusal of its row; none, and the part is written
 * again.
 */
function writer(
  batch: ImportBatch,
  ranges: readonly RowRange[],
  versions: Map<string, number>,
  now: string,
  deadline: number,
) {
  const written = new Set<RowRange>();
  return async (part: readonly RowRange[], index: number) => {
    for (let attempt = 1; attempt <= maxPartAttempts; attempt++) {
      // A part tried again (another writer moved its partition) still ends at the deadline,
      // leaving the undo its time.
      if (attempt > 1 && Date.now() > deadline) throw new ImportOutOfTime();
      const transaction = audited(importPartEntry(batch, 'import', index + 1, part.length));
      for (const [partition, row] of new Map(
        part.map((row) => [partitionOf(row.creation.range), row]),
      )) {
        bumpVersion(
          transaction,
          row.creation.range,
          versions.get(partition) ?? 0,
          () => new PartitionMovedIn(partition),
        );
      }
      for (const row of part) {
        transaction.audited(inBatch(row.creation.audit, batch));
        row.creation.writeTo(transaction);
      }
      for (const rows of groupBy(part, (row) => row.product.id).values()) {
        countRangesOnProduct(transaction, rows[0]!.product.id, rows.length, {
          product: rows[0]!.product,
          materials: [...new Set(rows.flatMap((row) => row.material ?? []))],
          changed: rowConflict(rows[0]!.line, 'productName', { key: 'errors.productGtinChanged' }),
        });
      }
      transaction.count({
        serialRanges: part.length,
        units: part.reduce((sum, row) => sum + row.creation.range.totalUnits, 0),
      });
      try {
        await transaction.commit({ now: new Date(now), conflictRetries: 0 });
        for (const partition of new Set(part.map((row) => partitionOf(row.creation.range)))) {
          versions.set(partition, (versions.get(partition) ?? 0) + 1);
        }
        for (const row of part) written.add(row);
        return;
      } catch (error) {
        if (!(error instanceof PartitionMovedIn || error instanceof WriteConflict)) throw error;
        const moved =
          error instanceof PartitionMovedIn
            ? [error.partition]
            : [...new Set(part.map((row) => partitionOf(row.creation.range)))];
        for (const partition of moved) {
          const pending = ranges.filter(
            (row) => !written.has(row) && partitionOf(row.creation.range) === partition,
          );
          versions.set(partition, await partitionVersion(pending[0]!.creation.range));
          const found = await eachLimited(pending, (row) => storedOverlap(row.creation.range));
          const overlap = found.findIndex((stored) => stored !== undefined);
          if (overlap >= 0)
            throw new RowConflict(overlapProblem(pending[overlap]!.line, found[overlap]!));
        }
        await delay(attempt * (10 + Math.random() * 40));
      }
    }
    throw new AbortedError('errors.serialRangeBusy');
  };
}

/**
 * Takes back what an import wrote, part by part, as `deleteSerialRange` removes a range: each
 * on condition it is still the version the import created, its units holding nothing (a
 * range someone edited, or whose unit got a result, in the seconds between is kept). Answers
 * how many were kept.
 */
async function undo(batch: ImportBatch, written: readonly RowRange[][]): Promise<number> {
  let kept = 0;
  let part = 0;
  for (const [index, rows] of written.entries()) {
    part += 1;
    const write = async (taken: readonly RowRange[]) => {
      const transaction = audited(importPartEntry(batch, 'delete', part, taken.length));
      for (const row of taken) {
        const removal = rangeRemoval(row.creation.range, row.product.name, batch.actor);
        transaction.audited(inBatch(removal.audit, batch));
        removal.writeTo(transaction, () => new KeptRecord());
      }
      for (const ofProduct of groupBy(taken, (row) => row.product.id).values()) {
        countRangesOnProduct(transaction, ofProduct[0]!.product.id, -ofProduct.length, undefined);
      }
      await transaction
        .count({
          serialRanges: -taken.length,
          units: -taken.reduce((sum, row) => sum + row.creation.range.totalUnits, 0),
        })
        .commit();
    };
    try {
      await write(rows);
    } catch {
      for (const [at, row] of rows.entries()) {
        try {
          await write([row]);
        } catch (error) {
          // A change someone made keeps the range; anything else (the table unreachable)
          // ends the undo, what is left counted as kept (see the products import's).
          if (!(error instanceof KeptRecord || error instanceof AbortedError)) {
            return kept + undoLeft(written, index, at, batch, error);
          }
          kept += 1;
          logger.warn('import: a range was kept', {
            batchId: batch.id,
            rangeId: row.creation.range.id,
          });
        }
      }
    }
  }
  return kept;
}

class KeptRecord extends Error {}

/**
 * Reads and checks a file of ranges (serial-range-import.ts) in one pass: every row against
 * the range schema, its product (named by `productName`) and the product's rules (material,
 * GTIN serial length), overlaps between its rows and with stored ranges; any problem refuses
 * the file naming them all.
 */
async function checkedFile(body: Uint8Array, actor: AuditActor, now: string) {
  const file = readRangesCsv(body);
  if (file.status === 'refused') unreadableFile(file);
  const checked = await checkFile(file.rows, actor, now);
  const problems = [...file.problems, ...checked.problems];
  if (problems.length > 0) refuseFile(problems, file.columns);
  return { ...checked, columns: file.columns };
}

/**
 * `POST /api/serial-numbers/import`: checks the file (docs/api.md, "Imports"); `dryRun`
 * stops there, otherwise the file is queued for the import worker ({@link writeRanges}).
 */
export async function importSerialRanges(
  body: Uint8Array,
  caller: Caller,
  query: ImportQuery,
): Promise<ImportAnswer> {
  const file = await requestFile(body, caller, query);
  const { ranges } = await checkedFile(file, actorOf(caller), new Date().toISOString());
  return checkedImport('serial-range', file, ranges.length, caller, query);
}

/**
 * The import worker's part (lambdas/imports/worker.ts): checks the file again (ranges may
 * have been stored since its request), then writes it all or nothing, in transactions of
 * the repository's own creates, each guarded by its partitions' versions like a single
 * create, with the products' range counts, the counters and one entry of the import's own;
 * when one cannot be written (someone took its serials meanwhile), the others are undone
 * and the refusal names the rows. `progress` hears of each part written.
 */
export async function writeRanges(
  body: Uint8Array,
  batch: ImportBatch,
  { deadline: deadlineOf, progress }: ImportWriting,
): Promise<number> {
  const started = Date.now();
  const now = new Date().toISOString();
  const checked = await checkedFile(body, batch.actor, now);
  const checkedAt = Date.now();
  // In partition order, so a partition's ranges share parts (one version bump each).
  const ranges = [...checked.ranges].sort(
    (a, b) =>
      partitionOf(a.creation.range).localeCompare(partitionOf(b.creation.range)) ||
      a.creation.range.startNumber - b.creation.range.startNumber,
  );
  const parts = packed(ranges, maxTransactionItems - partOverhead, partItems);
  // A partition's parts depend on each other's versions: one at a time.
  const deadline = deadlineOf(started, 1);
  const committed = await commitParts(
    parts,
    writer(batch, ranges, checked.versions, now, deadline),
    { concurrency: 1, deadline, progress },
  );
  if (committed.failures.length > 0) {
    progress.undoing();
    const lost = await lostParts(committed.failed, (row) =>
      keys.serialRange(row.creation.range.id),
    );
    const kept = (await undo(batch, [...committed.written, ...lost.stored])) + lost.unknown;
    stoppedImport(committed.failures, kept, checked.columns);
  }
  logger.info('import stored', {
    batchId: batch.id,
    kind: batch.kind,
    rows: ranges.length,
    checkMs: checkedAt - started,
    writeMs: Date.now() - checkedAt,
  });
  return ranges.length;
}
