import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableTimer } from './pausable-timer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PausableTimer', () => {
  it('fires after its duration', () => {
    const done = vi.fn();
    new PausableTimer(done, 3000);
    vi.advanceTimersByTime(2999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('stops while paused and fires after the remaining time once resumed', () => {
    const done = vi.fn();
    const timer = new PausableTimer(done, 3000);
    vi.advanceTimersByTime(1000);
    timer.pause();
    vi.advanceTimersByTime(10_000);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('never fires once cleared', () => {
    const done = vi.fn();
    const timer = new PausableTimer(done, 3000);
    timer.clear();
    timer.resume();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});
