import { lazy, Suspense } from 'react';
import type { BulkVoidModalProps } from './bulk-void-dialog';

/** The dialog (Modal, Textarea, the void's schema) is fetched when one first opens. */
const BulkVoidDialog = lazy(() => import('./bulk-void-dialog'));

/** Voids the selected results with one reason (machine data list). Rendered only while open. */
export function BulkVoidModal(props: BulkVoidModalProps) {
  return (
    <Suspense fallback={null}>
      <BulkVoidDialog {...props} />
    </Suspense>
  );
}
