/** How GET requests are retried, and how long any request may take. */
export const retryPolicy = {
  /** Wait before the first retry. */
  initialDelayMs: 1000,
  /** Each further wait is this much longer. */
  factor: 1.5,
  /** No wait is longer than this. */
  maxDelayMs: 60_000,
  /** Attempts in all, the first one included. */
  maxAttempts: 4,
} as const;

/** A request with no answer after this long fails with "Request time out". */
export const requestTimeoutMs = 15_000;

/** Statuses worth another try for a read: overloaded or briefly unavailable. */
export const retryableStatuses: ReadonlySet<number> = new Set([429, 503, 504]);

/** The wait before retry number `retry` (1 for the first retry): 1 s, 1.5 s, 2.25 s, … at most 60 s. */
export function retryDelayMs(retry: number, policy = retryPolicy): number {
  const delay = policy.initialDelayMs * policy.factor ** Math.max(0, retry - 1);
  return Math.min(policy.maxDelayMs, Math.round(delay));
}

/** Resolves after `ms`, or rejects with the signal's reason when it is aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether the browser says it is online (always true outside a browser). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Resolves when the browser is online again (at once when it is), or rejects on abort. */
export function waitUntilOnline(signal?: AbortSignal): Promise<void> {
  if (isOnline() || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
    };
    const onOnline = () => {
      cleanup();
      resolve();
    };
    const onAbort = () => {
      cleanup();
      reject(signal?.reason as Error);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
