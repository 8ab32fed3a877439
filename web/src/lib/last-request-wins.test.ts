import { describe, expect, it } from 'vitest';
import { lastRequestWins } from './last-request-wins';

/** A promise settled by the test, to order overlapping loads. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lastRequestWins', () => {
  it('applies a request once its load is done', async () => {
    const applied: string[] = [];
    const run = lastRequestWins(
      () => Promise.resolve(),
      (value: string) => void applied.push(value),
    );
    await expect(run('zh')).resolves.toBe(true);
    expect(applied).toEqual(['zh']);
  });

  it('ends on the last request when an earlier load finishes later', async () => {
    const loads = { zh: deferred(), en: deferred() };
    const applied: string[] = [];
    const run = lastRequestWins(
      (value: 'zh' | 'en') => loads[value].promise,
      (value) => void applied.push(value),
    );
    const first = run('zh');
    const second = run('en');
    loads.en.resolve();
    await expect(second).resolves.toBe(true);
    loads.zh.resolve();
    await expect(first).resolves.toBe(false);
    expect(applied).toEqual(['en']);
  });

  it('rejects when the latest request fails to load', async () => {
    const applied: string[] = [];
    const run = lastRequestWins(
      () => Promise.reject(new Error('offline')),
      (value: string) => void applied.push(value),
    );
    await expect(run('zh')).rejects.toThrow('offline');
    expect(applied).toEqual([]);
  });

  it('drops the failure of a superseded request silently', async () => {
    const loads = { zh: deferred(), en: deferred() };
    const applied: string[] = [];
    const run = lastRequestWins(
      (value: 'zh' | 'en') => loads[value].promise,
      (value) => void applied.push(value),
    );
    const first = run('zh');
    const second = run('en');
    loads.zh.reject(new Error('offline'));
    await expect(first).resolves.toBe(false);
    loads.en.resolve();
    await expect(second).resolves.toBe(true);
    expect(applied).toEqual(['en']);
  });

  it('tries again on the next request after a failure', async () => {
    let attempts = 0;
    const applied: string[] = [];
    const run = lastRequestWins(
      () => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve()),
      (value: string) => void applied.push(value),
    );
    await expect(run('zh')).rejects.toThrow('offline');
    await expect(run('zh')).resolves.toBe(true);
    expect(applied).toEqual(['zh']);
  });
});
