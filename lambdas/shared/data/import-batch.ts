import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { getConfig } from '../config';
import type { AuditActor, AuditBatch } from '../contract/schemas/audit';
import type { ItemKey } from '../keys';
import { getItems, itemKeyId } from './read';
import { logger } from '../logger';
import type { AuditRecord } from './audit';

/**
 * What the catalogue imports share (docs/data-model.md, "Imports"): the batch their audit
 * entries name, the import's own entries, and the committing of a file's transactions with
 * the stop that makes undoing possible.
 *
 * An import checks the whole file first, then writes it in transactions of the
 * repositories' own create operations (DynamoDB takes at most 100 items per transaction), and
 * undoes the transactions it wrote when one fails (products/import.ts,
 * serial-ranges/import.ts): all or nothing, except what the undo cannot take back (a record
 * someone changed in the seconds between), which the answer and the import's history name.
 */

/** One import: its id, the file's name and rows, what it creates, who sent it. */
export interface ImportBatch extends AuditBatch {
  kind: 'product' | 'serial-range';
  actor: AuditActor;
}

/** A record's entry with its import named (`batch`). */
export const inBatch = (record: AuditRecord, batch: ImportBatch): AuditRecord => ({
  ...record,
  batch: { id: batch.id, fileName: batch.fileName, rows: batch.rows },
});

/**
 * The import's own entry for one of its transactions (entity `import`, id the batch's): the
 * part, and the records it created (`import`) or removed again (`delete`, an undo).
 */
export function importPartEntry(
  batch: ImportBatch,
  action: 'import' | 'delete',
  part: number,
  records: number,
): AuditRecord {
  return inBatch(
    {
      actor: batch.actor,
      action,
      entity: 'import',
      entityId: batch.id,
      ...(batch.fileName ? { subjectLabel: batch.fileName } : {}),
      changes: {
        kind: { from: null, to: batch.kind },
        part: { from: null, to: part },
        [action === 'import' ? 'created' : 'removed']: { from: null, to: records },
      },
    },
    batch,
  );
}

/** Groups `items` in order into parts whose sizes (`size`) stay within `budget`. */
export function packed<T>(
  items: readonly T[],
  budget: number,
  size: (part: readonly T[], next: T) => number,
): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  for (const item of items) {
    if (part.length > 0 && size(part, item) > budget) {
      parts.push(part);
      part = [];
    }
    part.push(item);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** What committing an import's parts came to. */
export interface Committed<T> {
  /** The parts written, in the order they were. */
  written: T[];
  /**
   * The parts whose commit failed. A failure may come after the write went in (the answer
   * lost to a time-out, a retry refused because the first attempt's items were there): the
   * undo looks for their records too ({@link storedParts}).
   */
  failed: T[];
  /** Why it stopped, when it did: every failure met (parts in flight may fail together). */
  failures: unknown[];
}

/**
 * Commits `parts` with `commit`, `concurrency` at a time (`worker`: which of them, so each
 * moves a counter shard of its own), telling `progress` of each part's rows written, and
 * stops at the first failure or
 * at `deadline` (ms since the epoch): parts in flight finish, no other starts. The caller
 * undoes the written parts when anything failed; the deadline leaves it the time to
 * (a function stopped at its time limit would leave the parts written so far).
 */
export async function commitParts<T extends readonly unknown[]>(
  parts: readonly T[],
  commit: (part: T, index: number, worker: number) => Promise<void>,
  {
    concurrency,
    deadline,
    progress,
  }: { concurrency: number; deadline: number; progress?: ImportProgress },
): Promise<Committed<T>> {
  const written: T[] = [];
  const failed: T[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async (_: unknown, worker: number) => {
    while (failures.length === 0 && next < parts.length) {
      if (Date.now() > deadline) {
        failures.push(new ImportOutOfTime());
        return;
      }
      const index = next++;
      try {
        await commit(parts[index]!, index, worker);
        written.push(parts[index]!);
        progress?.written(parts[index]!.length);
      } catch (error) {
        failed.push(parts[index]!);
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, parts.length) }, worker));
  if (failures.length > 0) {
    logger.warn('import stopped', {
      written: written.length,
      parts: parts.length,
      failures: failures.map(String),
    });
  }
  return { written, failed, failures };
}

/**
 * Of `parts` whose commit failed, the rows whose record is stored all the same (`keyOf`: the
 * record's key; one BatchGetItem per 100), part by part: what an undo must take back too.
 */
export async function storedParts<T>(
  parts: readonly (readonly T[])[],
  keyOf: (row: T) => ItemKey,
): Promise<T[][]> {
  const rows = parts.flat();
  if (rows.length === 0) return [];
  // Written a moment ago, their answers lost: an eventually consistent read may not see them.
  const found = await getItems(rows.map(keyOf), z.object({}).loose(), { consistent: true });
  return parts
    .map((part) => part.filter((row) => found.has(itemKeyId(keyOf(row)))))
    .filter((part) => part.length > 0);
}

/**
 * {@link storedParts}, tried again while the table does not answer (the outage that failed a
 * part often fails the look-up too). When it still cannot look, the failed parts' rows are
 * `unknown`: the undo takes back the written parts and counts those as possibly kept.
 */
export async function lostParts<T>(
  parts: readonly (readonly T[])[],
  keyOf: (row: T) => ItemKey,
): Promise<{ stored: T[][]; unknown: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { stored: await storedParts(parts, keyOf), unknown: 0 };
    } catch (error) {
      if (attempt >= lookAttempts) {
        const unknown = parts.reduce((sum, part) => sum + part.length, 0);
        logger.error('import: the failed parts could not be looked for', {
          unknown,
          error: String(error),
        });
        return { stored: [], unknown };
      }
      await delay(250 * 2 ** attempt);
    }
  }
}

