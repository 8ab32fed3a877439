import { describe, expect, it, vi } from 'vitest';
import { cursorPageSchema, fetchAllPages } from './cursor-page';
import * as z from 'zod';

describe('fetchAllPages', () => {
  it('follows nextCursor to the last page and keeps the order', async () => {
    const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
      start: { items: [1, 2], nextCursor: 'c1' },
      c1: { items: [3, 4], nextCursor: 'c2' },
      c2: { items: [5], nextCursor: null },
    };
    const fetchPage = vi.fn(async (cursor: string | undefined) => pages[cursor ?? 'start']!);
    await expect(fetchAllPages(fetchPage)).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, 'c1', 'c2']);
  });

  it('asks once for a list of one page', async () => {
    const fetchPage = vi.fn(async () => ({ items: ['a'], nextCursor: null }));
    await expect(fetchAllPages(fetchPage)).resolves.toEqual(['a']);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops instead of looping on a repeated cursor', async () => {
    const fetchPage = async () => ({ items: [1], nextCursor: 'same' });
    await expect(fetchAllPages(fetchPage)).rejects.toThrow(/same cursor/);
  });

  it('passes a failure on', async () => {
    const failure = new Error('offline');
    await expect(
      fetchAllPages(async (cursor) => {
        if (cursor) throw failure;
        return { items: [1], nextCursor: 'next' };
      }),
    ).rejects.toBe(failure);
  });
});

describe('cursorPageSchema', () => {
  it('accepts a total or null, and refuses other shapes', () => {
    const schema = cursorPageSchema(z.object({ id: z.string() }));
    expect(schema.safeParse({ items: [{ id: 'a' }], nextCursor: null, total: 1 }).success).toBe(
      true,
    );
    expect(schema.safeParse({ items: [], nextCursor: 'c', total: null }).success).toBe(true);
    expect(schema.safeParse({ items: [{}], nextCursor: null, total: 1 }).success).toBe(false);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
  });
});
