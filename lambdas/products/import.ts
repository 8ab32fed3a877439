import * as z from 'zod';
import type { CsvRowProblem } from '../shared/contract/csv';
import { validCells } from '../shared/contract/csv-records';
import type { ImportQuery } from '../shared/contract/schemas/imports';
import type { ProductFields } from '../shared/contract/schemas/product';
import { productFieldsSchema } from '../shared/contract/schemas/product';
import { readProductsCsv } from '../shared/contract/schemas/product-import';
import {
  commitParts,
  importPartEntry,
  inBatch,
  importWriters,
  packed,
  lostParts,
  undoLeft,
  type ImportBatch,
  type ImportWriting,
} from '../shared/data/import-batch';
import { counterShards } from '../shared/data/counters';
import { getItems, itemKeyId } from '../shared/data/read';
import { audited, maxTransactionItems } from '../shared/data/transaction';
import { AbortedError } from '../shared/errors';
import type { Caller } from '../shared/http/types';
import { checkedImport, requestFile, type ImportAnswer } from '../imports/queue';
import { refuseFile, rowConflict, stoppedImport, unreadableFile } from '../shared/import-refusals';
import { keys } from '../shared/keys';
import { logger } from '../shared/logger';
import { productCreation, productRemoval, type ProductCreation } from './repository';

/**
 * Transactions of an import written at once: products share no item but the counters', and
 * each writer moves a counter shard of its own (as many writers as shards).
 */
const writeConcurrency = importWriters(counterShards);

/** Items of a transaction besides the products': the counters and the import's own entry. */
const partOverhead = 2;

interface RowCreation {
  line: number;
  creation: ProductCreation;
}

/** The fields of a row a check can use even when others are wrong. */
const keyFieldsOf = (cells: Record<string, unknown>) =>
  validCells(productFieldsSchema.shape, cells) as Partial<ProductFields>;

/**
 * Every problem the catalogue finds in a file's names and GTINs: one taken by another row of
 * the file (the later rows are named, with the first row's line) or by a product already
 * stored (one BatchGetItem per 100 claims).
 */
async function uniquenessProblems(
  rows: readonly { line: number; fields: Partial<ProductFields> }[],
): Promise<CsvRowProblem[]> {
  const problems: CsvRowProblem[] = [];
  const firstName = new Map<string, number>();
  const firstGtin = new Map<string, number>();
  for (const { line, fields } of rows) {
    for (const [field, value, first] of [
      ['name', fields.name?.toLowerCase(), firstName],
      ['gtin', fields.gtin ?? undefined, firstGtin],
    ] as const) {
      if (value === undefined) continue;
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, line);
      else {
        problems.push({
          line,
          field,
          message: { key: 'validation.duplicateInFile', params: { line: earlier } },
        });
      }
    }
  }
  const claim = z.object({ productId: z.string() });
  const [names, gtins] = await Promise.all([
    getItems(
      [...firstName.keys()].map((name) => keys.productName(name)),
      claim,
    ),
    getItems(
      [...firstGtin.keys()].map((gtin) => keys.productGtin(gtin)),
      claim,
    ),
  ]);
  for (const { line, fields } of rows) {
    if (fields.name !== undefined && names.has(itemKeyId(keys.productName(fields.name)))) {
      problems.push({ line, field: 'name', message: { key: 'errors.productNameTaken' } });
    }
    if (fields.gtin && gtins.has(itemKeyId(keys.productGtin(fields.gtin)))) {
      problems.push({ line, field: 'gtin', message: { key: 'errors.gtinTaken' } });
    }
  }
  return problems;
}

/** Parts of at most 100 items: each product's items and entry, then the part's own two. */
const parts = (rows: readonly RowCreation[]) =>
  packed(
    rows,
    maxTransactionItems - partOverhead,
    (part, next) =>
      part.reduce((sum, row) => sum + row.creation.items + 1, 0) + next.creation.items + 1,
  );

/**
 * Takes back what an import wrote (its written parts), part by part, as `deleteProduct`
 * removes a product: each on condition it is still the version the import created with no
 * range (a product someone edited or gave a range in the seconds between is kept). Answers
 * how many were kept.
 */
