import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { TableEmptyState } from '../../../components/table-empty-state';
import type { ApiQueryState } from '../../../lib/use-api-query';
import type { CapabilityBand } from '../statistics-format';
import { exportName } from '../statistics-format';

/**
 * Chart colours from Cloudscape's chart design tokens (their CSS variables follow the theme;
 * the fallback is the light value, should an update rename a variable): the values in the
 * palette's first colour, the centre line neutral, control limits in the status "medium"
 * colour, specification limits in the negative threshold colour, flagged points in the
 * palette's fourth colour (purple: apart from the limits' reds in either theme), failures
 * in the status "high" colour.
 */
export const chartColors = {
  values: 'var(--color-charts-palette-categorical-1-r41m2k, #688ae8)',
  second: 'var(--color-charts-palette-categorical-3-2qk36g, #2ea597)',
  centre: 'var(--color-charts-threshold-neutral-iz3odf, #656871)',
  control: 'var(--color-charts-status-medium-7uzmxu, #cc5f21)',
  specification: 'var(--color-charts-threshold-negative-wfvub2, #db0000)',
  flagged: 'var(--color-charts-palette-categorical-4-greu4f, #8456ce)',
  failures: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
} as const;

/** The texts every chart of the page gives Cloudscape. */
export function useChartStrings(roleDescription: string) {
  const { t } = useTranslation();
  return {
    detailPopoverDismissAriaLabel: t('common.close'),
    legendAriaLabel: t('statistics.chart.legend'),
    chartAriaRoleDescription: roleDescription,
    xAxisAriaRoleDescription: t('statistics.chart.xAxis'),
    yAxisAriaRoleDescription: t('statistics.chart.yAxis'),
  };
}

/** What a section shows while its answer loads or when it failed (with Retry). */
export function SectionState({
  state,
  onRetry,
  testId,
}: {
  state: ApiQueryState<unknown>;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (state.status === 'error') {
    return (
      <div data-testid={`${testId}-error`}>
        <TableEmptyState
          error={state.error}
          onRetry={onRetry}
          retryTestId={`${testId}-retry`}
          onClearFilter={onRetry}
        />
      </div>
    );
  }
  return (
    <Box textAlign="center" padding={{ vertical: 'l' }}>
      <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
    </Box>
  );
}

/** What a chart, table or section without data shows: "No Data Found" and why. */
export function EmptyMessage({ children, testId }: { children?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid={testId}>
      <Box variant="strong" color="inherit">
        {t('table.empty')}
      </Box>
      {children && (
        <Box variant="p" color="text-body-secondary">
          {children}
        </Box>
      )}
    </Box>
  );
}

/** A capability band as a status with its words (never colour alone). */
export function BandStatus({ band }: { band: CapabilityBand | undefined }) {
  const { t } = useTranslation();
  if (!band) {
    return <StatusIndicator type="stopped">{t('statistics.capability.undefined')}</StatusIndicator>;
  }
  const type = band === 'capable' ? 'success' : band === 'marginal' ? 'warning' : 'error';
  return (
    <span data-band={band}>
      <StatusIndicator type={type}>{t(`statistics.capability.bands.${band}`)}</StatusIndicator>
    </span>
  );
}

/**
 * A table of the page: its rows as the answer gave them (the API sorts them), a header
 * with the row count and "Export CSV" of the rows.
 */
export function StatisticsTable<T>({
  title,
  items,
  columns,
  exportAs,
  toCsv,
  testId,
  variant = 'embedded',
  empty,
}: {
  title: string;
  items: readonly T[];
  columns: TableProps.ColumnDefinition<T>[];
  /** Names the exported file: `statistics-<exportAs>-YYYY-MM-DD.csv`. */
  exportAs: string;
  toCsv: () => { csv: string; rows: number };
  testId: string;
  variant?: TableProps.Variant;
  empty: string;
}) {
  return (
    <Table
      data-testid={testId}
      variant={variant}
      items={[...items]}
      columnDefinitions={columns}
      wrapLines
      header={
        <Header
          variant="h3"
          counter={`(${items.length})`}
          actions={
            <ExportCsvButton
              fileBase={exportName(exportAs)}
              build={() => Promise.resolve(toCsv())}
            />
          }
        >
          {title}
        </Header>
      }
      empty={<EmptyMessage>{empty}</EmptyMessage>}
    />
  );
}
