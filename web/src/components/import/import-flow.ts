import {
  importTimeoutSeconds,
  type ImportSummary,
} from '../../../../lambdas/shared/contract/schemas/imports';
import { ApiError } from '../../lib/api-client';

/**
 * The catalogue imports' flow (docs/web-app.md, "Imports"), without React: what the server's
 * answers mean for the dialog. A file is checked whole on the server (a dry run) before it
 * can be imported; every problem comes back in one answer, named `row <line>.<column>`.
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

/** What sends a file to an import route: a dry run checks it and stores nothing. */
export type SendImport = (
  file: Blob,
  options: { dryRun: boolean; fileName: string },
) => Promise<ImportSummary>;

/**
 * How long the page waits for an import's answer: the server's own time limit for it, and a
 * few seconds for the file to travel (an import may take longer than other calls).
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
 * How long storing `rows` rows is expected to take: the import answers only once, at the end,
 * so its progress bar goes by time. Each row is written with its name, GTIN or serial keys,
 * counters and audit entries; on the local stack 50 products took 3.8 s and 1,000 took 11.4 s
 * (the check alone, a dry run, 0.2–0.3 s): a few seconds, and about 8 ms a row.
 */
export const expectedImportMs = (rows: number): number => 3_000 + rows * 8;

/**
 * The import's progress bar (0–100) while the one request runs: the time spent against the
 * time expected, held below 100 until the answer arrives (an import takes no part-way
 * answers: it is all or nothing).
 */
export function importProgress(elapsedMs: number, expectedMs: number): number {
  if (elapsedMs <= 0) return 0;
  // Linear up to 90 % at the expected time, then ever slower towards 99 %.
  const share = elapsedMs / expectedMs;
  const value = share <= 1 ? share * 90 : 99 - 9 / share;
  return Math.min(99, Math.floor(value));
}
