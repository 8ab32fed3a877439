import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { writeProducts } from '../products/import';
import { isImportRecord } from './import-records';
import { writeRanges } from '../serial-ranges/import';
import type { ErrorBody } from '../shared/contract/error-codes';
import { importWorkerSeconds, type ImportStatus } from '../shared/contract/schemas/imports';
import { writingDeadline, type ImportBatch, type ImportWriting } from '../shared/data/import-batch';
import { errorAnswer } from '../shared/http/responses';
import { logger, withLogKeys } from '../shared/logger';
import { readImportFile, removeImportFile } from './import-files';
import {
  claimImportJob,
  importJobItemSchema,
  moveImportJob,
  recordImportProgress,
  type ImportJobItem,
  type ImportKind,
} from './jobs';

type Image = Record<string, AttributeValue>;

export { isImportRecord };

/** The writer of each kind of import. */
const writers: Record<
  ImportKind,
  (body: Uint8Array, batch: ImportBatch, writing: ImportWriting) => Promise<number>
> = {
  product: writeProducts,
  'serial-range': writeRanges,
};

/** The least time between two progress records of one import. */
const progressEveryMs = 1_000;

/**
 * Records an import's progress as its parts are written: at most once a second, one write
 * at a time (the last count wins); {@link settle} waits for the one under way.
 */
function progressOf(id: string, onUndo: () => void) {
  let written = 0;
  let recordedAt = 0;
  let pending: Promise<void> = Promise.resolve();
  const record = () => {
    recordedAt = Date.now();
    pending = pending
      .then(() => recordImportProgress(id, written))
      .catch((error: unknown) =>
        logger.warn('import: progress not recorded', { id, error: String(error) }),
      );
  };
  return {
    written(rows: number) {
      written += rows;
      if (Date.now() - recordedAt >= progressEveryMs) record();
    },
    undoing: onUndo,
    settle: () => pending,
  };
}

/** Attempts at recording an import's outcome before it is left to the stale-job rule. */
const outcomeAttempts = 5;

/** Records the outcome, retrying a table that does not answer for a while. */
async function finish(
  id: string,
  to: ImportStatus,
  change: { written: number; error: ErrorBody['error'] | null },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await moveImportJob(id, ['writing', 'undoing'], to, change);
      return;
    } catch (error) {
      if (attempt >= outcomeAttempts) throw error;
      await delay(250 * 2 ** attempt);
    }
  }
}

/**
 * Writes one queued import: claims it (`queued` -> `writing`, once however often the stream
 * delivers it, and not once it is stale), writes its file with progress, then records
 * `stored`, `refused` (the file's rows met someone else's change, or the file has problems
 * now: nothing stored) or `failed`, and removes the file. A failure to claim (the table
 * unreachable) is thrown, so the stream delivers it again. `claimant`: the invocation's id.
 */
export async function runImport(job: ImportJobItem, claimant: string): Promise<ImportStatus> {
  if (!(await claimImportJob(job.id, claimant))) return job.status;
  const started = Date.now();
  const progress = progressOf(job.id, () => {
    void moveImportJob(job.id, ['writing'], 'undoing').catch((error: unknown) =>
      logger.warn('import: undo not recorded', { id: job.id, error: String(error) }),
    );
  });
  let outcome: { status: ImportStatus; written: number; error: ErrorBody['error'] | null };
  try {
    const body = await readImportFile(job);
    const written = await writers[job.kind](
      body,
      { id: job.id, kind: job.kind, fileName: job.fileName, rows: job.rows, actor: job.actor },
      {
        deadline: (from, writers) => writingDeadline(from, importWorkerSeconds, writers),
        progress,
      },
    );
    outcome = { status: 'stored', written, error: null };
  } catch (error) {
    const { status, body } = errorAnswer(error, claimant, 'import worker');
    const kept = body.error.params?.kept;
    outcome = {
      // A refusal of the file's rows (400, 409 already-exists) stored nothing; anything else
      // failed, with `kept` rows left when the undo could not take them back.
      status: status === 400 || body.error.code === 'already-exists' ? 'refused' : 'failed',
      written: typeof kept === 'number' ? kept : 0,
      error: body.error,
    };
  }
  await progress.settle();
  await finish(job.id, outcome.status, { written: outcome.written, error: outcome.error });
  logger.info('import finished', {
    id: job.id,
    kind: job.kind,
    rows: job.rows,
    status: outcome.status,
    ms: Date.now() - started,
  });
  await removeImportFile(job).catch((error: unknown) =>
    logger.warn('import: file not removed (the lifecycle rule will)', {
      id: job.id,
      error: String(error),
    }),
  );
  return outcome.status;
}

/**
 * Table stream handler (in AWS the event source mapping, one record per invocation;
 * locally bin/local/stream-poller.ts). An import that could not be claimed, or whose end
 * could not be recorded, fails the invocation (the `ImportWorkerErrors` alarm counts it), so
 * the stream delivers the record again; a claimed import is not claimed twice. Every log
 * line names the import (`importId`, its batch id).
 */
export function handler(
  event: DynamoDBStreamEvent,
  context?: Pick<Context, 'awsRequestId'>,
): Promise<void> {
  const correlationId = context?.awsRequestId ?? randomUUID();
  return withLogKeys({ correlationId }, async () => {
    for (const record of event.Records) {
      if (!isImportRecord(record)) continue;
      const job = importJobItemSchema.parse(unmarshall(record.dynamodb!.NewImage as Image));
      await withLogKeys({ importId: job.id }, () => runImport(job, correlationId));
    }
  });
}
