import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardPath, parseDashboard, type Dashboard } from '../api';
import { RecentRequests } from '../components/recent-requests';

/** The charts load apart: their code is most of the page's, and the figures come first. */
const DailyCharts = lazy(() => import('../components/daily-charts'));

const counters = [
  'reportRequests',
  'products',
  'serialRanges',
  'units',
  'machineResults',
] as const satisfies readonly (keyof Dashboard)[];

export default function DashboardPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dashboard = useApiQuery(dashboardPath, parseDashboard);
  useDocumentTitle(t('dashboard.title'));

  const dateTime = (value: string) => formatDateTime(value, language) ?? value;
  const loading = dashboard.status === 'loading';

  if (dashboard.status === 'error') {
    return (
      <ContentLayout header={<PageHeader />}>
        <Alert
          type="error"
          data-testid="dashboard-error"
          action={<Button onClick={dashboard.reload}>{t('common.retry')}</Button>}
        >
          {dashboard.error.message}
        </Alert>
      </ContentLayout>
    );
  }

  const figures = dashboard.data;
  const chartsLoading = (
    <StatusIndicator type="loading">{t('dashboard.charts.loading')}</StatusIndicator>
  );

  return (
    <ContentLayout header={<PageHeader />}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <Button
                  iconName="refresh"
                  ariaLabel={t('common.refresh')}
                  loading={loading}
                  onClick={dashboard.reload}
                  data-testid="dashboard-refresh"
                />
              }
            >
              {t('dashboard.overview')}
            </Header>
          }
        >
          {figures ? (
            <KeyValuePairs
              columns={3}
              // Large figures must not wrap mid-number: one column on phones.
              minColumnWidth={200}
              data-testid="dashboard-figures"
              items={[
                ...counters.map((name) => ({
                  id: `dashboard-${name}`,
                  label: t(`dashboard.${name}`),
                  value: (
                    <Box
                      variant="awsui-value-large"
                      tagOverride="span"
                      data-testid={`dashboard-${name}`}
                    >
                      {figures[name] === null ? '—' : formatNumber(figures[name], language)}
                    </Box>
                  ),
                })),
                {
                  id: 'dashboard-lastMachineDataAt',
                  label: t('dashboard.lastMachineDataAt'),
                  value: (
                    <span data-testid="dashboard-lastMachineDataAt">
                      {figures.lastMachineDataAt
                        ? dateTime(figures.lastMachineDataAt)
                        : t('dashboard.noMachineData')}
                    </span>
                  ),
                },
              ]}
            />
          ) : (
            <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
          )}
        </Container>
        {figures ? (
          <Suspense fallback={chartsLoading}>
            <DailyCharts daily={figures.daily} />
          </Suspense>
        ) : (
          chartsLoading
        )}
        <Container
          header={
            <Header variant="h2" description={t('dashboard.recent.description')}>
              {t('dashboard.recent.title')}
            </Header>
          }
        >
          {figures ? (
            <RecentRequests requests={figures.recentRequests} />
          ) : (
            <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
          )}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}

function PageHeader() {
  const { t } = useTranslation();
  return (
    <Header variant="h1" description={t('dashboard.description')} data-testid="dashboard-header">
      {t('dashboard.title')}
    </Header>
  );
}
