import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { AuditEntity } from '../../../../../lambdas/shared/contract/schemas/audit';
import { withWholeHeaders } from '../../../components/table-cells';
import { TableEmptyState } from '../../../components/table-empty-state';
import { isActorSubject, type AuditSubject } from '../api';
import { useAuditEntries } from '../use-audit-entries';
import { useAuditColumns } from './audit-columns';

/** What a record's page hands its History. */
export interface RecordHistoryProps {
  entity: AuditEntity;
  id: string;
  /**
   * Bumped by the page when it changed the record (e.g. saved its test plan): an open
   * history reads its newest entries again.
   */
  revision?: number;
}

export interface HistoryEntriesProps extends Omit<RecordHistoryProps, 'entity' | 'id'> {
  /** Whose entries: one record's history, or one person's actions (their own, on the profile). */
  subject: AuditSubject;
}

/**
 * A subject's entries, newest first, in a compact table: when, what and each changed field
 * before and after, with who for a record's history and which record for a person's
 * actions; "Load more" reads the next page. Loaded only when shown (a chunk of its own),
 * so no list page, nor the profile's first paint, waits for the audit trail's code.
 */
export default function HistoryEntries({ subject, revision = 0 }: HistoryEntriesProps) {
  const { t } = useTranslation();
  const history = useAuditEntries(subject, revision);
  const ofActor = isActorSubject(subject);
  // One person's actions: the actor is always them; the record is what differs.
  const columns = useAuditColumns({ withRecord: ofActor, withActor: !ofActor });
  const count = history.items.length;
  const texts = ofActor
    ? {
        tableLabel: t('audit.ownActivity.tableLabel'),
        loading: t('audit.ownActivity.loading'),
        empty: t('audit.ownActivity.empty'),
        emptyHint: t('audit.ownActivity.emptyHint'),
        shown: t('audit.ownActivity.shown', { count }),
        all: t('audit.ownActivity.all', { count }),
      }
    : {
        tableLabel: t('audit.history.tableLabel'),
        loading: t('audit.history.loading'),
        empty: t('audit.history.empty'),
        emptyHint: undefined,
        shown: t('audit.history.shown', { count }),
        all: t('audit.history.all', { count }),
      };

  return (
    <Table
      data-testid="history-table"
      variant="borderless"
      items={history.items}
      trackBy="key"
      columnDefinitions={withWholeHeaders(columns)}
      wrapLines
      loading={history.loading}
      loadingText={texts.loading}
      ariaLabels={{ tableLabel: texts.tableLabel }}
      empty={
        history.error ? (
          <TableEmptyState
            error={history.error}
            onRetry={history.retry}
            retryTestId="history-retry"
            onClearFilter={() => {}}
          />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
            <Box variant="strong" color="inherit" data-testid="history-empty">
              {texts.empty}
            </Box>
            {texts.emptyHint && (
              <Box variant="p" color="text-body-secondary">
                {texts.emptyHint}
              </Box>
            )}
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
              {history.hasMore ? texts.shown : texts.all}
            </Box>
            {/* Always present, so a screen reader announces a failure when it appears. */}
            <div role="status" data-testid="history-load-more-status">
              {history.moreError && (
                <StatusIndicator type="error" iconAriaLabel={t('toast.error')}>
                  {history.moreError.message}
                </StatusIndicator>
              )}
            </div>
          </SpaceBetween>
        )
      }
    />
  );
}
