import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { loadCursorPage, type FetchPage } from './use-cursor-list';

/**
 * A list of `total` numbers served in pages. Cursors are `c<index>` as first issued, and
 * `c<index>.<n>` when issued again later (a server issues a new one each time); those in
 * `expired` are refused as the API refuses a cursor it no longer takes.
 */
function listOf(total: number, expired = new Set<string>()) {
  const issued = new Set<string>();
  const fetchPage = vi.fn<FetchPage<object, number>>(async ({ pageSize, cursor }) => {
    if (cursor && expired.has(cursor)) {
      throw new ApiError('invalid-argument', 'The page cursor is invalid or expired', 400, {
        cursor: 'The page cursor is invalid or expired',
      });
    }
    const start = cursor ? Number(cursor.slice(1).split('.')[0]) : 0;
    const items = Array.from({ length: Math.min(pageSize, total - start) }, (_, i) => start + i);
    const next = start + pageSize;
    let nextCursor: string | null = null;
    if (next < total) {
      nextCursor = issued.has(`c${next}`) ? `c${next}.${issued.size}` : `c${next}`;
      issued.add(`c${next}`);
    }
    return { items, nextCursor, total };
  });
  return fetchPage;
}

const signal = new AbortController().signal;

describe('loadCursorPage', () => {
  it('walks to a page further on than any reached, remembering each cursor', async () => {
    const fetchPage = listOf(10);
    const known: (string | undefined)[] = [undefined];
    const page = await loadCursorPage({
      fetchPage,
      query: {},
      pageSize: 3,
      pageIndex: 2,
      known,
      signal,
    });
    expect(page.data.items).toEqual([6, 7, 8]);
    expect(known).toEqual([undefined, 'c3', 'c6', 'c9']);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('starts again from the first page when the API no longer takes a cursor it issued', async () => {
    const expired = new Set<string>();
    const fetchPage = listOf(10, expired);
    const known: (string | undefined)[] = [undefined];
    await loadCursorPage({ fetchPage, query: {}, pageSize: 3, pageIndex: 2, known, signal });
    expect(known).toEqual([undefined, 'c3', 'c6', 'c9']);
    fetchPage.mockClear();
    expired.add('c6');
    const page = await loadCursorPage({
      fetchPage,
      query: {},
      pageSize: 3,
      pageIndex: 2,
      known,
      signal,
    });
    expect(page.pageIndex).toBe(2);
    expect(page.data.items).toEqual([6, 7, 8]);
    // The stale cursor, then page 1, 2 and 3 again.
    // The stale cursor, then pages 1, 2 and 3 again, with the cursors issued now.
    expect(fetchPage.mock.calls.map(([request]) => request.cursor)).toEqual([
      'c6',
      undefined,
      expect.stringMatching(/^c3\./),
      expect.stringMatching(/^c6\./),
    ]);
  });

  it('gives up after one fresh start, and on any other error at once', async () => {
    const fetchPage = listOf(10, new Set(['c3']));
    await expect(
      loadCursorPage({
        fetchPage,
        query: {},
        pageSize: 3,
        pageIndex: 1,
        known: [undefined, 'c3'],
        signal,
      }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    const failing = vi.fn<FetchPage<object, number>>(async () => {
      throw new ApiError('unavailable', 'down', 503);
    });
    await expect(
      loadCursorPage({
        fetchPage: failing,
        query: {},
        pageSize: 3,
        pageIndex: 1,
        known: [undefined, 'c3'],
        signal,
      }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
