import BarChart from '@cloudscape-design/components/bar-chart';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { parseYield, yieldPath, type StatisticsYield } from '../api';
import {
  formatPercentTick,
  formatShare,
  yieldByPeriodCsv,
  yieldByTestCsv,
} from '../statistics-format';
import type { Interval, StatisticsSelection } from '../statistics-query';
import {
  chartColors,
  EmptyMessage,
  SectionState,
  StatisticsTable,
  useChartStrings,
} from './statistics-parts';

type Figures = StatisticsYield['totals'];

/**
 * Yield: first-pass and final yield by day or week, of every test or of the chosen test
 * (grouped bars, a period without units
 * left empty: a line of one period would draw nothing), then by test and by period
 * (tables with counts, each exported).
 */
export function YieldSection({
  selection,
  testName,
  onIntervalChange,
}: {
  selection: StatisticsSelection;
  /** The chosen test (empty: none yet): the periods can be of it alone. */
  testName: string;
  onIntervalChange: (interval: Interval) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  /** Over time: every test of the product, or the chosen test alone. */
  const [oneTest, setOneTest] = useState(false);
  const scopedTest = oneTest && testName ? testName : undefined;
  const answer = useApiQuery(yieldPath(selection, scopedTest), parseYield, {
    keepWhileReloading: true,
  });
  const strings = useChartStrings(t('statistics.chart.barRole'));
  const share = (value: number | null) => formatShare(value, language);
  const count = (value: number) => formatNumber(value, language);
  const day = (start: string) => formatCalendarDate(start, language) ?? start;

  const figureColumns = <T extends Figures>(): TableProps.ColumnDefinition<T>[] => [
    { id: 'results', header: t('statistics.yield.results'), cell: (row) => count(row.results) },
    { id: 'failures', header: t('statistics.yield.failures'), cell: (row) => count(row.failures) },
    {
      id: 'unitsTested',
      header: t('statistics.yield.unitsTested'),
      cell: (row) => count(row.unitsTested),
    },
    {
      id: 'firstPassYield',
      header: t('statistics.yield.firstPass'),
      cell: (row) => share(row.firstPassYield),
    },
    { id: 'finalYield', header: t('statistics.yield.final'), cell: (row) => share(row.finalYield) },
  ];

  const data = answer.data;
  const points = (field: 'firstPassYield' | 'finalYield') =>
    (data?.periods ?? []).flatMap((period) =>
      period[field] === null ? [] : [{ x: period.start, y: period[field] }],
    );
  const hasPoints = (data?.totals.unitsTested ?? 0) > 0;

  return (
    <Container
      data-testid="statistics-yield"
      header={
        <Header
          variant="h2"
          description={
            <span data-testid="statistics-yield-totals">
              {data
                ? t('statistics.yield.totals', {
                    firstPass: share(data.totals.firstPassYield),
                    final: share(data.totals.finalYield),
                    units: count(data.totals.unitsTested),
                    failures: count(data.totals.failures),
                  })
                : t('statistics.yield.description')}
            </span>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {testName && (
                <SegmentedControl
                  data-testid="statistics-yield-scope"
                  label={t('statistics.yield.scope')}
                  selectedId={scopedTest ? 'test' : 'all'}
                  options={[
                    { id: 'all', text: t('statistics.yield.allTests') },
                    { id: 'test', text: testName },
                  ]}
                  onChange={({ detail }) => setOneTest(detail.selectedId === 'test')}
                />
              )}
              <SegmentedControl
                data-testid="statistics-interval"
                label={t('statistics.interval.label')}
                selectedId={selection.interval}
                options={[
                  { id: 'day', text: t('statistics.interval.day') },
                  { id: 'week', text: t('statistics.interval.week') },
                ]}
                onChange={({ detail }) => onIntervalChange(detail.selectedId as Interval)}
              />
            </SpaceBetween>
          }
        >
          {t('statistics.yield.title')}
        </Header>
      }
    >
      {!data ? (
        <SectionState state={answer} onRetry={answer.reload} testId="statistics-yield" />
      ) : (
        <SpaceBetween size="l">
          <div data-testid="statistics-yield-chart">
            <BarChart
              series={
                hasPoints
                  ? [
                      {
                        type: 'bar',
                        title: t('statistics.yield.firstPass'),
                        data: points('firstPassYield'),
                        valueFormatter: share,
                        color: chartColors.values,
                      },
                      {
                        type: 'bar',
                        title: t('statistics.yield.final'),
                        data: points('finalYield'),
                        valueFormatter: share,
                        color: chartColors.second,
                      },
                    ]
                  : []
              }
              xScaleType="categorical"
              xDomain={data.periods.map((period) => period.start)}
              yDomain={[0, 1]}
              height={200}
              hideFilter
              xTitle={t('statistics.yield.period')}
              yTitle={t('statistics.yield.title')}
              xTickFormatter={day}
              yTickFormatter={(value) => formatPercentTick(value, language)}
              i18nStrings={strings}
              ariaLabel={t('statistics.yield.title')}
              legendTitle={t('statistics.chart.legend')}
              empty={<EmptyMessage>{t('statistics.yield.empty')}</EmptyMessage>}
            />
          </div>
          <StatisticsTable
            testId="statistics-yield-by-test"
            title={t('statistics.yield.byTest')}
            items={data.byTest}
            exportAs="yield-by-test"
            toCsv={() => yieldByTestCsv(data)}
            empty={t('statistics.yield.empty')}
            columns={[
              {
                id: 'testName',
                header: t('statistics.pareto.test'),
                cell: (row) => row.testName,
                isRowHeader: true,
              },
              ...figureColumns<StatisticsYield['byTest'][number]>(),
            ]}
          />
          <ExpandableSection
            headerText={t('statistics.yield.byPeriod', { periods: data.periods.length })}
            data-testid="statistics-yield-periods"
          >
            <StatisticsTable
              testId="statistics-yield-by-period"
              title={t('statistics.yield.period')}
              items={data.periods}
              exportAs="yield-by-period"
              toCsv={() => yieldByPeriodCsv(data)}
              empty={t('statistics.yield.empty')}
              columns={[
                {
                  id: 'start',
                  header: t('statistics.yield.period'),
                  cell: (row) => day(row.start),
                  isRowHeader: true,
                },
                ...figureColumns<StatisticsYield['periods'][number]>(),
              ]}
            />
          </ExpandableSection>
        </SpaceBetween>
      )}
    </Container>
  );
}
