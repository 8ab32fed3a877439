import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { formatLimit } from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime } from '../../../lib/format';
import { outcomeStatus } from '../../../lib/verdict';
import { paths } from '../../../routes/paths';
import { measuredText, resultSource } from '../unit-format';
import { VoidableText, VoidNote } from './result-cells';

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
      cell: (result) => (
        <span className="unit-nowrap">
          {struck(result, formatDateTime(result.testedAt, language) ?? result.testedAt)}
        </span>
      ),
    },
    {
      id: 'testName',
      header: t('machineData.columns.testName'),
      isRowHeader: true,
      minWidth: 180,
      cell: (result) => struck(result, result.testName),
    },
    {
      id: 'result',
      header: t('machineData.columns.result'),
      minWidth: 170,
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
      id: 'value',
      header: t('machineData.columns.value'),
      cell: (result) => (
        <span className="unit-nowrap">{struck(result, measuredText(result, t, language))}</span>
      ),
    },
    {
      id: 'limit',
      header: t('machineData.columns.limit'),
      cell: (result) => {
        const limit = result.limit && formatLimit(result.limit);
        return (
          <SpaceBetween size="xxxs">
            <span className="unit-nowrap">{struck(result, limit || t('common.none'))}</span>
            {result.planVersion !== null && (
              <Box variant="small" color="text-body-secondary">
                <span className="unit-nowrap">
                  {t('machineData.results.planVersion', { version: result.planVersion })}
                </span>
              </Box>
            )}
          </SpaceBetween>
        );
      },
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
            maxWidth: 220,
            cell: (result: TestResult) => struck(result, result.notes ?? t('common.none')),
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
            {t('unit.results.void')}
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
      columnDefinitions={columns}
      wrapLines
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
