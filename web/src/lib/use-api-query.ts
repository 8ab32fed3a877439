import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../i18n';
import { ApiError, apiRequest } from './api-client';

export type ApiQueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

type Settled<T> = Exclude<ApiQueryState<T>, { status: 'loading' }>;

/**
 * GETs an API path when the component mounts (and on `reload`), cancelling the
 * request when the component goes away. `parse` checks the answer's shape and
 * should be a stable function (module level).
 */
export function useApiQuery<T>(
  path: `/api/${string}`,
  parse: (body: unknown) => T,
): ApiQueryState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it belongs to: a newer request means "loading".
  const request = `${attempt} ${path}`;
  const [settled, setSettled] = useState<{ request: string; state: Settled<T> }>();

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<unknown>(path, { signal: controller.signal })
      .then((body) => ({ status: 'success', data: parse(body) }) as const)
      .catch((error: unknown) => ({ status: 'error', error: toApiError(error) }) as const)
      .then((state) => {
        if (!controller.signal.aborted) setSettled({ request, state });
      });
    return () => controller.abort();
  }, [request, path, parse]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const state: ApiQueryState<T> =
    settled?.request === request ? settled.state : { status: 'loading' };
  return { ...state, reload };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // An answer that does not match the expected shape is our fault, not the user's.
  return new ApiError('internal', i18n.t('errors.internal'), 200);
}
