import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiQueryState } from '../lib/use-api-query';
import { RecordMissing } from './record-missing';

interface LoadedRecordProps<T> {
  /** The record's GET, from `useApiQuery`. */
  query: ApiQueryState<T> & { reload: () => void };
  /** Prefix of the test hooks `<prefix>-not-found` and `<prefix>-load-error`. */
  testIdPrefix: string;
  /** Shown under the API's message when the record does not exist. */
  notFoundHint: string;
  /** The list to go back to when the record does not exist, and its button's label. */
  backTo: string;
  backLabel: string;
  /** What to show once the record has loaded, e.g. its edit form. */
  children: (record: T) => ReactNode;
}

/**
 * The body of an edit page that loads its record by id: a loading indicator, then
 * either the record (through `children`), the "record missing" panel for a not-found
 * answer, or the error with a retry button.
 */
export function LoadedRecord<T>({
  query,
  testIdPrefix,
  notFoundHint,
  backTo,
  backLabel,
  children,
}: LoadedRecordProps<T>) {
  const { t } = useTranslation();
  if (query.status === 'loading') {
    return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  }
  if (query.status === 'error' && query.error.code === 'not-found') {
    return (
      <RecordMissing
        testId={`${testIdPrefix}-not-found`}
        title={query.error.message}
        description={notFoundHint}
        backTo={backTo}
        backLabel={backLabel}
      />
    );
  }
  if (query.status === 'error') {
    return (
      <Alert
        type="error"
        action={<Button onClick={query.reload}>{t('common.retry')}</Button>}
        data-testid={`${testIdPrefix}-load-error`}
      >
        {query.error.message}
      </Alert>
    );
  }
  return children(query.data);
}
