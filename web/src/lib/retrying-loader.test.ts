import { describe, expect, it, vi } from 'vitest';
import { retryingLoader } from './retrying-loader';

describe('retryingLoader', () => {
  it('loads once for concurrent and later calls', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const get = retryingLoader(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['module', 'module']);
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next call after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const get = retryingLoader(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
