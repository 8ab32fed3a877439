import Button from '@cloudscape-design/components/button';
import { Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '../../../../lambdas/shared/contract/schemas/imports';
import { useToast } from '../toast/use-toast';

/** What a list's import dialog takes (a feature's wrapper of import-csv-modal.tsx). */
export interface ImportDialogProps {
  onClose: () => void;
  onImported: (job: ImportJob) => void;
}

/**
 * A list's "Import" button and its dialog. The dialog is a lazy component the feature gives
 * (`lazy(() => import(...))`, made once at module level), so the list page loads none of it
 * until someone imports. Once a file is stored: a success flash with the count, and
 * `onImported` (the list shows it again).
 */
export function ImportAction({
  dialog: Dialog,
  done,
  onImported,
  testId,
}: {
  dialog: ComponentType<ImportDialogProps>;
  /** The success flash's text for the rows stored. */
  done: (rows: number) => string;
  onImported: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button iconName="upload" onClick={() => setOpen(true)} data-testid={testId}>
        {t('imports.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <Dialog
            onClose={() => setOpen(false)}
            onImported={(job) => {
              setOpen(false);
              showToast({ type: 'success', content: done(job.written) });
              onImported();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
