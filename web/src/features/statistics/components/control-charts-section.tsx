import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import type { MixedLineBarChartProps } from '@cloudscape-design/components/mixed-line-bar-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { parseValues, valuesPath, type StatisticsValues } from '../api';
import {
  binLabel,
  binOfLimit,
  exportName,
  flagged,
  formatMeasure,
  histogramCsv,
  valueDomain,
  valuesCsv,
} from '../statistics-format';
import type { StatisticsSelection } from '../statistics-query';
import { chartColors, EmptyMessage, SectionState, useChartStrings } from './statistics-parts';

/** At most this many flagged points get a marker (a process that far out of control says so in words). */
const maxMarkers = 50;

type Series =
  MixedLineBarChartProps.LineDataSeries<number> | MixedLineBarChartProps.ThresholdSeries<number>;

/** A horizontal line of a chart (a centre, control or specification limit), when defined. */
const line = (title: string, y: number | null, color: string): Series[] =>
  y === null ? [] : [{ type: 'threshold', title, y, color }];

/** A legend entry drawn by the page: the charts mark flagged points with many vertical lines. */
function LegendItem({ color, label, dashed }: { color: string; label: string; dashed?: boolean }) {
  return (
    <span className="statistics-legend__item">
      <span
        className={
          dashed
            ? 'statistics-legend__mark statistics-legend__mark--dashed'
            : 'statistics-legend__mark'
        }
        style={{ borderColor: color }}
        aria-hidden="true"
      />
      {label}
    </span>
  );
}

/**
 * The individuals and moving-range (I-MR) charts of a test's latest values (oldest first):
 * centre line, control limits and specification limits as lines, points beyond the
 * control limits marked; then the histogram of the same values with the limits drawn.
 */
export function ControlChartsSection({
  selection,
  testName,
}: {
  selection: StatisticsSelection;
  testName: string;
}) {
  const { t } = useTranslation();
  const answer = useApiQuery(valuesPath(selection, testName), parseValues, {
    keepWhileReloading: true,
  });
  const lineStrings = useChartStrings(t('statistics.chart.lineRole'));
  const barStrings = useChartStrings(t('statistics.chart.barRole'));
  const data = answer.data;

  return (
    <Container
      data-testid="statistics-control-charts"
      header={
        <Header
          variant="h2"
          description={
            data
              ? `${testName} · ${t('statistics.chart.description', { count: data.points.length })}`
              : testName
          }
          actions={
            data && (
              <SpaceBetween direction="horizontal" size="xs">
                <ExportCsvButton
                  label={t('statistics.export.values')}
                  fileBase={exportName('values')}
                  build={() => Promise.resolve(valuesCsv(data))}
                />
                <ExportCsvButton
                  label={t('statistics.export.bins')}
                  fileBase={exportName('histogram')}
                  build={() => Promise.resolve(histogramCsv(data))}
                />
              </SpaceBetween>
            )
          }
        >
          {t('statistics.chart.title')}
        </Header>
      }
    >
      {!data ? (
        <SectionState state={answer} onRetry={answer.reload} testId="statistics-control-charts" />
      ) : data.points.length === 0 ? (
        <EmptyMessage testId="statistics-values-empty">{t('statistics.chart.empty')}</EmptyMessage>
      ) : (
        <ControlCharts data={data} lineStrings={lineStrings} barStrings={barStrings} />
      )}
    </Container>
  );
}

