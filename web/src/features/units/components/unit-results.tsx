import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { RouterLink } from '../../../components/router-link';
import { ClampedText, DateTimeCell, withWholeHeaders } from '../../../components/table-cells';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { outcomeStatus } from '../../../lib/verdict';
import { paths } from '../../../routes/paths';
import { resultSource } from '../unit-format';
import { MeasuredValue, VoidableText, VoidNote } from './result-cells';

interface UnitResultsProps {
  serial: string;
  /** Every result of the unit, newest first, voided ones included. */
  results: readonly TestResult[];
  /** "Void" on a row that still counts. */
  onVoid: (result: TestResult) => void;
}

/**
 * The unit's results, newest first: a voided one stays, struck through, with who voided
 * it, when and why; each other one can be voided. Where a result came from: its bench, or
 * who entered it for which bench.
 */
export function UnitResults({ serial, results, onVoid }: UnitResultsProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const struck = (result: TestResult, text: string) => (
    <VoidableText result={result}>{text}</VoidableText>
  );
  const columns: TableProps.ColumnDefinition<TestResult>[] = [
    {
      id: 'testedAt',
      header: t('machineData.columns.testedAt'),
      // Date and time may take two lines, each whole: the columns that follow need the room.
      cell: (result) => (
        <VoidableText result={result}>
          <DateTimeCell value={result.testedAt} />
        </VoidableText>
      ),
    },
    {
      id: 'testName',
      header: t('machineData.columns.testName'),
      isRowHeader: true,
      minWidth: 150,
      cell: (result) => struck(result, result.testName),
    },
    {
      id: 'result',
      header: t('machineData.columns.result'),
      // Room for a void's note ("Voided by … on …: reason") under the outcome.
      minWidth: 110,
      cell: (result) => (
        <SpaceBetween size="xxxs">
          <span className="unit-nowrap">
            <VoidableText result={result}>
              <StatusIndicator type={outcomeStatus[result.result]}>
                {t(`report.outcomes.${result.result}`)}
              </StatusIndicator>
            </VoidableText>
          </span>
          <VoidNote result={result} />
        </SpaceBetween>
      ),
    },
    {
      // The value, the limit it was judged against and the plan version under it.
      id: 'value',
      header: t('machineData.columns.value'),
      cell: (result) => <MeasuredValue result={result} />,
    },
    {
      // The bench (or who entered the result for it), the operator under it.
      id: 'source',
      header: t('unit.results.source'),
      minWidth: 150,
      cell: (result) => (
        <SpaceBetween size="xxxs">
          <span>{struck(result, resultSource(result, t))}</span>
          {result.operator && (
            <Box variant="small" color="text-body-secondary">
              {struck(result, t('unit.results.operator', { name: result.operator }))}
            </Box>
          )}
        </SpaceBetween>
      ),
    },
    // Notes only when a result has some: the table then still fits a laptop's width.
    ...(results.some((result) => result.notes)
      ? [
          {
            id: 'notes',
            header: t('machineData.columns.notes'),
            minWidth: 150,
            maxWidth: 220,
            // Two lines of a long note; the rest on hover or focus.
            cell: (result: TestResult) => (
              <VoidableText result={result}>
                {result.notes ? <ClampedText text={result.notes} /> : t('common.none')}
              </VoidableText>
            ),
          },
        ]
      : []),
    {
      id: 'actions',
      header: t('unit.results.actions'),
      cell: (result) =>
        result.voidedAt ? null : (
          <Button
            variant="inline-link"
            ariaLabel={t('unit.results.voidLabel', {
              test: result.testName,
              date: formatDateTime(result.testedAt, language) ?? result.testedAt,
            })}
            onClick={() => onVoid(result)}
            data-testid="result-void"
          >
            <span className="unit-nowrap">{t('unit.results.void')}</span>
          </Button>
        ),
    },
  ];

  const voided = results.filter((result) => result.voidedAt).length;
  return (
    <Table
      data-testid="unit-results"
      variant="container"
      items={[...results]}
      trackBy="id"
      columnDefinitions={withWholeHeaders(columns)}
      wrapLines
      stickyColumns={{ last: 1 }}
      ariaLabels={{ tableLabel: t('unit.results.tableLabel') }}
      header={
        <Header
          variant="h2"
          counter={`(${results.length})`}
          description={
            voided > 0
              ? `${t('unit.results.description')} ${t('unit.results.voidedCount', { count: voided })}`
              : t('unit.results.description')
          }
          actions={
            <RouterLink
              to={`${paths.machineData}?serial=${encodeURIComponent(serial)}`}
              data-testid="unit-machine-data"
            >
              {t('unit.results.machineData')}
            </RouterLink>
          }
        >
          {t('unit.results.title')}
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
          <Box variant="strong" color="inherit">
            {t('unit.results.empty')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {t('unit.results.emptyHint')}
          </Box>
        </Box>
      }
    />
  );
}