async function undo(batch: ImportBatch, written: readonly RowCreation[][]): Promise<number> {
  let kept = 0;
  let part = 0;
  for (const [index, rows] of written.entries()) {
    part += 1;
    const removals = rows.map((row) => productRemoval(row.creation.stored, batch.actor));
    const write = async (taken: typeof removals) => {
      const transaction = audited(importPartEntry(batch, 'delete', part, taken.length));
      for (const removal of taken) {
        transaction.audited(inBatch(removal.audit, batch));
        removal.writeTo(transaction, () => new KeptRecord());
      }
      await transaction.count({ products: -taken.length }).commit();
    };
    try {
      await write(removals);
    } catch {
      // One of them was changed meanwhile (or the claim moved): each on its own, so the
      // others still go.
      for (const [at, removal] of removals.entries()) {
        try {
          await write([removal]);
        } catch (error) {
          // Anything but a change someone made (the table unreachable) ends the undo: what
          // was written stays, named by the import's entries, and counted as kept so the
          // answer says the import was not undone.
          if (!(error instanceof KeptRecord || error instanceof AbortedError)) {
            return kept + undoLeft(written, index, at, batch, error);
          }
          kept += 1;
          logger.warn('import: a product was kept', {
            batchId: batch.id,
            productId: removal.audit.entityId,
            error: String(error),
          });
        }
      }
    }
  }
  return kept;
}

class KeptRecord extends Error {}

/** A file whose every row checked: the products to create, and its columns (for refusals). */
interface CheckedProducts {
  rows: { line: number; value: ProductFields }[];
  columns: readonly string[];
}

/**
 * Checks a file of products (product-import.ts) in one pass: every row against the product
 * schema, names and GTINs against the other rows and the catalogue; any problem refuses the
 * file naming them all.
 */
async function checkFile(body: Uint8Array): Promise<CheckedProducts> {
  const file = readProductsCsv(body);
  if (file.status === 'refused') unreadableFile(file);
  const problems = [
    ...file.problems,
    ...(await uniquenessProblems(
      file.rows.map((row) => ({ line: row.line, fields: row.value ?? keyFieldsOf(row.cells) })),
    )),
  ];
  if (problems.length > 0) refuseFile(problems, file.columns);
  return {
    rows: file.rows.map((row) => ({ line: row.line, value: row.value! })),
    columns: file.columns,
  };
}

/**
 * `POST /api/products/import`: checks the file (docs/api.md, "Imports"); `dryRun` stops
 * there, otherwise the file is queued for the import worker ({@link writeProducts}).
 */
export async function importProducts(
  body: Uint8Array,
  caller: Caller,
  query: ImportQuery,
): Promise<ImportAnswer> {
  const file = await requestFile(body, caller, query);
  const { rows } = await checkFile(file);
  return checkedImport('product', file, rows.length, caller, query);
}

/**
 * The import worker's part (lambdas/imports/worker.ts): checks the file again (the
 * catalogue may have changed since its request) and writes it all or nothing, as the
 * repository's own creates (their search entries, claims and audit entries included, each
 * entry naming the import), with the counters and one entry of the import's own per
 * transaction; when one fails (someone took a name meanwhile), the others are undone and the
 * refusal names the rows. `progress` hears of each part written.
 */
export async function writeProducts(
  body: Uint8Array,
  batch: ImportBatch,
  { deadline, progress }: ImportWriting,
): Promise<number> {
  const started = Date.now();
  const file = await checkFile(body);
  const checkedAt = Date.now();
  const actor = batch.actor;
  const now = new Date().toISOString();
  const rows = file.rows.map((row) => ({
    line: row.line,
    creation: productCreation(row.value, actor, now),
  }));
  const committed = await commitParts(
    parts(rows),
    async (part, index, worker) => {
      const transaction = audited(importPartEntry(batch, 'import', index + 1, part.length));
      for (const { line, creation } of part) {
        transaction.audited(inBatch(creation.audit, batch));
        creation.writeTo(transaction, {
          nameTaken: rowConflict(line, 'name', { key: 'errors.productNameTaken' }),
          gtinTaken: rowConflict(line, 'gtin', { key: 'errors.gtinTaken' }),
        });
      }
      await transaction.count({ products: part.length }, {}, worker).commit({ now: new Date(now) });
    },
    { concurrency: writeConcurrency, deadline: deadline(started, writeConcurrency), progress },
  );
  if (committed.failures.length > 0) {
    progress.undoing();
    const lost = await lostParts(committed.failed, (row) => keys.product(row.creation.product.id));
    const kept = (await undo(batch, [...committed.written, ...lost.stored])) + lost.unknown;
    stoppedImport(committed.failures, kept, file.columns);
  }
  logger.info('import stored', {
    batchId: batch.id,
    kind: batch.kind,
    rows: rows.length,
    checkMs: checkedAt - started,
    writeMs: Date.now() - checkedAt,
  });
  return rows.length;
}
