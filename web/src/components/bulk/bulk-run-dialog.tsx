import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { runEach, type BulkRowFailure } from './run-each';

export interface BulkRunDialogProps<T> {
  title: string;
  /** What will change, with the number of rows ("3 accounts will be disabled …"). */
  children: ReactNode;
  /** Fields the action takes (the reason of a void). */
  fields?: ReactNode;
  /** False while the fields do not allow the run (pure: no state is set in it). */
  ready?: () => boolean;
  /** The confirm button was pressed: the fields show their problems from now on. */
  onAttempt?: () => void;
  confirmLabel: string;
  /** The rows the action applies to, in the order they are changed. */
  items: readonly T[];
  /** A row as a person names it in the report of failures. */
  itemName: (item: T) => string;
  /** Changes one row through the API's route for one record (audited there). */
  run: (item: T) => Promise<unknown>;
  /**
   * The run ended: how many rows changed and how many did not. The page reloads its list;
   * with no failure it closes the dialog, else the dialog stays open with the report.
   */
  onFinished: (result: { changed: number; failed: number }) => void;
  onClose: () => void;
  /** Test hooks: `<testId>`, `-confirm`, `-cancel`, `-progress`, `-report`, `-failure`. */
  testId: string;
}

type RunState =
  | { state: 'idle' }
  | { state: 'running'; done: number }
  | { state: 'finished'; changed: number; failures: BulkRowFailure[] };

/**
 * The confirmation and run of an action on many rows (docs/web-app.md, "Actions on many
 * rows"): it says how many rows will change, then changes them one after another through
 * the API's route for one record (each audited there, as a change made on its own),
 * shows the progress, and reports each row that was refused, by name, in the API's words.
 * Rows changed before a refusal stay changed: the report says which did not.
 */
export default function BulkRunDialog<T>({
  title,
  children,
  fields,
  ready,
  onAttempt,
  confirmLabel,
  items,
  itemName,
  run,
  onFinished,
  onClose,
  testId,
}: BulkRunDialogProps<T>) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<RunState>({ state: 'idle' });
  const closed = useRef(false);
  // A run goes on to its end even when the dialog is closed (each row is its own change);
  // only the dialog's state stops being updated.
  useEffect(
    () => () => {
      closed.current = true;
    },
    [],
  );

  async function start() {
    if (progress.state !== 'idle') return;
    onAttempt?.();
    if (ready && !ready()) return;
    setProgress({ state: 'running', done: 0 });
    const { changed, failures } = await runEach(
      items,
      run,
      itemName,
      t('errors.internal'),
      (done) => {
        if (!closed.current) setProgress({ state: 'running', done });
      },
    );
    if (!closed.current) setProgress({ state: 'finished', changed, failures });
    onFinished({ changed, failed: failures.length });
  }

  const running = progress.state === 'running';
  const finished = progress.state === 'finished';
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel={t('common.close')}
      header={title}
      data-testid={testId}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid={`${testId}-cancel`}>
              {finished ? t('common.close') : t('common.cancel')}
            </Button>
            {!finished && (
              <Button
                variant="primary"
                loading={running}
                onClick={() => void start()}
                data-testid={`${testId}-confirm`}
              >
                {confirmLabel}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p" data-testid={`${testId}-summary`}>
          {children}
        </Box>
        {!finished && fields}
        {running && (
          <ProgressBar
            value={(progress.done / items.length) * 100}
            label={t('bulk.progressLabel')}
            description={t('bulk.progress', { done: progress.done, count: items.length })}
            data-testid={`${testId}-progress`}
          />
        )}
        {finished && (
          <Alert
            type={progress.failures.length === 0 ? 'success' : 'warning'}
            statusIconAriaLabel={
              progress.failures.length === 0 ? t('toast.success') : t('toast.warning')
            }
            header={t('bulk.report', { changed: progress.changed, count: items.length })}
            data-testid={`${testId}-report`}
          >
            {progress.failures.length > 0 && (
              <SpaceBetween size="xs">
                <Box>{t('bulk.failures', { count: progress.failures.length })}</Box>
                <ul className="bulk-failures">
                  {progress.failures.map((failure, index) => (
                    <li key={index} data-testid={`${testId}-failure`}>
                      <strong>{failure.name}</strong>: {failure.message}
                    </li>
                  ))}
                </ul>
              </SpaceBetween>
            )}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
