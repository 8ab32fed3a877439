import { z } from 'zod';
import type { RouteTable } from '../../lambdas/shared/route-spec';

const anything = z.unknown();
type AnyAnswers = { 200: typeof anything; 201: typeof anything; 503: typeof anything };

/**
 * The routes of `table` with answers of any shape (200, 201, 503): for tests of the
 * handler pipeline (access, validation, errors, logs), whose dummy handlers answer bodies
 * no route's contract has.
 */
export function anyAnswers<T extends RouteTable>(
  table: T,
): { [K in keyof T]: Omit<T[K], 'answers'> & { answers: AnyAnswers } } {
  const answers: AnyAnswers = { 200: anything, 201: anything, 503: anything };
  return Object.fromEntries(
    Object.entries(table).map(([key, spec]) => [key, { ...spec, answers }]),
  ) as unknown as { [K in keyof T]: Omit<T[K], 'answers'> & { answers: AnyAnswers } };
}
