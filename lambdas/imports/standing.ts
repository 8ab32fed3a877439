import { englishMessage } from '../shared/contract/message-text';
import { finishedImportStatuses, type ImportJob } from '../shared/contract/schemas/imports';
import { NotFoundError } from '../shared/errors';
import { readImportJob, staleImportMs, toJob } from './jobs';

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
