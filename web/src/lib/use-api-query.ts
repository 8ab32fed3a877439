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
 * should be a stable function (module level). With `keepWhileReloading`, a reload of the
 * same path keeps showing what it answered before (`reloading` is true meanwhile), so a
 * page refreshed after a change does not blink back to its loading state.
 */
export function useApiQuery<T>(
  path: `/api/${string}`,
  parse: (body: unknown) => T,
  { keepWhileReloading = false }: { keepWhileReloading?: boolean } = {},
): ApiQueryState<T> & { reload: () => void; reloading: boolean } {
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it belongs to: a newer request means "loading".
  const request = `${attempt} ${path}`;
  const [settled, setSettled] = useState<{ request: string; path: string; state: Settled<T> }>();

  useEffect(() => {
    const controller = new AbortController();
    void apiRequest<unknown>(path, { signal: controller.signal })
      .then((body) => ({ status: 'success', data: parse(body) }) as const)
      .catch((error: unknown) => ({ status: 'error', error: toApiError(error) }) as const)
      .then((state) => {
        if (!controller.signal.aborted) setSettled({ request, path, state });
      });
    return () => controller.abort();
  }, [request, path, parse]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = settled?.request === request ? settled.state : undefined;
  const previous =
    keepWhileReloading && settled?.path === path && settled.state.status === 'success'
      ? settled.state
      : undefined;
  const state: ApiQueryState<T> = current ?? previous ?? { status: 'loading' };
  return { ...state, reload, reloading: !current && previous !== undefined };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // An answer that does not match the expected shape is our fault, not the user's.
  return new ApiError('internal', i18n.t('errors.internal'), 200);
}
