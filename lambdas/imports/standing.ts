import { englishMessage } from '../shared/contract/message-text';
import {
  finishedImportStatuses,
  importWorkerSeconds,
  type ImportJob,
} from '../shared/contract/schemas/imports';
import { NotFoundError } from '../shared/errors';
import { readImportJob, toJob } from './jobs';

/**
 * How long an unfinished import may go without a change before it is answered as failed:
 * the worker's whole time, and a margin. A worker stopped from outside (its function's time
 * limit, a crash) cannot record its end; its history says what it wrote.
 */
export const staleImportMs = (importWorkerSeconds + 120) * 1000;

/** An import as the API answers it: an unfinished one silent for too long has failed. */
export function standingOf(job: ImportJob, now = Date.now()): ImportJob {
  if (finishedImportStatuses.includes(job.status)) return job;
  if (now - Date.parse(job.updatedAt) < staleImportMs) return job;
  return {
    ...job,
    status: 'failed',
    error: {
      code: 'internal',
      message: englishMessage('errors.importInterrupted'),
      messageKey: 'errors.importInterrupted',
    },
  };
}

export async function importJobStanding(id: string): Promise<ImportJob> {
  const item = await readImportJob(id);
  if (!item) throw new NotFoundError();
  return standingOf(toJob(item));
}
