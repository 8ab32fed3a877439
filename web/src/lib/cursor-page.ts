import * as z from 'zod';
import type { ZodType } from 'zod';
import { maxPageSize } from '../../../lambdas/shared/contract/schemas/staff';

/** The direction of a list's order (`order` of every list route). */
export type SortOrder = 'asc' | 'desc';

/** One page of a back-office list, as every list route answers it. */
export interface CursorPage<T> {
  items: T[];
  /** Opens the next page; null on the last page. */
  nextCursor: string | null;
  /** Size of the whole list when the API knows it; null when a filter applies. */
  total: number | null;
}

/** The schema of a list answer with items of `item`. */
export function cursorPageSchema<T>(item: ZodType<T>): ZodType<CursorPage<T>> {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().nonnegative().nullable(),
  });
}

/** The page size that asks for as much as the API gives at once. */
export const wholePageSize = maxPageSize;

/** A table's page size as the API's `limit`: a whole number from 1 to the API's maximum. */
export function pageLimit(pageSize: number): number {
  return Math.min(wholePageSize, Math.max(1, Math.trunc(pageSize) || 1));
}

/** Most pages `fetchAllPages` follows: 1000 × 1000 records, far beyond any real catalogue. */
const maxPages = 1000;

/**
 * Every record of a list: fetches page after page (the caller asks for the largest
 * pages, `wholePageSize`) following `nextCursor` until the last one. A cursor seen
 * twice would loop forever, so it stops the walk with an error instead.
 */
export async function fetchAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Pick<CursorPage<T>, 'items' | 'nextCursor'>>,
): Promise<T[]> {
  const records: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const { items, nextCursor } = await fetchPage(cursor);
    records.push(...items);
    if (!nextCursor) return records;
    if (seen.has(nextCursor)) throw new Error('The list answered the same cursor twice');
    seen.add(nextCursor);
    cursor = nextCursor;
  }
  throw new Error(`The list has more than ${maxPages} pages`);
}
