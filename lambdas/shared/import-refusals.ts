import { rowProblemField, type CsvRowProblem } from './contract/csv';
import type { CsvRecords } from './contract/csv-records';
import type { MessageRef } from './contract/validation';
import { ImportOutOfTime } from './data/import-batch';
import { DomainError, ValidationError } from './errors';
import { problemsRefusal, namedRowProblems } from './problems';

/**
 * How the catalogue imports refuse (docs/api.md, "Imports"): a file that cannot be read as
 * rows, a file with problems (every one named, `row <line>.<column>`), and a file another
 * writer got in the way of while it was written (undone).
 */

/** A file that cannot be read as rows: its one problem (and the cell, when there is one). */
export function unreadableFile(file: Extract<CsvRecords<unknown>, { status: 'refused' }>): never {
  throw new ValidationError(
    Object.fromEntries(
      file.problems.map(({ line, field, message }) => [rowProblemField(line, field), message]),
    ),
    file.problem.key,
    file.problem.params,
  );
}

/** Refuses a file naming every problem, in reading order (at most 1,000 listed, all counted). */
export function refuseFile(problems: readonly CsvRowProblem[], columns: readonly string[]): never {
  throw problemsRefusal(namedRowProblems(problems, columns), 'errors.importRefused');
}

/**
 * A row's write cancelled by someone else's change between the check and the write (a name
 * or serial taken meanwhile): what the refusal names, after the import is undone.
 */
export class RowConflict extends Error {
  constructor(readonly problem: CsvRowProblem) {
    super(`row ${problem.line}.${problem.field} taken meanwhile`);
    this.name = 'RowConflict';
  }
}

/** `() => new RowConflict(...)`: a transaction item's failure naming its row. */
export const rowConflict = (line: number, field: string, message: MessageRef) => () =>
  new RowConflict({ line, field, message });

/**
 * The answer to an import that was stopped and undone: the rows others took meanwhile (409,
 * every one named), the time limit, or the failure itself (503 when the table could not
 * be reached...). When the undo could not take back records someone changed meanwhile, the
 * answer says how many stayed (`errors.importNotUndone`): the import's history names them.
 */
export function stoppedImport(
  failures: readonly unknown[],
  kept: number,
  columns: readonly string[],
): never {
  if (kept > 0) throw new DomainError('aborted', 'errors.importNotUndone', { kept });
  const conflicts = failures.flatMap((failure) =>
    failure instanceof RowConflict ? [failure.problem] : [],
  );
  if (conflicts.length > 0) {
    const refusal = problemsRefusal(namedRowProblems(conflicts, columns), 'errors.importConflict');
    throw new DomainError(
      'already-exists',
      'errors.importConflict',
      refusal.params,
      refusal.fields,
    );
  }
  if (failures.some((failure) => failure instanceof ImportOutOfTime)) {
    throw new DomainError('deadline-exceeded', 'errors.deadline-exceeded');
  }
  throw failures[0];
}
