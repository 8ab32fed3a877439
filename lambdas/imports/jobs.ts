import * as z from 'zod';
import type { ErrorBody } from '../shared/contract/error-codes';
import { auditActorSchema } from '../shared/contract/schemas/audit';
import {
  importJobSchema,
  importWorkerSeconds,
  type ImportJob,
  type ImportStatus,
} from '../shared/contract/schemas/imports';
import { and, between, equals, itemMissing, or } from '../shared/data/expressions';
import { getItem } from '../shared/data/read';
import { putItem, updateItem } from '../shared/data/write';
import { keys } from '../shared/keys';

/**
 * The catalogue imports' jobs (docs/data-model.md, "Imports"): one item per import saying
 * where it stands, beside the file its request checked (./import-files.ts). The item's insert
 * is what starts the worker (the table stream, as the report mailer is started); it expires
 * a month after.
 */

/**
 * How long an unfinished import may go without a change before it is over for good: the
 * worker's whole time, and a margin. The API answers it `failed` from then on, and no worker
 * may claim it any more (a delivery of the stream that comes that late is too late).
 */
export const staleImportMs = (importWorkerSeconds + 120) * 1000;

/** The kind of record an import creates. */
export type ImportKind = ImportJob['kind'];

/** Days an import's item is kept after it was queued (its audit entries stay). */
const jobRetentionDays = 30;

/** The job's item: what the API answers, and what the worker needs to write it again. */
export const importJobItemSchema = importJobSchema.extend({
  type: z.literal('importJob'),
  actor: auditActorSchema,
  fileKey: z.string(),
});
export type ImportJobItem = z.infer<typeof importJobItemSchema>;

/**
 * Inserts a queued import's item (after its file is kept: the worker never finds an item
 * without its file). A new id, so never over another import. Bookkeeping writes
 * (data/write.ts): the import's records and entries are written by the worker.
 */
export async function insertImportJob(item: ImportJobItem): Promise<void> {
  const put = await putItem(
    {
      ...keys.importJob(item.id),
      ...item,
      expiresAt: Math.ceil(Date.parse(item.createdAt) / 1000) + jobRetentionDays * 86_400,
    },
    { condition: itemMissing() },
  );
  // Refused: a first attempt whose answer was lost (the SDK tried again) wrote it already;
  // the id is random, so an item of that id with this file is this import.
  if (!put && (await readImportJob(item.id))?.fileKey !== item.fileKey) {
    throw new Error(`Import ${item.id} exists already`);
  }
}

/**
 * Claims a queued import for one worker (`claimant`: its invocation's id): once, however
 * often the stream delivers the record, and only while it is not stale (an import the API
 * already answers as failed stays failed). The same claimant's claim again is granted: the
 * SDK's retry of a claim whose answer was lost.
 */
export function claimImportJob(id: string, claimant: string, now = Date.now()): Promise<boolean> {
  return updateItem(
    keys.importJob(id),
    { set: { status: 'writing', updatedAt: new Date(now).toISOString(), claimedBy: claimant } },
    {
      condition: or(
        and(
          equals('status', 'queued'),
          between('updatedAt', new Date(now - staleImportMs).toISOString(), '9999'),
        ),
        and(equals('status', 'writing'), equals('claimedBy', claimant)),
      ),
    },
  );
}

/** What the API answers of a job's item. */
export const toJob = (item: ImportJobItem): ImportJob => importJobSchema.parse(item);

export async function readImportJob(id: string): Promise<ImportJobItem | undefined> {
  return getItem(keys.importJob(id), importJobItemSchema, { consistent: true });
}

/**
 * Moves a job from `from` to `to` (and sets `written`, `error`): conditional, so a finished
 * job is never moved again and a late progress record does not undo an end. Answers whether
 * it moved.
 */
export function moveImportJob(
  id: string,
  from: readonly ImportStatus[],
  to: ImportStatus,
  change: { written?: number; error?: ErrorBody['error'] | null } = {},
): Promise<boolean> {
  return updateItem(
    keys.importJob(id),
    { set: { status: to, updatedAt: new Date().toISOString(), ...change } },
    { condition: or(...from.map((status) => equals('status', status))) },
  );
}

/** Records how many rows a writing job has stored (the page's progress). */
export async function recordImportProgress(id: string, written: number): Promise<void> {
  await moveImportJob(id, ['writing'], 'writing', { written });
}
