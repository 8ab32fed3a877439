import { lazy, Suspense } from 'react';
import type { VoidResultModalProps } from './void-result-dialog';

/** The dialog (Modal, Textarea, Alert and the void's schema) is fetched when one first opens. */
const VoidResultDialog = lazy(() => import('./void-result-dialog'));

/**
 * Voids a test result after asking why (staff and admins): the unit page's and the
 * machine data list's "Void". Rendered only while it is open.
 */
export function VoidResultModal(props: VoidResultModalProps) {
  return (
    <Suspense fallback={null}>
      <VoidResultDialog {...props} />
    </Suspense>
  );
}
