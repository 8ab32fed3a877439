import BarChart, { type BarChartProps } from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import type { DailyCounts } from '../api';
import { dayTick, requestsChartData, resultsChartData, type DayPoint } from '../chart-data';

/**
 * Pass and fail in Cloudscape's chart status colours (the values of its design tokens
 * `colorChartsStatusPositive` and `colorChartsStatusHigh`, which follow the theme), not
 * the palette's next colours, which carry no meaning. The fallback applies should a
 * Cloudscape update rename the variables.
 */
const outcomeColors = {
  pass: 'var(--color-charts-status-positive-bijtpy, #67a353)',
  fail: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
} as const;

const bars = (title: string, data: DayPoint[], color?: string) => ({
  type: 'bar' as const,
  title,
  data,
  ...(color ? { color } : {}),
});

/**
 * The dashboard's two charts of the last 30 days: report requests per day, and test
 * results per day (passed and failed stacked). A chunk of its own: the chart code is
 * the heaviest part of the dashboard, and the figures need none of it.
 */
export default function DailyCharts({ daily }: { daily: readonly DailyCounts[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const requests = requestsChartData(daily);
  const results = resultsChartData(daily);
  const count = (value: number) => formatNumber(value, language);

  const common: Partial<BarChartProps<string>> = {
    xScaleType: 'categorical',
    height: 220,
    hideFilter: true,
    xTitle: t('dashboard.charts.day'),
    xTickFormatter: (date) => dayTick(date, language),
    yTickFormatter: count,
    i18nStrings: {
      detailPopoverDismissAriaLabel: t('common.close'),
      legendAriaLabel: t('dashboard.charts.legend'),
      chartAriaRoleDescription: t('dashboard.charts.roleDescription'),
      xAxisAriaRoleDescription: t('dashboard.charts.xAxis'),
      yAxisAriaRoleDescription: t('dashboard.charts.yAxis'),
    },
  };

  return (
    <ColumnLayout columns={2} minColumnWidth={420}>
      <Container
        data-testid="dashboard-requests-chart"
        header={
          <Header
            variant="h2"
            description={t('dashboard.charts.requestsTotal', {
              formatted: count(requests.totals.requests),
            })}
          >
            {t('dashboard.charts.requestsTitle')}
          </Header>
        }
      >
        <BarChart
          {...common}
          series={
            requests.empty ? [] : [bars(t('dashboard.charts.requests'), requests.series.requests)]
          }
          xDomain={requests.days}
          yDomain={[0, requests.yMax]}
          yTitle={t('dashboard.charts.requests')}
          hideLegend
          ariaLabel={t('dashboard.charts.requestsTitle')}
          empty={
            <Box textAlign="center" color="text-body-secondary" data-testid="requests-chart-empty">
              {t('dashboard.charts.requestsEmpty')}
            </Box>
          }
        />
      </Container>
      <Container
        data-testid="dashboard-results-chart"
        header={
          <Header
            variant="h2"
            description={t('dashboard.charts.resultsTotal', {
              pass: count(results.totals.pass),
              fail: count(results.totals.fail),
            })}
          >
            {t('dashboard.charts.resultsTitle')}
          </Header>
        }
      >
        <BarChart
          {...common}
          stackedBars
          series={
            results.empty
              ? []
              : [
                  bars(t('report.outcomes.pass'), results.series.pass, outcomeColors.pass),
                  bars(t('report.outcomes.fail'), results.series.fail, outcomeColors.fail),
                ]
          }
          xDomain={results.days}
          yDomain={[0, results.yMax]}
          yTitle={t('dashboard.charts.results')}
          ariaLabel={t('dashboard.charts.resultsTitle')}
          legendTitle={t('dashboard.charts.legend')}
          // An empty chart has nothing to explain: both cards keep the same height.
          hideLegend={results.empty}
          empty={
            <Box textAlign="center" color="text-body-secondary" data-testid="results-chart-empty">
              {t('dashboard.charts.resultsEmpty')}
            </Box>
          }
        />
      </Container>
    </ColumnLayout>
  );
}
