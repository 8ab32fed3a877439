import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../i18n';
import { ApiError } from './api-client';
import type { CursorPage } from './cursor-page';

/** Asks the API for one page: the list's own query, the page size and the cursor. */
export type FetchPage<Q, T> = (
  request: { query: Q; pageSize: number; cursor?: string },
  signal: AbortSignal,
) => Promise<CursorPage<T>>;

type Success<T> = {
  status: 'success';
  data: CursorPage<T>;
  pageIndex: number;
  /** How many pages of this query have a known cursor. */
  knownPages: number;
};
type Settled<T> = Success<T> | { status: 'error'; error: ApiError };
export type CursorListState<T> = { status: 'loading' } | Settled<T>;

/** The API refused a cursor it had issued: "The page cursor is invalid or expired". */
export function isStaleCursor(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'invalid-argument' && 'cursor' in error.fields;
}

/** Any failure as an ApiError: one the API did not name is an internal error. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', i18n.t('errors.internal'), 0);
}

/**
 * Loads page `pageIndex` of a list: from the nearest page whose cursor is `known`
 * (`known[i]` opens page i), page by page, remembering each cursor on the way. A cursor
 * the API no longer takes (it expired, or the server's key changed) makes it forget the
 * query's cursors and walk from the first page again, once.
 */
export async function loadCursorPage<Q, T>(options: {
  fetchPage: FetchPage<Q, T>;
  query: Q;
  pageSize: number;
  pageIndex: number;
  known: (string | undefined)[];
  signal: AbortSignal;
}): Promise<Success<T>> {
  const { fetchPage, query, pageSize, pageIndex, known, signal } = options;
  const walk = async (): Promise<Success<T>> => {
    let index = Math.min(pageIndex, known.length - 1);
    for (;;) {
      const data = await fetchPage({ query, pageSize, cursor: known[index] }, signal);
      if (data.nextCursor) known[index + 1] = data.nextCursor;
      else known.length = index + 1;
      if (index >= pageIndex || !data.nextCursor) {
        return { status: 'success', data, pageIndex: index, knownPages: known.length };
      }
      index += 1;
    }
  };
  try {
    return await walk();
  } catch (error) {
    if (!isStaleCursor(error) || known.length <= 1) throw error;
    known.length = 1;
    return walk();
  }
}

/**
 * One page of a back-office list, paged with the API's opaque cursors. The cursor of
 * each page reached is remembered per page size and query; opening a page further on
 * than any reached walks there page by page. A new page size or query starts at page 1.
 *
 * `query` is the list's own part of the request (sort, filter, ...) and must be plain
 * JSON data: it is compared by value. `fetchPage` must be stable (module level).
 */
export function useCursorList<Q, T>({
  fetchPage,
  pageSize,
  query,
}: {
  fetchPage: FetchPage<Q, T>;
  pageSize: number;
  query: Q;
}) {
  const queryKey = JSON.stringify([pageSize, query]);
  const [requested, setRequested] = useState({ queryKey, pageIndex: 0 });
  const pageIndex = requested.queryKey === queryKey ? requested.pageIndex : 0;
  const [reloads, setReloads] = useState(0);
  /** Per query: `cursors[i]` opens page i (page 0 needs none). */
  const cursors = useRef(new Map<string, (string | undefined)[]>());
  const request = `${queryKey}\n${pageIndex}\n${reloads}`;
  const [settled, setSettled] = useState<{ request: string; state: Settled<T> }>();
  /** The last answer, kept while the next one loads (for the counter and page count). */
  const [lastSuccess, setLastSuccess] = useState<Success<T>>();

  useEffect(() => {
    const controller = new AbortController();
    // The key is the query: reading it back keeps the effect tied to the value, not the object.
    const [size, currentQuery] = JSON.parse(queryKey) as [number, Q];
    const known = cursors.current.get(queryKey) ?? [undefined];
    cursors.current.set(queryKey, known);

    const load = () =>
      loadCursorPage({
        fetchPage,
        query: currentQuery,
        pageSize: size,
        pageIndex,
        known,
        signal: controller.signal,
      });
    void load()
      .catch((error: unknown): Settled<T> => ({ status: 'error', error: toApiError(error) }))
      .then((state) => {
        if (controller.signal.aborted) return;
        setSettled({ request, state });
        if (state.status === 'success') setLastSuccess(state);
      });
    return () => controller.abort();
  }, [request, queryKey, pageIndex, fetchPage]);

  const setPageIndex = useCallback(
    (index: number) => setRequested({ queryKey, pageIndex: Math.max(0, index) }),
    [queryKey],
  );
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const state: CursorListState<T> =
    settled?.request === request ? settled.state : { status: 'loading' };
  const shownPageIndex = state.status === 'success' ? state.pageIndex : pageIndex;
  const latest = state.status === 'success' ? state : lastSuccess;
  const total = latest?.data.total;
  // Without a total (a filtered list), the pages known so far: the next one opens
  // as soon as the current answer names its cursor.
  const pagesCount = latest
    ? Math.max(1, latest.knownPages, typeof total === 'number' ? Math.ceil(total / pageSize) : 0)
    : pageIndex + 1;

  return {
    state,
    pageIndex: shownPageIndex,
    pagesCount,
    /** The whole list's size; null when filtered; undefined before the first answer. */
    total,
    /**
     * How many records match when that is known without a total: the last page has
     * been reached, so the count is exact. Undefined otherwise.
     */
    matched:
      state.status === 'success' && !state.data.nextCursor
        ? state.pageIndex * pageSize + state.data.items.length
        : undefined,
    setPageIndex,
    reload,
  };
}
