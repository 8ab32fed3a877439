import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** After a stale save: asked to reload, reloading, or reloaded with what others changed. */
type StaleState =
  | { status: 'conflict'; error?: string }
  | { status: 'reloading' }
  | { status: 'reloaded'; changed: string[] };

interface StaleEditOptions<T extends { version: number }> {
  /** The record as the edit page loaded it. */
  record: T;
  /** Fetches the record's current version. */
  load: () => Promise<T>;
  /** Labels of the fields that differ between two versions. */
  changedLabels: (before: T, after: T) => string[];
  /** Test hooks: `<testId>-stale`, `<testId>-reload`, `<testId>-reloaded`. */
  testId: string;
}

/**
 * Optimistic editing for an edit form: the version the next save is based on, and
 * what to show when the API refused a save as stale (409 `aborted`). "Reload" fetches
 * the current version and names the fields someone else changed, while the form keeps
 * everything typed; saving again then replaces the newer version knowingly.
 */
export function useStaleEdit<T extends { version: number }>({
  record,
  load,
  changedLabels,
  testId,
}: StaleEditOptions<T>) {
  const { t } = useTranslation();
  const [base, setBase] = useState(record);
  const [stale, setStale] = useState<StaleState>();

  async function reloadLatest() {
    setStale({ status: 'reloading' });
    try {
      const latest = await load();
      setStale({ status: 'reloaded', changed: changedLabels(base, latest) });
      setBase(latest);
    } catch (error) {
      setStale({
        status: 'conflict',
        error: error instanceof ApiError ? error.message : t('errors.internal'),
      });
    }
  }

  let notice;
  if (stale?.status === 'reloaded') {
    notice = (
      <Alert
        type="info"
        dismissible
        onDismiss={() => setStale(undefined)}
        data-testid={`${testId}-reloaded`}
      >
        {stale.changed.length > 0
          ? t('staleEdit.reloadedChanged', {
              fields: stale.changed.join(t('common.listSeparator')),
            })
          : t('staleEdit.reloadedSame')}
      </Alert>
    );
  } else if (stale) {
    notice = (
      <Alert
        type="warning"
        header={t('errors.aborted')}
        data-testid={`${testId}-stale`}
        action={
          <Button
            formAction="none"
            onClick={() => void reloadLatest()}
            loading={stale.status === 'reloading'}
            data-testid={`${testId}-reload`}
          >
            {t('staleEdit.reload')}
          </Button>
        }
      >
        {stale.status === 'conflict' && stale.error ? stale.error : t('staleEdit.hint')}
      </Alert>
    );
  }

  return {
    /** The version the next save must carry. */
    version: base.version,
    notice,
    /** The API refused a save as stale. */
    markStale: () => setStale({ status: 'conflict' }),
    /** A new save starts: the previous notice no longer applies. */
    clear: () => setStale(undefined),
  };
}
