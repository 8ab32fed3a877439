import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { UnitReportLine } from '../../../../../lambdas/shared/contract/schemas/unit';
import { DeliveryStatusIndicator } from '../../../components/delivery-status';
import { RouterLink } from '../../../components/router-link';
import { withWholeHeaders } from '../../../components/table-cells';
import { VerdictStatus } from '../../../components/verdict-status';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../routes/paths';

/**
 * Every report issued for the unit, newest first: its number, when, in which language, the
 * verdict it stated and where its mail stands ("Expired" once the request, with the
 * visitor's email, was deleted).
 */
export function UnitReports({
  serial,
  reports,
}: {
  serial: string;
  reports: readonly UnitReportLine[];
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const columns: TableProps.ColumnDefinition<UnitReportLine>[] = [
    {
      id: 'reportNumber',
      header: t('unit.reports.columns.reportNumber'),
      isRowHeader: true,
      cell: (report) => <span className="unit-nowrap">{report.reportNumber}</span>,
    },
    {
      id: 'issuedAt',
      header: t('unit.reports.columns.issuedAt'),
      cell: (report) => formatDateTime(report.issuedAt, language) ?? report.issuedAt,
    },
    {
      id: 'language',
      header: t('unit.reports.columns.language'),
      cell: (report) => <span className="unit-nowrap">{t(`language.${report.language}`)}</span>,
    },
    {
      id: 'verdict',
      header: t('unit.reports.columns.verdict'),
      cell: (report) => (
        <span className="unit-nowrap">
          <VerdictStatus verdict={report.verdict} />
        </span>
      ),
    },
    {
      id: 'status',
      header: t('unit.reports.columns.status'),
      cell: (report) =>
        report.status === null ? (
          <StatusIndicator type="stopped" colorOverride="grey">
            {t('unit.reports.expired')}
          </StatusIndicator>
        ) : (
          <DeliveryStatusIndicator status={report.status} />
        ),
    },
  ];
  return (
    <Table
      data-testid="unit-reports"
      variant="container"
      items={[...reports]}
      trackBy="reportNumber"
      columnDefinitions={withWholeHeaders(columns)}
      wrapLines
      ariaLabels={{ tableLabel: t('unit.reports.tableLabel') }}
      header={
        <Header
          variant="h2"
          counter={`(${reports.length})`}
          description={t('unit.reports.description')}
          actions={
            <RouterLink
              to={`${paths.searches}?serial=${encodeURIComponent(serial)}`}
              data-testid="unit-searches"
            >
              {t('unit.reports.searchHistory')}
            </RouterLink>
          }
        >
          {t('unit.reports.title')}
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
          <Box variant="strong" color="inherit">
            {t('unit.reports.empty')}
          </Box>
        </Box>
      }
    />
  );
}
