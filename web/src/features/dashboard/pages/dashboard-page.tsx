import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardPath, parseDashboard, type Dashboard } from '../api';

const counters = [
  'products',
  'serialRanges',
  'units',
  'reportRequests',
  'machineResults',
] as const satisfies readonly (keyof Dashboard)[];

export default function DashboardPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dashboard = useApiQuery(dashboardPath, parseDashboard);
  useDocumentTitle(t('dashboard.title'));

  const lastMachineData = (value: string | null) =>
    (value && formatDateTime(value, language)) ?? value ?? t('common.none');

  let body;
  if (dashboard.status === 'loading') {
    body = <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  } else if (dashboard.status === 'error') {
    body = (
      <Alert
        type="error"
        data-testid="dashboard-error"
        action={<Button onClick={dashboard.reload}>{t('common.retry')}</Button>}
      >
        {dashboard.error.message}
      </Alert>
    );
  } else {
    const figures = dashboard.data;
    body = (
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
              <Box variant="awsui-value-large" tagOverride="span">
                {formatNumber(figures[name], language)}
              </Box>
            ),
          })),
          {
            id: 'dashboard-lastMachineDataAt',
            label: t('dashboard.lastMachineDataAt'),
            value: lastMachineData(figures.lastMachineDataAt),
          },
        ]}
      />
    );
  }

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('dashboard.description')}
          data-testid="dashboard-header"
        >
          {t('dashboard.title')}
        </Header>
      }
    >
      <Container
        header={
          <Header
            variant="h2"
            actions={
              <Button
                iconName="refresh"
                ariaLabel={t('common.refresh')}
                loading={dashboard.status === 'loading'}
                onClick={dashboard.reload}
              />
            }
          >
            {t('dashboard.overview')}
          </Header>
        }
      >
        {body}
      </Container>
    </ContentLayout>
  );
}
