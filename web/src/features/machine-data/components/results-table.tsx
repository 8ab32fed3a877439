import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import {
  testOutcomes,
  type TestOutcome,
} from '../../../../../lambdas/shared/contract/schemas/report-request';
import { BulkActions } from '../../../components/bulk/bulk-actions';
import { useExportSelected } from '../../../components/bulk/export-selected';
import { ChoiceFilter } from '../../../components/choice-filter';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterActions, FilterBar, FilterItem } from '../../../components/filter-bar';
import { RouterLink } from '../../../components/router-link';
import { ClampedText, DateTimeCell } from '../../../components/table-cells';
import { useToast } from '../../../components/toast/use-toast';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import { useLanguage } from '../../../i18n/use-language';
import type { DateRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedText } from '../../../lib/use-debounced-value';
import { outcomeStatus } from '../../../lib/verdict';
import { pathTo, paths } from '../../../routes/paths';
import {
  BulkVoidModal,
  MeasuredValue,
  resultSource,
  VoidableText,
  VoidNote,
  VoidResultModal,
} from '../../units';
import {
  fetchResultsPage,
  isFiltered,
  listAllResults,
  maxTestNameLength,
  unitSerial,
  type ResultFilters,
} from '../api';
import '../machine-data.css';
import { resultsCsv } from '../result-csv';

/** Longest serial the field takes (prefix and digits, as the API allows). */
const maxSerialLength = 64;

interface ResultsTableProps {
  /** The unit whose history to show first (e.g. `?serial=` of a link); empty for all. */
  serial: string;
  onSerialChange: (serial: string) => void;
  /** Bumped by an upload: the table reads the results again. */
  refreshKey: number;
}

/**
 * The machine test results, newest first, with filters; with a serial, that unit's
 * whole history. Server-side pages, the product's page sizes, CSV export.
 */
