import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffList } from '../../../../lambdas/shared/contract/schemas/staff';
import { i18n } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { listStaff } from './api';

type PageState =
  | { status: 'loading' }
  /** `knownPages`: how many pages of this query have a known cursor. */
  | { status: 'success'; data: StaffList; pageIndex: number; knownPages: number }
  | { status: 'error'; error: ApiError };

type Settled = Exclude<PageState, { status: 'loading' }>;

function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', i18n.t('errors.internal'), 0);
}

/**
 * One page of the staff list, paged with the API's opaque cursors. The cursor of each
 * page reached is remembered per page size and filter; opening a page further on than
 * any reached walks there page by page. A new page size or filter starts at page 1.
 */
export function useStaffList({ pageSize, filter }: { pageSize: number; filter: string }) {
  const queryKey = `${pageSize}\n${filter}`;
  const [requested, setRequested] = useState({ queryKey, pageIndex: 0 });
  const pageIndex = requested.queryKey === queryKey ? requested.pageIndex : 0;
  const [reloads, setReloads] = useState(0);
  /** Per query: `cursors[i]` opens page i (page 0 needs none). */
  const cursors = useRef(new Map<string, (string | undefined)[]>());
  const request = `${queryKey}\n${pageIndex}\n${reloads}`;
  const [settled, setSettled] = useState<{ request: string; state: Settled }>();
  /** The last answer, kept while the next one loads (for the counter and page count). */
  const [lastSuccess, setLastSuccess] = useState<Extract<Settled, { status: 'success' }>>();

  useEffect(() => {
    const controller = new AbortController();
    const known = cursors.current.get(queryKey) ?? [undefined];
    cursors.current.set(queryKey, known);

    const load = async (): Promise<Settled> => {
      let index = Math.min(pageIndex, known.length - 1);
      for (;;) {
        const data = await listStaff({ pageSize, cursor: known[index], filter }, controller.signal);
        if (data.nextCursor) known[index + 1] = data.nextCursor;
        else known.length = index + 1;
        if (index >= pageIndex || !data.nextCursor) {
          return { status: 'success', data, pageIndex: index, knownPages: known.length };
        }
        index += 1;
      }
    };
    load()
      .catch((error: unknown): Settled => ({ status: 'error', error: toApiError(error) }))
      .then((state) => {
        if (controller.signal.aborted) return;
        setSettled({ request, state });
        if (state.status === 'success') setLastSuccess(state);
      });
    return () => controller.abort();
  }, [request, queryKey, pageIndex, pageSize, filter]);

  const setPageIndex = useCallback(
    (index: number) => setRequested({ queryKey, pageIndex: Math.max(0, index) }),
    [queryKey],
  );
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const state: PageState = settled?.request === request ? settled.state : { status: 'loading' };
  const shownPageIndex = state.status === 'success' ? state.pageIndex : pageIndex;
  const latest = state.status === 'success' ? state : lastSuccess;
  const pagesCount = latest
    ? Math.max(1, latest.knownPages, Math.ceil(latest.data.total / pageSize))
    : pageIndex + 1;

  return {
    state,
    pageIndex: shownPageIndex,
    pagesCount,
    total: latest?.data.total,
    setPageIndex,
    reload,
  };
}
