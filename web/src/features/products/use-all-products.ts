import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Product } from '../../../../lambdas/shared/contract/schemas/product-record';
import { i18n } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { listAllProducts } from './api';

export type AllProductsState =
  | { status: 'loading' }
  | { status: 'success'; products: Product[] }
  | { status: 'error'; error: ApiError };

/** What `useAllProducts` answers. */
export type AllProducts = ReturnType<typeof useAllProducts>;

/**
 * Every product in name order, loaded once when the component mounts (and on
 * `reload`): for product choices and for showing names next to product ids.
 */
export function useAllProducts() {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ attempt: number; state: AllProductsState }>();

  useEffect(() => {
    const controller = new AbortController();
    void listAllProducts(undefined, controller.signal)
      .then((products): AllProductsState => ({ status: 'success', products }))
      .catch((error: unknown): AllProductsState => ({
        status: 'error',
        error:
          error instanceof ApiError
            ? error
            : new ApiError('internal', i18n.t('errors.internal'), 0),
      }))
      .then((state) => {
        if (!controller.signal.aborted) setSettled({ attempt, state });
      });
    return () => controller.abort();
  }, [attempt]);

  const state: AllProductsState =
    settled?.attempt === attempt ? settled.state : { status: 'loading' };
  const products = state.status === 'success' ? state.products : undefined;
  const byId = useMemo(
    () => new Map((products ?? []).map((product) => [product.id, product])),
    [products],
  );
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, products: products ?? [], byId, reload };
}
