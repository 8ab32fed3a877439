import ExpandableSection from '@cloudscape-design/components/expandable-section';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordHistoryProps } from './history-entries';
import { LazyHistoryEntries } from './lazy-history-entries';

/**
 * A record's "History" on its edit page: closed at first; opening it fetches the table's
 * code and the newest changes (nothing is read before), and it keeps what it loaded when
 * closed again.
 */
export function RecordHistory({ entity, id, ...props }: RecordHistoryProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <ExpandableSection
      data-testid="record-history"
      variant="container"
      headerText={t('audit.history.title')}
      headerDescription={t('audit.history.description')}
      expanded={expanded}
      onChange={({ detail }) => {
        setExpanded(detail.expanded);
        if (detail.expanded) setOpened(true);
      }}
    >
      {opened && (
        <Suspense
          fallback={<StatusIndicator type="loading">{t('audit.history.loading')}</StatusIndicator>}
        >
          <LazyHistoryEntries subject={{ entity, id }} {...props} />
        </Suspense>
      )}
    </ExpandableSection>
  );
}
