import { lazy, Suspense } from 'react';
import type { ConfirmModalProps } from './confirm-dialog';

/** Cloudscape's Modal and Alert are fetched when a dialog first opens, not with the page. */
const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/**
 * Asks before something that cannot be undone (a delete), then does it. Rendered only
 * while it is open (it is always visible).
 */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
