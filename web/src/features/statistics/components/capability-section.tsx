import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { capabilityPath, parseCapability } from '../api';
import {
  capabilityBand,
  capabilityCsv,
  formatFixed,
  formatMeasure,
  formatPpm,
  otherSeries,
  shownIndices,
  type CapabilityIndex,
} from '../statistics-format';
import type { StatisticsSelection } from '../statistics-query';
import { useLimitsText } from './limits-text';
import { BandStatus, EmptyMessage, SectionState, StatisticsTable } from './statistics-parts';

const indexLabels: Record<CapabilityIndex, string> = {
  cp: 'Cp',
  cpk: 'Cpk',
  pp: 'Pp',
  ppk: 'Ppk',
  cpl: 'CPL',
  cpu: 'CPU',
  ppl: 'PPL',
  ppu: 'PPU',
};

/**
 * A test's capability over its latest series: n, mean, both standard deviations, the
 * indices with their colour band in words, the expected parts per million outside the
 * limits; warnings for few values, no limits, a window cut to the latest values and a plan
 * change (the other series listed).
 */
export function CapabilitySection({
  selection,
  testName,
}: {
  selection: StatisticsSelection;
  testName: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const limitsText = useLimitsText();
  const answer = useApiQuery(capabilityPath(selection, testName), parseCapability, {
    keepWhileReloading: true,
  });
  const data = answer.data;
  const measure = (value: number | null) =>
    value === null ? '–' : `${formatMeasure(value, language)}${data?.unit ? ` ${data.unit}` : ''}`;
  const noLimits = data !== undefined && data.lower === null && data.upper === null;
  const oneLimit = data !== undefined && !noLimits && (data.lower === null || data.upper === null);
  const others = data ? otherSeries(data) : [];

  return (
    <Container
      data-testid="statistics-capability"
      header={
        <Header
          variant="h2"
          description={
            data
              ? t('statistics.capability.description', {
                  test: data.testName,
                  limits: limitsText(data),
                  version: data.planVersion ?? '–',
                })
              : testName
          }
        >
          {t('statistics.capability.title')}
        </Header>
      }
    >
      {!data ? (
        <SectionState state={answer} onRetry={answer.reload} testId="statistics-capability" />
      ) : data.n === 0 ? (
        <EmptyMessage testId="statistics-capability-empty">
          {t('statistics.capability.empty')}
        </EmptyMessage>
      ) : (
        <SpaceBetween size="m">
          {data.fewValues && (
            <Alert type="warning" data-testid="statistics-few-values">
              {t('statistics.capability.fewValues', { count: data.n })}
            </Alert>
          )}
          {noLimits && (
            <Alert type="info" data-testid="statistics-no-limits">
              {t('statistics.capability.noLimits')}
            </Alert>
          )}
          {others.length > 0 && (
            <Alert type="info" data-testid="statistics-plan-changed">
              {t('statistics.capability.planChanged')}
              <ul className="statistics-series">
                {others.map((series) => (
                  <li key={`${series.planVersion}-${series.lower}-${series.upper}`}>
                    {t('statistics.capability.series', {
                      version: series.planVersion ?? '–',
                      limits: limitsText(series),
                      count: series.n,
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          <div data-testid="statistics-capability-figures">
            <KeyValuePairs
              columns={4}
              items={[
                { label: t('statistics.capability.n'), value: formatNumber(data.n, language) },
                { label: t('statistics.capability.mean'), value: measure(data.mean) },
                {
                  label: t('statistics.capability.stdDevWithin'),
                  value: measure(data.stdDevWithin),
                },
                {
                  label: t('statistics.capability.stdDevOverall'),
                  value: measure(data.stdDevOverall),
                },
                {
                  label: t('statistics.capability.expectedPpmWithin'),
                  value: formatPpm(data.expectedPpmWithin, language),
                },
                {
                  label: t('statistics.capability.expectedPpmOverall'),
                  value: formatPpm(data.expectedPpmOverall, language),
                },
              ]}
            />
          </div>
          {!noLimits && (
            <StatisticsTable
              testId="statistics-capability-indices"
              title={t('statistics.capability.indices')}
              items={shownIndices(data).map((index) => ({ index, value: data[index] }))}
              exportAs="capability"
              toCsv={() => capabilityCsv(data)}
              empty={t('statistics.capability.empty')}
              columns={[
                {
                  id: 'index',
                  header: t('statistics.capability.index'),
                  cell: (row) => indexLabels[row.index],
                  isRowHeader: true,
                },
                {
                  id: 'value',
                  header: t('statistics.capability.value'),
                  cell: (row) => (
                    <span data-index={row.index}>{formatFixed(row.value, 2, language)}</span>
                  ),
                },
                {
                  id: 'rating',
                  header: t('statistics.capability.rating'),
                  cell: (row) => <BandStatus band={capabilityBand(row.value)} />,
                },
              ]}
            />
          )}
          {(oneLimit || data.windowLimited) && (
            <SpaceBetween size="xxs">
              {oneLimit && <small>{t('statistics.capability.oneSided')}</small>}
              {data.windowLimited && (
                <small>{t('statistics.capability.windowLimited', { count: data.n })}</small>
              )}
            </SpaceBetween>
          )}
        </SpaceBetween>
      )}
    </Container>
  );
}
