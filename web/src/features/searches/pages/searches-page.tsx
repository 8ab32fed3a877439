import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  deliveryStatuses,
  type DeliveryStatus,
  type ReportRequestSummary,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DeliveryStatusIndicator } from '../../../components/delivery-status';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterActions, FilterBar, FilterItem } from '../../../components/filter-bar';
import { RouterLink } from '../../../components/router-link';
import { BreakableEmail, DateTimeCell } from '../../../components/table-cells';
import { useToast } from '../../../components/toast/use-toast';
import { VerdictStatus } from '../../../components/verdict-status';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import type { DateRange } from '../../../lib/date-range';
import { useDebouncedText } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pathTo, paths } from '../../../routes/paths';
import { useAuth } from '../../auth';
import {
  fetchSearchHistoryPage,
  isFiltered,
  listAllSearchHistory,
  maxEmailFilterLength,
  maxSerialFilterLength,
  resendReport,
  type SearchHistoryFilters,
} from '../api';
import { searchHistoryCsv } from '../search-csv';
import '../searches-page.css';

export default function SearchesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { showToast } = useToast();
  const admin = user?.role === 'admin';
  const [range, setRange] = useState<DateRange>({});
  // `?serial=` (a unit's page links here) starts the list filtered to that unit.
  const [searchParams] = useSearchParams();
  const [serialText, setSerialText] = useState(() => searchParams.get('serial') ?? '');
  const [emailText, setEmailText] = useState('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const serial = useDebouncedText(serialText);
  const email = useDebouncedText(emailText);
  const filters: SearchHistoryFilters = { range, serial, email, status };
  /** Lines a resend changed, kept with the page they belong to (a new page shows the server's). */
  const [changed, setChanged] = useState<{
    page: unknown;
    lines: Map<string, ReportRequestSummary>;
  }>();
  const [resending, setResending] = useState<ReportRequestSummary>();
  useDocumentTitle(t('searches.title'));

  const filtered = isFiltered(filters);

  const clearFilters = () => {
    setRange({});
    setSerialText('');
    setEmailText('');
    setStatus('');
  };

  const columns: ServerTableColumn<ReportRequestSummary>[] = [
    {
      id: 'requestedAt',
      header: t('searches.columns.requestedAt'),
      // Date and time may take two lines (the columns that follow need the room), but
      // each stays whole.
      cell: (line) => <DateTimeCell value={line.requestedAt} />,
    },
    {
      id: 'serialNumber',
      header: t('searches.columns.serialNumber'),
      isRowHeader: true,
      alwaysVisible: true,
      cell: (line) => (
        <RouterLink
          to={pathTo(paths.unit, { serial: line.serialNumber })}
          ariaLabel={t('searches.openUnit', { serial: line.serialNumber })}
          data-testid="search-unit-link"
        >
          <span className="searches-nowrap">{line.serialNumber}</span>
        </RouterLink>
      ),
    },
    {
      id: 'productName',
      header: t('searches.columns.productName'),
      minWidth: 150,
      cell: (line) => line.productName,
    },
    {
      id: 'verdict',
      header: t('searches.columns.verdict'),
      cell: (line) => (
        <span className="searches-nowrap">
          <VerdictStatus verdict={line.verdict} />
        </span>
      ),
    },
    {
      id: 'email',
      header: t('searches.columns.email'),
      // A long address breaks (at the @ and the dots first) rather than widen the table.
      minWidth: 160,
      cell: (line) => <BreakableEmail email={line.email} />,
    },
    {
      id: 'language',
      header: t('searches.columns.language'),
      // Shown from the table preferences, as the report number and the client address:
      // without them the list fits 1280 px beside the navigation (docs/web-app.md,
      // "Tables on a laptop screen").
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      cell: (line) => <span className="searches-nowrap">{t(`language.${line.language}`)}</span>,
    },
    {
      id: 'reportNumber',
      hiddenByDefault: true,
      header: t('searches.columns.reportNumber'),
      // A withheld request was issued no report.
      cell: (line) => line.reportNumber ?? t('common.none'),
    },
    {
      id: 'clientAddress',
      header: t('searches.columns.clientAddress'),
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      // For admins only (the API gives it to no one else).
      available: admin,
      cell: (line) =>
        line.clientAddress ? (
          <span className="cell-break-anywhere">{line.clientAddress}</span>
        ) : (
          t('common.none')
        ),
    },
    {
      // Last: the resend, the list's one row action, sits here.
      id: 'status',
      header: t('searches.columns.status'),
      alwaysVisible: true,
      minWidth: 160,
      cell: (line) => (
        <SpaceBetween size="xxxs">
          <DeliveryStatusIndicator status={line.status} />
          {line.status === 'failed' && line.statusReason && (
            <Box variant="small" color="text-body-secondary" data-testid="status-reason">
              {line.statusReason}
            </Box>
          )}
          {/* The action sits with the failure it answers (admins only; the API agrees). */}
          {admin && line.status === 'failed' && (
            <Button
              variant="inline-link"
              ariaLabel={t('searches.resend.label', { serial: line.serialNumber })}
              onClick={() => setResending(line)}
              data-testid={`resend-${line.id}`}
            >
              {t('searches.resend.action')}
            </Button>
          )}
        </SpaceBetween>
      ),
    },
  ];
  const table = useServerTable({
    preferencesKey: 'searches',
    fetchPage: fetchSearchHistoryPage,
    query: filters,
    columns,
    filtered,
    onClearFilter: clearFilters,
    counter: 'matched',
    texts: 'searches',
    retryTestId: 'searches-retry',
  });
  const { list, loading } = table;
  const page = list.state.status === 'success' ? list.state.data : undefined;
  const items = table.tableProps.items.map((line) =>
    changed?.page === page ? (changed?.lines.get(line.id) ?? line) : line,
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('searches.description')}
          actions={
            <ExportCsvButton
              fileBase="search-history"
              build={async () => {
                const lines = await listAllSearchHistory(filters);
                return { csv: searchHistoryCsv(lines, admin), rows: lines.length };
              }}
            />
          }
        >
          {t('searches.title')}
        </Header>
      }
    >
      <Table
        {...table.tableProps}
        data-testid="searches-table"
        variant="container"
        items={items}
        wrapLines
        stickyColumns={{ last: 1 }}
        header={
          <Header
            variant="h2"
            counter={table.counter}
            description={t('searches.newestFirst')}
            actions={
              <Button
                iconName="refresh"
                ariaLabel={t('common.refresh')}
                loading={loading}
                onClick={list.reload}
                data-testid="searches-refresh"
              />
            }
          >
            {t('searches.tableLabel')}
          </Header>
        }
        filter={
          <FilterBar>
            <FilterItem wide>
              <FormField label={t('searches.filters.dates')}>
                <DateRangeFilter
                  value={range}
                  onChange={setRange}
                  ariaLabel={t('searches.filters.dates')}
                  data-testid="searches-dates"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('searches.filters.serial')}>
                <Input
                  type="search"
                  value={serialText}
                  onChange={({ detail }) =>
                    setSerialText(detail.value.slice(0, maxSerialFilterLength))
                  }
                  placeholder={t('searches.filters.serialPlaceholder')}
                  data-testid="searches-serial"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('searches.filters.email')}>
                <Input
                  type="search"
                  inputMode="email"
                  value={emailText}
                  onChange={({ detail }) =>
                    setEmailText(detail.value.slice(0, maxEmailFilterLength))
                  }
                  placeholder={t('searches.filters.emailPlaceholder')}
                  data-testid="searches-email"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('searches.filters.status')}>
                <ChoiceFilter
                  data-testid="searches-status"
                  allLabel={t('searches.filters.allStatuses')}
                  choices={deliveryStatuses.map((value) => ({
                    value,
                    label: t(`deliveryStatus.${value}`),
                  }))}
                  value={status}
                  onChange={setStatus}
                />
              </FormField>
            </FilterItem>
            {filtered && (
              <FilterActions>
                <Button onClick={clearFilters} data-testid="searches-clear">
                  {t('table.clearFilter')}
                </Button>
              </FilterActions>
            )}
          </FilterBar>
        }
      />
      {resending && (
        <ConfirmModal
          title={t('searches.resend.title')}
          confirmLabel={t('searches.resend.confirm')}
          testId="resend-modal"
          onClose={() => setResending(undefined)}
          onConfirm={async () => {
            const line = await resendReport(resending.id);
            setChanged((current) => {
              const lines = new Map(current?.page === page ? current?.lines : undefined);
              lines.set(line.id, line);
              return { page, lines };
            });
            setResending(undefined);
            showToast({ type: 'success', content: t('searches.resend.done') });
          }}
        >
          {t('searches.resend.body', {
            serial: resending.serialNumber,
            email: resending.email,
          })}
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
