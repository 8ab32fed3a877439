/**
 * Wraps a loader (typically a dynamic `import()`) so that concurrent and later calls
 * share one successful load, while a failed load is forgotten: the next call tries
 * again (offline for a moment, or an old tab after a deploy) instead of repeating a
 * cached rejection.
 */
export function retryingLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