/** Attempts at looking for the failed parts' records before counting them as unknown. */
const lookAttempts = 3;

/**
 * An undo that cannot go on (the table unreachable, not a record someone changed): logs it
 * and answers how many written rows stay, from row `at` of part `index` on, so the import's
 * answer says it was not undone (409 `errors.importNotUndone`) rather than a bare 503.
 */
export function undoLeft(
  written: readonly (readonly unknown[])[],
  index: number,
  at: number,
  batch: Pick<ImportBatch, 'id'>,
  error: unknown,
): number {
  const left =
    written[index]!.length -
    at +
    written.slice(index + 1).reduce((sum, rows) => sum + rows.length, 0);
  logger.error('import: the undo stopped', { batchId: batch.id, left, error: String(error) });
  return left;
}

/**
 * Transactions written at once. DynamoDB takes many side by side; DynamoDB Local (the local
 * stack, DYNAMODB_ENDPOINT set) shares a machine's few cores: four writers there wrote no
 * faster than two (`npm run bench -- import`), and each waited longer, nearer the client's
 * request time-out (lambdas/shared/aws/options.ts).
 */
export const importWriters = (inAws: number): number =>
  getConfig().DYNAMODB_ENDPOINT ? Math.min(2, inAws) : inAws;

/**
 * When writing must stop: a share of the time left of `budgetSeconds` after the check (from
 * `started`, when the work began), the rest being the undo's. The undo takes back one
 * transaction at a time what `writers` wrote side by side, so it gets `writers` times the
 * writing's share (half each with one writer).
 */
export const writingDeadline = (
  started: number,
  budgetSeconds: number,
  writers = 1,
  now = Date.now(),
) => now + (budgetSeconds * 1000 - (now - started)) / (1 + writers);

/** What an import's writing hears of: each part's rows stored, and the start of an undo. */
export interface ImportProgress {
  written(rows: number): void;
  undoing(): void;
}

/**
 * How an import's file is written: its deadline (from when the work began, and how many
 * transactions are written at once), its progress.
 */
export interface ImportWriting {
  deadline: (started: number, writers: number) => number;
  progress: ImportProgress;
}

/** The import used half its time writing: it stops and undoes, while there is time to. */
export class ImportOutOfTime extends Error {
  constructor() {
    super('The import ran out of time for writing');
    this.name = 'ImportOutOfTime';
  }
}
