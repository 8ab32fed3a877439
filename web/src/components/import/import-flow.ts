import { errorStatus } from '../../../../lambdas/shared/contract/error-codes';
import {
  importTimeoutSeconds,
  type ImportJob,
  type ImportSummary,
} from '../../../../lambdas/shared/contract/schemas/imports';
import { ApiError, apiErrorOf } from '../../lib/api-client';

/**
 * The catalogue imports' flow (docs/web-app.md, "Imports"), without React: what the server's
 * answers mean for the dialog. A file is checked whole on the server (a dry run) before it
 * can be imported; every problem comes back in one answer, named `row <line>.<column>`. The
 * import's request checks it again and queues it (202); the import worker writes it, and the
 * dialog follows its progress (`GET /api/imports/{id}`) until it is over.
 */

/** One problem of a file, at its spreadsheet line (the header is line 1). */
export interface ImportProblem {
  line: number;
  /** The column, as the file's first line names it; `_` for the row as a whole. */
  field: string;
  /** The catalogue's message, in the page's language. */
  message: string;
}

/** A file the server refused: its message, the problems it listed, and how many in all. */
export interface ImportRefusal {
  message: string;
  problems: ImportProblem[];
  /** Every problem of the file; more than `problems` when the answer listed only the first. */
  total: number;
}

/**
 * What sends a file to an import route: a dry run checks it and stores nothing (its summary);
 * otherwise the file is checked and queued (the import, 202).
 */
export type SendImport = (
  file: Blob,
  options: { dryRun: boolean; fileName: string },
) => Promise<ImportSummary | ImportJob>;

/**
 * How long the page waits for an import request's answer: the server's own time limit for
 * checking a file, and a few seconds for the file to travel.
 */
export const importWaitMs = (importTimeoutSeconds + 7) * 1000;

/** `row <line>.<field>`: how the API names a cell (or `_`, a row) of the file it was sent. */
const rowField = /^row (\d+)\.(.+)$/;

/** The row problems of an error's fields, in the order the answer gives (reading order). */
export function rowProblems(fields: Readonly<Record<string, string>>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const match = rowField.exec(name);
    if (match) problems.push({ line: Number(match[1]), field: match[2]!, message });
  }
  return problems;
}

/**
 * The refusal an error is, when the server refused the file itself: problems found (400),
 * rows someone else took while it was stored (409, `errors.importConflict`), a file too large
 * (413). Anything else (no answer, a server failure, `errors.importNotUndone`) is not a verdict
 * on the file: undefined.
 */
export function importRefusal(error: unknown): ImportRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const conflict = error.code === 'already-exists' && error.messageKey === 'errors.importConflict';
  if (error.code !== 'invalid-argument' && error.code !== 'payload-too-large' && !conflict) {
    return undefined;
  }
  const problems = rowProblems(error.fields);
  const counted = error.params.problems;
  return {
    message: error.message,
    problems,
    total: typeof counted === 'number' ? Math.max(counted, problems.length) : problems.length,
  };
}

/**
 * Whether an import that failed may have been stored all the same: its answer never came (the
 * connection, the time limit) or was a failure of the server's. Checking the file again tells:
 * a stored file's rows are then named as taken.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // Status 0: no answer at all (the connection, the wait); 5xx: the server's own failure.
  return error.status === 0 || error.status >= 500;
}

/**
 * Whether a failed read of an import's state may work when asked again: no answer, a time
 * out, the server's own failure or its refusal for load. A refusal of the request itself (not
 * found, not allowed, signed out) will not change.
 */
export function passingFault(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Where a file too large for one request is cut into parts of at most `limit` bytes: after the
 * last line end that fits (a line end is one byte, never inside a UTF-8 character, so each
 * part is text as it travels; the server joins the parts byte for byte, so a quoted cell
 * spanning lines may be cut too), or, for a line longer than a part, before the character
 * that does not fit. Answers the offsets where parts begin and, last, the file's end.
 */
export function partCuts(bytes: Uint8Array, limit: number): number[] {
  const cuts = [0];
  let start = 0;
  while (bytes.length - start > limit) {
    let end = bytes.lastIndexOf(0x0a, start + limit - 1) + 1;
    if (end <= start) {
      // No line end in reach: back to the first byte of a character.
      end = start + limit;
      while ((bytes[end]! & 0xc0) === 0x80) end -= 1;
    }
    cuts.push(end);
    start = end;
  }
  cuts.push(bytes.length);
  return cuts;
}

/** How often the dialog asks where a running import stands. */
export const importPollMs = 1_000;

/** Failed reads of a running import's state in a row before the dialog stops asking. */
export const importPollFailures = 10;

/** Whether an answer is a queued import (not a dry run's summary). */
export const isImportJob = (answer: ImportSummary | ImportJob): answer is ImportJob =>
  'status' in answer;

/** A running import's progress bar (0–100): its rows written of the file's. */
export function importProgress(job: Pick<ImportJob, 'rows' | 'written'>): number {
  if (job.rows <= 0) return 0;
  return Math.min(100, Math.floor((job.written / job.rows) * 100));
}

/**
 * The error a finished import that did not store its file ended with, as the request would
 * have answered it (a refusal naming rows, a failure), for {@link importRefusal}.
 */
export function importFailure(job: ImportJob): ApiError {
  const error = job.error ?? {
    code: 'internal' as const,
    message: '',
    messageKey: 'errors.internal',
  };
  return apiErrorOf(error, errorStatus[error.code]);
}
