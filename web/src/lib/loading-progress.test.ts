import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingProgress } from './loading-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LoadingProgress', () => {
  it('ticks every 800 ms, holds at 82 %, completes at 100 % and resets 300 ms later', () => {
    const progress = new LoadingProgress();
    const seen: number[] = [];
    progress.subscribe((state) => seen.push(state.percent));

    const end = progress.begin();
    expect(progress.current).toEqual({ phase: 'loading', percent: 8 });
    vi.advanceTimersByTime(799);
    expect(progress.current.percent).toBe(8);
    vi.advanceTimersByTime(1);
    expect(progress.current.percent).toBeGreaterThan(8);
    const afterOneTick = progress.current.percent;
    vi.advanceTimersByTime(800);
    expect(progress.current.percent).toBeGreaterThan(afterOneTick);

    vi.advanceTimersByTime(60_000);
    expect(progress.current).toEqual({ phase: 'loading', percent: 82 });
    // Never past the hold point, and never backwards.
    expect(Math.max(...seen)).toBe(82);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    end();
    expect(progress.current).toEqual({ phase: 'done', percent: 100 });
    vi.advanceTimersByTime(299);
    expect(progress.current.phase).toBe('done');
    vi.advanceTimersByTime(1);
    expect(progress.current).toEqual({ phase: 'idle', percent: 0 });
    // No timer left running once idle.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows overlapping work as one run that completes when the last piece ends', () => {
    const progress = new LoadingProgress();
    const endRoute = progress.begin();
    vi.advanceTimersByTime(800);
    const endApi = progress.begin();
    endRoute();
    expect(progress.current.phase).toBe('loading');
    endRoute(); // a second call is ignored
    expect(progress.current.phase).toBe('loading');
    endApi();
    expect(progress.current.percent).toBe(100);
  });

  it('continues a run that starts again during the 100 % moment', () => {
    const progress = new LoadingProgress();
    progress.begin()();
    vi.advanceTimersByTime(100);
    const end = progress.begin();
    expect(progress.current.phase).toBe('loading');
    vi.advanceTimersByTime(300);
    expect(progress.current.phase).toBe('loading');
    end();
    vi.advanceTimersByTime(300);
    expect(progress.current.phase).toBe('idle');
  });

  it('tracks a promise, settled either way', async () => {
    const progress = new LoadingProgress();
    await expect(progress.track(Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(progress.current.percent).toBe(100);
    await expect(progress.track(Promise.resolve(1))).resolves.toBe(1);
  });
});
