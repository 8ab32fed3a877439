import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { AuditEntity } from '../../../../../lambdas/shared/contract/schemas/audit';
import { TableEmptyState } from '../../../components/table-empty-state';
import { useRecordHistory } from '../use-record-history';
import { useAuditColumns } from './audit-columns';

export interface HistoryEntriesProps {
  entity: AuditEntity;
  id: string;
  /** A better name for a value than the entry has (e.g. a product's name for its id). */
  valueName?: (field: string, value: unknown) => string | undefined;
  /**
   * Bumped by the page when it changed the record (e.g. saved its test plan): an open
   * history reads its newest entries again.
   */
  revision?: number;
}

/**
 * One record's changes, newest first, in a compact table: who, when, what and each
 * changed field before and after; "Load more" reads the next page. Loaded only when
 * shown (a chunk of its own), so no list page ever reads the audit trail.
 */
export default function HistoryEntries({
  entity,
  id,
  valueName,
  revision = 0,
}: HistoryEntriesProps) {
  const { t } = useTranslation();
  const history = useRecordHistory({ entity, id }, revision);
  const columns = useAuditColumns({ valueName });
  const count = history.items.length;

  return (
    <Table
      data-testid="history-table"
      variant="borderless"
      items={history.items}
      trackBy="key"
      columnDefinitions={columns}
      wrapLines
      loading={history.loading}
      loadingText={t('audit.history.loading')}
      ariaLabels={{ tableLabel: t('audit.history.tableLabel') }}
      empty={
        history.error ? (
          <TableEmptyState error={history.error} onRetry={history.retry} onClearFilter={() => {}} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
            <Box variant="strong" color="inherit">
              {t('audit.history.empty')}
            </Box>
          </Box>
        )
      }
      footer={
        count > 0 && (
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            {history.hasMore ? (
              <Button
                onClick={() => void history.loadMore()}
                loading={history.loadingMore}
                data-testid="history-load-more"
              >
                {t('audit.history.loadMore')}
              </Button>
            ) : null}
            <Box color="text-body-secondary" variant="span" data-testid="history-count">
              {history.hasMore
                ? t('audit.history.shown', { count })
                : t('audit.history.all', { count })}
            </Box>
            {history.moreError && (
              <StatusIndicator type="error">{history.moreError.message}</StatusIndicator>
            )}
          </SpaceBetween>
        )
      }
    />
  );
}