function ControlCharts({
  data,
  lineStrings,
  barStrings,
}: {
  data: StatisticsValues;
  lineStrings: ReturnType<typeof useChartStrings>;
  barStrings: ReturnType<typeof useChartStrings>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const measure = (value: number) => formatMeasure(value, language);
  const { chart, points } = data;
  const beyond = flagged(points, (point) => point.beyondLimits);
  const mrBeyond = flagged(points, (point) => point.movingRangeBeyond);
  const marker = (title: string) => (x: number) => ({
    type: 'threshold' as const,
    title: `${title} #${x}`,
    x,
    color: chartColors.flagged,
  });

  const individuals: Series[] = [
    {
      type: 'line',
      title: t('statistics.chart.individuals'),
      data: points.map((point, index) => ({ x: index + 1, y: point.value })),
      valueFormatter: measure,
      color: chartColors.values,
    },
    ...line(t('statistics.chart.ucl'), chart.ucl, chartColors.control),
    ...line(t('statistics.chart.centre'), chart.mean, chartColors.centre),
    ...line(t('statistics.chart.lcl'), chart.lcl, chartColors.control),
    ...line(t('statistics.chart.usl'), data.upper, chartColors.specification),
    ...line(t('statistics.chart.lsl'), data.lower, chartColors.specification),
    ...beyond.slice(0, maxMarkers).map(marker(t('statistics.chart.beyond'))),
  ];
  const ranges = points.flatMap((point, index) =>
    point.movingRange === null ? [] : [{ x: index + 1, y: point.movingRange }],
  );
  const movingRange: Series[] = [
    {
      type: 'line',
      title: t('statistics.chart.movingRange'),
      data: ranges,
      valueFormatter: measure,
      color: chartColors.values,
    },
    ...line(t('statistics.chart.mrUcl'), chart.mrUcl, chartColors.control),
    ...line(t('statistics.chart.mrCentre'), chart.averageMovingRange, chartColors.centre),
    ...mrBeyond.slice(0, maxMarkers).map(marker(t('statistics.chart.beyond'))),
  ];
  const xDomain: [number, number] = [1, Math.max(points.length, 2)];
  const common = {
    xScaleType: 'linear' as const,
    xDomain,
    hideFilter: true,
    hideLegend: true,
    xTitle: t('statistics.chart.observation'),
    xTickFormatter: (x: number) => formatNumber(x, language),
    yTickFormatter: measure,
    i18nStrings: lineStrings,
  };

  const bins = data.histogram.map((bin) => ({ ...bin, label: binLabel(bin, language) }));
  const limitMarks = [
    { title: t('statistics.chart.lsl'), limit: data.lower },
    { title: t('statistics.chart.usl'), limit: data.upper },
  ].flatMap(({ title, limit }) => {
    const bin = binOfLimit(bins, limit);
    return bin && limit !== null
      ? [
          {
            type: 'threshold' as const,
            title: `${title} ${measure(limit)}`,
            x: bin.label,
            color: chartColors.specification,
          },
        ]
      : [];
  });

  return (
    <SpaceBetween size="l">
      <div className="statistics-legend" data-testid="statistics-chart-legend">
        <LegendItem color={chartColors.values} label={t('statistics.chart.individuals')} />
        <LegendItem color={chartColors.centre} label={t('statistics.chart.centre')} dashed />
        <LegendItem
          color={chartColors.control}
          label={`${t('statistics.chart.ucl')} / ${t('statistics.chart.lcl')}`}
          dashed
        />
        <LegendItem
          color={chartColors.specification}
          label={`${t('statistics.chart.lsl')} / ${t('statistics.chart.usl')}`}
          dashed
        />
        <LegendItem color={chartColors.flagged} label={t('statistics.chart.beyond')} dashed />
      </div>
      <SpaceBetween size="xs">
        <Box variant="h3" padding="n">
          {t('statistics.chart.individuals')}
        </Box>
        <div data-testid="statistics-individuals-chart">
          <LineChart
            {...common}
            series={individuals}
            yDomain={valueDomain([
              ...points.map((point) => point.value),
              chart.ucl,
              chart.lcl,
              data.lower,
              data.upper,
            ])}
            height={220}
            yTitle={
              data.unit
                ? `${t('statistics.chart.value')} (${data.unit})`
                : t('statistics.chart.value')
            }
            ariaLabel={t('statistics.chart.individuals')}
          />
        </div>
        <span data-testid="statistics-beyond">
          {beyond.length > 0 ? (
            <StatusIndicator type="warning">
              {t('statistics.chart.beyondCount', { count: beyond.length })}
            </StatusIndicator>
          ) : (
            <StatusIndicator type="success">{t('statistics.chart.beyondNone')}</StatusIndicator>
          )}
        </span>
      </SpaceBetween>
      <SpaceBetween size="xs">
        <Box variant="h3" padding="n">
          {t('statistics.chart.movingRange')}
        </Box>
        <div data-testid="statistics-moving-range-chart">
          <LineChart
            {...common}
            series={movingRange}
            yDomain={valueDomain([0, ...ranges.map((range) => range.y), chart.mrUcl])}
            height={160}
            yTitle={t('statistics.chart.movingRange')}
            ariaLabel={t('statistics.chart.movingRange')}
            empty={<EmptyMessage />}
          />
        </div>
        {mrBeyond.length > 0 && (
          <StatusIndicator type="warning">
            {t('statistics.chart.mrBeyondCount', { count: mrBeyond.length })}
          </StatusIndicator>
        )}
      </SpaceBetween>
      <SpaceBetween size="xs">
        <Box variant="h3" padding="n">
          {t('statistics.histogram.title')}
        </Box>
        <div data-testid="statistics-histogram">
          <BarChart
            series={[
              {
                type: 'bar',
                title: t('statistics.histogram.count'),
                data: bins.map((bin) => ({ x: bin.label, y: bin.count })),
                color: chartColors.values,
              },
              ...limitMarks,
            ]}
            xScaleType="categorical"
            xDomain={bins.map((bin) => bin.label)}
            height={200}
            hideFilter
            xTitle={
              data.unit
                ? `${t('statistics.histogram.bin')} (${data.unit})`
                : t('statistics.histogram.bin')
            }
            yTitle={t('statistics.histogram.count')}
            // The axis names each bin by its lower end; the details give both ends.
            xTickFormatter={(label) => label.split(' – ')[0] ?? label}
            yTickFormatter={(value) => formatNumber(value, language)}
            i18nStrings={barStrings}
            ariaLabel={t('statistics.histogram.title')}
            legendTitle={t('statistics.chart.legend')}
            empty={<EmptyMessage />}
          />
        </div>
        {limitMarks.length > 0 && (
          <Box variant="small" color="text-body-secondary">
            {t('statistics.histogram.limitNote')}
          </Box>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
}
