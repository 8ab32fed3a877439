import ExpandableSection from '@cloudscape-design/components/expandable-section';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntriesTableProps } from './entries-table';

const EntriesTable = lazy(() => import('./entries-table'));

/**
 * A "History" section over entries the page read with its record (a unit's page), open at
 * first since nothing more is read: the table's code is fetched as it shows.
 */
export function EntriesHistory({
  description,
  ...props
}: EntriesTableProps & { description: string }) {
  const { t } = useTranslation();
  return (
    <ExpandableSection
      data-testid="record-history"
      variant="container"
      defaultExpanded
      headerText={t('audit.history.title')}
      headerCounter={`(${props.entries.length})`}
      headerDescription={description}
    >
      <Suspense
        fallback={<StatusIndicator type="loading">{t('audit.history.loading')}</StatusIndicator>}
      >
        <EntriesTable {...props} />
      </Suspense>
    </ExpandableSection>
  );
}
