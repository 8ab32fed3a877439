import {
  maxListedProblems,
  rowProblemField,
  sortedProblems,
  type CsvRowProblem,
} from './contract/csv';
import type { MessageKey } from './contract/messages';
import type { MessageRef } from './contract/validation';
import { ValidationError } from './errors';

/** A problem under the name the API gives it (`row 12.name`, `results.3.value`). */
export interface NamedProblem {
  name: string;
  message: MessageRef;
}

/**
 * The refusal of a file or batch with problems, every one of them found in one pass
 * (docs/api.md, "Imports"): `invalid-argument` with `messageKey`, the problems as its
 * `fields` in the order given (one per name: the first wins), at most
 * {@link maxListedProblems} of them, and `params.problems` (all of them) and
 * `params.listed` (those in `fields`), so a client says "the first 1,000 of 5,210".
 */
export function problemsRefusal(
  problems: readonly NamedProblem[],
  messageKey: MessageKey,
): ValidationError {
  // A Map, not an object: a column named `__proto__` stays a name.
  const distinct = new Map<string, MessageRef>();
  for (const { name, message } of problems) if (!distinct.has(name)) distinct.set(name, message);
  const listed = [...distinct].slice(0, maxListedProblems);
  return new ValidationError(Object.fromEntries(listed), messageKey, {
    problems: distinct.size,
    listed: listed.length,
  });
}

/** A CSV file's problems as the API names them (`row <line>.<field>`), in reading order. */
export function namedRowProblems(
  problems: readonly CsvRowProblem[],
  columns: readonly string[] = [],
): NamedProblem[] {
  return sortedProblems(problems, columns).map(({ line, field, message }) => ({
    name: rowProblemField(line, field),
    message,
  }));
}
