import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../lib/api-client';
import { defaultPageSize } from '../../lib/page-size';
import { isStaleCursor, toApiError } from '../../lib/use-cursor-list';
import { fetchAuditEntries, type AuditRow, type AuditSubject } from './api';

interface Loaded {
  /** The request these entries answer: a new subject or a retry starts afresh. */
  request: string;
  items: AuditRow[];
  /** Opens the next page; null once the oldest entry is shown. */
  cursor: string | null;
  loadingMore: boolean;
  /** The next page failed; what is shown stays. */
  moreError?: ApiError;
}

type State = Loaded | { request: string; error: ApiError };

/**
 * A subject's entries (one record's history, or one person's actions), newest first, a
 * page at a time: the first page when the component mounts, the next ones appended by
 * `loadMore` ("Load more"). A cursor the API no longer takes (a day old) starts the list
 * again from its newest entry, as does a new `revision` (the page changed the record).
 */
export function useAuditEntries(subject: AuditSubject, revision = 0) {
  // The subject as a value: a new object with the same fields reads nothing again.
  const subjectKey = JSON.stringify(subject);
  const [attempt, setAttempt] = useState(0);
  // A new revision of the record (changed on its page) reads the entries afresh.
  const request = JSON.stringify([subjectKey, attempt, revision]);
  const [state, setState] = useState<State>();

  // The "Load more" request under way: a ref, so two clicks in one tick send one request,
  // and its controller, so a new subject or unmounting stops it.
  const more = useRef<AbortController>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    const asked = JSON.parse(subjectKey) as AuditSubject;
    void fetchAuditEntries(asked, { pageSize: defaultPageSize }, controller.signal)
      .then((page): State => ({
        request,
        items: page.items,
        cursor: page.nextCursor,
        loadingMore: false,
      }))
      .catch((error: unknown): State => ({ request, error: toApiError(error) }))
      .then((next) => {
        if (!controller.signal.aborted) setState(next);
      });
    return () => {
      controller.abort();
      more.current?.abort();
      more.current = undefined;
    };
  }, [request, subjectKey]);

  const current = state?.request === request ? state : undefined;
  const loaded = current && 'items' in current ? current : undefined;

  const loadMore = useCallback(async () => {
    if (!loaded?.cursor || more.current) return;
    const controller = new AbortController();
    more.current = controller;
    const update = (change: (state: Loaded) => Loaded) =>
      setState((now) => (now?.request === request && 'items' in now ? change(now) : now));
    update((now) => ({ ...now, loadingMore: true, moreError: undefined }));
    try {
      const page = await fetchAuditEntries(
        JSON.parse(subjectKey) as AuditSubject,
        { pageSize: defaultPageSize, cursor: loaded.cursor },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      update((now) => ({
        ...now,
        items: [...now.items, ...page.items],
        cursor: page.nextCursor,
        loadingMore: false,
      }));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isStaleCursor(error)) setAttempt((count) => count + 1);
      else update((now) => ({ ...now, loadingMore: false, moreError: toApiError(error) }));
    } finally {
      if (more.current === controller) more.current = undefined;
    }
  }, [loaded, request, subjectKey]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return {
    /** Entries shown so far, newest first. */
    items: loaded?.items ?? [],
    loading: !current,
    /** The first page failed. */
    error: current && 'error' in current ? current.error : undefined,
    hasMore: Boolean(loaded?.cursor),
    loadingMore: loaded?.loadingMore ?? false,
    moreError: loaded?.moreError,
    loadMore,
    retry,
  };
}
