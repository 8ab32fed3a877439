import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyHistoryEntries } from './lazy-history-entries';

interface RecentActivityProps {
  /** The signed-in person's own id (their token's subject), as entries name them. */
  actor: string;
}

/**
 * "Recent activity" on the profile: what the signed-in person changed over the log's
 * default range (the last 30 days), newest first, a page at a time. The table's code and
 * the entries load after the page shows (`GET /api/audit?actor=<own id>`, open to staff
 * for their own id).
 */
export function RecentActivity({ actor }: RecentActivityProps) {
  const { t } = useTranslation();
  return (
    <Container
      data-testid="recent-activity"
      header={
        <Header variant="h2" description={t('audit.ownActivity.description')}>
          {t('audit.ownActivity.title')}
        </Header>
      }
    >
      <Suspense
        fallback={
          <StatusIndicator type="loading">{t('audit.ownActivity.loading')}</StatusIndicator>
        }
      >
        <LazyHistoryEntries subject={{ actor }} />
      </Suspense>
    </Container>
  );
}