export function ResultsTable({
  serial: serialText,
  onSerialChange,
  refreshKey,
}: ResultsTableProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { showToast } = useToast();
  const [voiding, setVoiding] = useState<TestResult>();
  /** The selected results being voided with one reason, and how many are voided already. */
  const [bulkVoid, setBulkVoid] = useState<{ results: TestResult[]; skipped: number }>();
  const exportSelected = useExportSelected();
  const [testNameText, setTestNameText] = useState('');
  const [result, setResult] = useState<TestOutcome | ''>('');
  const [range, setRange] = useState<DateRange>({});
  const serialTyped = useDebouncedText(serialText);
  const testName = useDebouncedText(testNameText);
  // A serial that is not one yet (still being typed) narrows nothing: it says so instead.
  const serialProblem = serialTyped !== '' && !unitSerial(serialTyped);
  const serial = serialProblem ? '' : serialTyped;
  const filters: ResultFilters = { serial, testName, result, range };
  const unit = unitSerial(serial);

  const filtered = isFiltered(filters);
  const dateTime = (value: string) => formatDateTime(value, language) ?? value;
  /** A cell's text, struck through once its result is voided (it stays listed, it no longer counts). */
  const struck = (item: TestResult, text: string) => (
    <VoidableText result={item}>{text}</VoidableText>
  );
  const unitLink = (serial: string) => (
    <Box variant="small">
      <RouterLink
        to={pathTo(paths.unit, { serial })}
        ariaLabel={t('machineData.results.openUnit', { serial })}
        data-testid="result-unit-link"
      >
        <span className="machine-data-nowrap">{t('machineData.results.unitPage')}</span>
      </RouterLink>
    </Box>
  );

  const clearFilters = () => {
    onSerialChange('');
    setTestNameText('');
    setResult('');
    setRange({});
  };

  const columns: ServerTableColumn<TestResult>[] = [
    {
      id: 'testedAt',
      header: t('machineData.columns.testedAt'),
      // Date and time may take two lines, each whole: the columns that follow need the room.
      cell: (item) => (
        <VoidableText result={item}>
          <DateTimeCell value={item.testedAt} />
        </VoidableText>
      ),
    },
    {
      id: 'serialNumber',
      header: t('machineData.columns.serialNumber'),
      isRowHeader: true,
      alwaysVisible: true,
      cell: (item) => (
        <SpaceBetween size="xxxs">
          {unit ? (
            <span className="machine-data-nowrap">{item.serialNumber}</span>
          ) : (
            <Link
              href={`?serial=${encodeURIComponent(item.serialNumber)}`}
              ariaLabel={t('machineData.results.showHistory', { serial: item.serialNumber })}
              onFollow={(event) => {
                event.preventDefault();
                onSerialChange(item.serialNumber);
              }}
            >
              <span className="machine-data-nowrap">{item.serialNumber}</span>
            </Link>
          )}
          {unitLink(item.serialNumber)}
        </SpaceBetween>
      ),
    },
    {
      id: 'testName',
      header: t('machineData.columns.testName'),
      // Plan tests have long names ("Seat test high pressure (WCB)"): two lines at most.
      minWidth: 150,
      cell: (item) => struck(item, item.testName),
    },
    {
      id: 'result',
      header: t('machineData.columns.result'),
      // Room for a void's note ("Voided by … on …: reason") under the outcome.
      minWidth: 110,
      cell: (item) => (
        <SpaceBetween size="xxxs">
          <span className="machine-data-nowrap">
            <VoidableText result={item}>
              <StatusIndicator type={outcomeStatus[item.result]}>
                {t(`report.outcomes.${item.result}`)}
              </StatusIndicator>
            </VoidableText>
          </span>
          <VoidNote result={item} />
        </SpaceBetween>
      ),
    },
    {
      // The value, and under it the limit it was judged against and the plan version that
      // set it (kept with the result: a later plan never changes them).
      id: 'value',
      header: t('machineData.columns.value'),
      cell: (item) => <MeasuredValue result={item} />,
    },
    {
      id: 'notes',
      header: t('machineData.columns.notes'),
      minWidth: 170,
      maxWidth: 320,
      // Two lines of a long note; the rest on hover or focus.
      cell: (item) => (
        <VoidableText result={item}>
          {item.notes ? <ClampedText text={item.notes} /> : t('common.none')}
        </VoidableText>
      ),
    },
    // The bench and its operator: shown from the table preferences (docs/web-app.md,
    // "Tables on a laptop screen"); a unit's page shows both for each of its results.
    {
      id: 'machineId',
      header: t('machineData.columns.machineId'),
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      cell: (item) => struck(item, item.machineId),
    },
    {
      id: 'operator',
      header: t('machineData.columns.operator'),
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      cell: (item) => struck(item, item.operator ?? t('common.none')),
    },
    {
      id: 'receivedAt',
      hiddenByDefault: true,
      header: t('machineData.columns.receivedAt'),
      cell: (item) => dateTime(item.receivedAt),
    },
    {
      id: 'source',
      hiddenByDefault: true,
      header: t('machineData.columns.source'),
      // An uploaded result: who entered it for which bench; else the key that sent it.
      cell: (item) => struck(item, item.enteredBy ? resultSource(item, t) : item.source),
    },
    {
      id: 'actions',
      header: t('machineData.columns.actions'),
      alwaysVisible: true,
      cell: (item) =>
        item.voidedAt ? null : (
          <Button
            variant="inline-link"
            ariaLabel={t('unit.results.voidLabel', {
              test: `${item.serialNumber} ${item.testName}`,
              date: dateTime(item.testedAt),
            })}
            onClick={() => setVoiding(item)}
            data-testid="result-void"
          >
            <span className="cell-nowrap">{t('unit.results.void')}</span>
          </Button>
        ),
    },
  ];

  const table = useServerTable({
    preferencesKey: 'machineData',
    fetchPage: fetchResultsPage,
    // The refresh key is part of the query: a new upload reads page 1 again.
    query: { ...filters, refreshKey },
    columns,
    filtered,
    onClearFilter: clearFilters,
    counter: 'matched',
    texts: 'machineData.results',
    retryTestId: 'results-retry',
    selection: {
      itemLabel: (item) => `${item.serialNumber} ${item.testName} ${dateTime(item.testedAt)}`,
    },
  });
  const selected = table.selectedItems;
  const voidable = selected.filter((item) => !item.voidedAt);

  return (
    <>
      <Table
        {...table.tableProps}
        data-testid="results-table"
        variant="container"
        wrapLines
        stickyColumns={{ last: 1 }}
        header={
          <Header
            variant="h2"
            counter={table.counter}
            description={
              unit
                ? t('machineData.results.historyDescription')
                : t('machineData.results.description')
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {unit && (
                  <Button onClick={() => onSerialChange('')} data-testid="results-all-units">
                    {t('machineData.results.allUnits')}
                  </Button>
                )}
                <Button
                  iconName="refresh"
                  ariaLabel={t('common.refresh')}
                  loading={table.loading}
                  onClick={table.list.reload}
                />
                <BulkActions
                  count={selected.length}
                  testId="results-bulk"
                  actions={[
                    { id: 'export', text: t('bulk.exportSelected') },
                    {
                      id: 'void',
                      text: t('bulk.void.menu'),
                      disabledReason: voidable.length === 0 ? t('bulk.void.none') : undefined,
                    },
                  ]}
                  onAction={(id) => {
                    if (id === 'export') {
                      void exportSelected(unit ? `machine-data-${unit}` : 'machine-data', () =>
                        Promise.resolve({ csv: resultsCsv(selected), rows: selected.length }),
                      );
                    } else if (id === 'void') {
                      setBulkVoid({
                        results: voidable,
                        skipped: selected.length - voidable.length,
                      });
                    }
                  }}
                />
                <ExportCsvButton
                  fileBase={unit ? `machine-data-${unit}` : 'machine-data'}
                  build={async () => {
                    const results = await listAllResults(filters);
                    return { csv: resultsCsv(results), rows: results.length };
                  }}
                />
              </SpaceBetween>
            }
          >
            <span data-testid="results-title">
              {unit
                ? t('machineData.results.historyTitle', { serial: unit })
                : t('machineData.results.title')}
            </span>
          </Header>
        }
        filter={
          <FilterBar>
            <FilterItem>
              <FormField
                label={t('machineData.filters.serial')}
                errorText={serialProblem ? t('validation.serialFormat') : undefined}
              >
                <Input
                  type="search"
                  value={serialText}
                  onChange={({ detail }) => onSerialChange(detail.value.slice(0, maxSerialLength))}
                  placeholder={t('machineData.filters.serialPlaceholder')}
                  data-testid="results-serial"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('machineData.filters.testName')}>
                <Input
                  type="search"
                  value={testNameText}
                  onChange={({ detail }) =>
                    setTestNameText(detail.value.slice(0, maxTestNameLength))
                  }
                  placeholder={t('machineData.filters.testNamePlaceholder')}
                  data-testid="results-test-name"
                />
              </FormField>
            </FilterItem>
            <FilterItem>
              <FormField label={t('machineData.filters.result')}>
                <ChoiceFilter
                  data-testid="results-outcome"
                  allLabel={t('machineData.filters.allResults')}
                  choices={testOutcomes.map((value) => ({
                    value,
                    label: t(`report.outcomes.${value}`),
                  }))}
                  value={result}
                  onChange={setResult}
                />
              </FormField>
            </FilterItem>
            <FilterItem wide>
              <FormField label={t('machineData.filters.dates')}>
                <DateRangeFilter
                  value={range}
                  onChange={setRange}
                  ariaLabel={t('machineData.filters.dates')}
                  data-testid="results-dates"
                />
              </FormField>
            </FilterItem>
            {filtered && (
              <FilterActions>
                <Button onClick={clearFilters} data-testid="results-clear">
                  {t('table.clearFilter')}
                </Button>
              </FilterActions>
            )}
          </FilterBar>
        }
        footer={
          unit ? (
            <Box variant="small" color="text-body-secondary">
              {t('machineData.results.historyFooter')}
            </Box>
          ) : undefined
        }
      />
      {bulkVoid && (
        <BulkVoidModal
          {...bulkVoid}
          onFinished={({ changed, failed }) => {
            table.list.reload();
            table.clearSelection();
            if (failed > 0) return;
            setBulkVoid(undefined);
            showToast({ type: 'success', content: t('bulk.void.done', { count: changed }) });
          }}
          onClose={() => setBulkVoid(undefined)}
        />
      )}
      {voiding && (
        <VoidResultModal
          result={voiding}
          onClose={() => setVoiding(undefined)}
          onVoided={() => {
            setVoiding(undefined);
            showToast({ type: 'success', content: t('unit.void.done') });
            table.list.reload();
          }}
        />
      )}
    </>
  );
}
