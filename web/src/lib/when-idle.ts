/**
 * Runs `callback` when the browser is idle (`requestIdleCallback`, else a short
 * timeout, e.g. in Safari), for work that must not compete with the first paint.
 * Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}
