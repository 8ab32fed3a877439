import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../i18n';
import { ApiError, apiRequest } from './api-client';

export type ApiQueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

/**
 * GETs an API path when the component mounts (and on `reload`), cancelling the
 * request when the component goes away. `parse` checks the answer's shape.
 */
export function useApiQuery<T>(
  path: `/api/${string}`,
  parse: (body: unknown) => T,
): ApiQueryState<T> & { reload: () => void } {
  const [state, setState] = useState<ApiQueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiRequest<unknown>(path, { signal: controller.signal })
      .then((body) => {
        if (!controller.signal.aborted) setState({ status: 'success', data: parse(body) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: toApiError(error) });
      });
    return () => controller.abort();
  }, [path, parse, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // An answer that does not match the expected shape is our fault, not the user's.
  return new ApiError('internal', i18n.t('errors.internal'), 200);
}
