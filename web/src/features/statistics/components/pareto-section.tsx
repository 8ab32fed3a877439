import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { paretoPath, parsePareto, type StatisticsPareto } from '../api';
import {
  formatPercentTick,
  formatShare,
  paretoByBenchCsv,
  paretoByTestCsv,
} from '../statistics-format';
import type { StatisticsSelection } from '../statistics-query';
import {
  chartColors,
  EmptyMessage,
  SectionState,
  StatisticsTable,
  useChartStrings,
} from './statistics-parts';

type Shares = StatisticsPareto['byTest'][number];

/**
 * The failure Pareto: each test's share of the failures as bars, most first, with the
 * cumulative share as a line (one axis, 0 to 100 %; the counts are in the tables and the
 * bars' details), then the tables by test and by bench.
 */
export function ParetoSection({ selection }: { selection: StatisticsSelection }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const answer = useApiQuery(paretoPath(selection), parsePareto, { keepWhileReloading: true });
  const strings = useChartStrings(t('statistics.chart.barRole'));
  const share = (value: number | null) => formatShare(value, language);
  const count = (value: number) => formatNumber(value, language);

  const shareColumns = <T extends Omit<Shares, 'testName'>>(): TableProps.ColumnDefinition<T>[] => [
    { id: 'failures', header: t('statistics.pareto.failures'), cell: (row) => count(row.failures) },
    { id: 'failureShare', header: t('statistics.pareto.share'), cell: (row) => share(row.share) },
    {
      id: 'cumulativeShare',
      header: t('statistics.pareto.cumulative'),
      cell: (row) => share(row.cumulativeShare),
    },
  ];

  const data = answer.data;
  const failuresOf = new Map(data?.byTest.map((row) => [row.testName, row.failures]));

  return (
    <Container
      data-testid="statistics-pareto"
      header={
        <Header
          variant="h2"
          description={
            data ? t('statistics.pareto.description', { count: data.totalFailures }) : undefined
          }
        >
          {t('statistics.pareto.title')}
        </Header>
      }
    >
      {!data ? (
        <SectionState state={answer} onRetry={answer.reload} testId="statistics-pareto" />
      ) : (
        <SpaceBetween size="l">
          <div data-testid="statistics-pareto-chart">
            <MixedLineBarChart
              series={
                data.byTest.length > 0
                  ? [
                      {
                        type: 'bar',
                        title: t('statistics.pareto.share'),
                        data: data.byTest.map((row) => ({ x: row.testName, y: row.share })),
                        // The bar's details give the count beside the share.
                        valueFormatter: (value, x) =>
                          `${share(value)} (${count(failuresOf.get(x) ?? 0)})`,
                        color: chartColors.failures,
                      },
                      {
                        type: 'line',
                        title: t('statistics.pareto.cumulative'),
                        data: data.byTest.map((row) => ({
                          x: row.testName,
                          y: row.cumulativeShare,
                        })),
                        valueFormatter: share,
                        color: chartColors.values,
                      },
                    ]
                  : []
              }
              xScaleType="categorical"
              xDomain={data.byTest.map((row) => row.testName)}
              yDomain={[0, 1]}
              height={220}
              hideFilter
              xTitle={t('statistics.pareto.test')}
              yTitle={t('statistics.pareto.share')}
              yTickFormatter={(value) => formatPercentTick(value, language)}
              i18nStrings={strings}
              ariaLabel={t('statistics.pareto.byTest')}
              legendTitle={t('statistics.chart.legend')}
              empty={<EmptyMessage>{t('statistics.pareto.empty')}</EmptyMessage>}
            />
          </div>
          <ColumnLayout columns={2} minColumnWidth={380}>
            <StatisticsTable
              testId="statistics-pareto-by-test"
              title={t('statistics.pareto.byTest')}
              items={data.byTest}
              exportAs="failures-by-test"
              toCsv={() => paretoByTestCsv(data)}
              empty={t('statistics.pareto.empty')}
              columns={[
                {
                  id: 'testName',
                  header: t('statistics.pareto.test'),
                  cell: (row) => row.testName,
                  isRowHeader: true,
                },
                ...shareColumns<Shares>(),
              ]}
            />
            <StatisticsTable
              testId="statistics-pareto-by-bench"
              title={t('statistics.pareto.byBench')}
              items={data.byMachine}
              exportAs="failures-by-bench"
              toCsv={() => paretoByBenchCsv(data)}
              empty={t('statistics.pareto.empty')}
              columns={[
                {
                  id: 'machine',
                  header: t('statistics.pareto.bench'),
                  cell: (row) => row.machineName ?? row.machineId,
                  isRowHeader: true,
                },
                ...shareColumns<StatisticsPareto['byMachine'][number]>(),
              ]}
            />
          </ColumnLayout>
        </SpaceBetween>
      )}
    </Container>
  );
}
