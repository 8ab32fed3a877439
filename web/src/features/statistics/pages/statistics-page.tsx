import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAllProducts, type AllProducts } from '../../products';
import { filtersPath, parseFilters } from '../api';
import { CapabilitySection } from '../components/capability-section';
import { ControlChartsSection } from '../components/control-charts-section';
import { ParetoSection } from '../components/pareto-section';
import { StatisticsFilterBar } from '../components/statistics-filters';
import { EmptyMessage } from '../components/statistics-parts';
import { YieldSection } from '../components/yield-section';
import { readSelection, selectionSearch, type StatisticsSelection } from '../statistics-query';
import '../statistics.css';

type Update = (patch: Partial<StatisticsSelection>) => void;

/**
 * Statistics (staff and admins): a product's yield, failure Pareto, and for one of its
 * tests the capability, the I-MR charts and the histogram (docs/web-app.md, "Statistics").
 * Every choice is in the address, so a view can be shared or reloaded.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('statistics.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  // "Today" of the default window: fixed while the page is open.
  const today = useMemo(() => new Date(), []);
  const selection = readSelection(searchParams, today);
  const products = useAllProducts();
  const update: Update = (patch) =>
    setSearchParams(selectionSearch({ ...selection, ...patch }, today), { replace: true });

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('statistics.description')}>
          {t('statistics.title')}
        </Header>
      }
    >
      {selection.productId ? (
        <ProductStatistics
          key={selection.productId}
          selection={selection}
          update={update}
          products={products}
        />
      ) : (
        <Container data-testid="statistics-filters">
          <SpaceBetween size="l">
            <StatisticsFilterBar
              selection={selection}
              testName=""
              onChange={update}
              products={products}
            />
            <EmptyMessage testId="statistics-choose-product">
              {t('statistics.chooseProduct')}
            </EmptyMessage>
          </SpaceBetween>
        </Container>
      )}
    </ContentLayout>
  );
}

/** The chosen product's statistics: its filter choices, then each section. */
function ProductStatistics({
  selection,
  update,
  products,
}: {
  selection: StatisticsSelection;
  update: Update;
  products: AllProducts;
}) {
  const { t } = useTranslation();
  const choices = useApiQuery(filtersPath(selection.productId), parseFilters);
  const tests = choices.data?.tests ?? [];
  // The address's test, else the product's first (its plan's first test).
  const testName = selection.testName || tests[0]?.testName || '';

  return (
    <SpaceBetween size="l">
      <Container data-testid="statistics-filters">
        <StatisticsFilterBar
          selection={selection}
          testName={testName}
          onChange={update}
          products={products}
          choices={choices.data}
          choicesState={choices.status}
          onRetry={choices.reload}
        />
      </Container>
      <YieldSection
        selection={selection}
        testName={testName}
        onIntervalChange={(interval) => update({ interval })}
      />
      <ParetoSection selection={selection} />
      {testName ? (
        <>
          <CapabilitySection selection={selection} testName={testName} />
          <ControlChartsSection selection={selection} testName={testName} />
        </>
      ) : (
        choices.status === 'success' && (
          <Container>
            <Box data-testid="statistics-no-tests">
              <EmptyMessage>{t('statistics.noTests')}</EmptyMessage>
            </Box>
          </Container>
        )
      )}
    </SpaceBetween>
  );
}
