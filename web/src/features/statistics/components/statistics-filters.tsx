import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, FilterItem } from '../../../components/filter-bar';
import type { AllProducts } from '../../products';
import { ProductSelect } from '../../serial-numbers';
import type { StatisticsFilters } from '../api';
import { materials, type StatisticsSelection } from '../statistics-query';

interface StatisticsFilterBarProps {
  selection: StatisticsSelection;
  /** The chosen test (the address's, else the product's first). */
  testName: string;
  onChange: (patch: Partial<StatisticsSelection>) => void;
  products: AllProducts;
  /** The product's choices; undefined before a product is chosen or while they load. */
  choices?: StatisticsFilters;
  choicesState?: 'loading' | 'error' | 'success';
  onRetry?: () => void;
}

/** One choice of a filter that also offers "all" (value ''). */
function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  status,
  onRetry,
  testId,
}: {
  label: string;
  allLabel?: string;
  value: string;
  options: SelectProps.Option[];
  onChange: (value: string) => void;
  status?: 'loading' | 'error' | 'success';
  onRetry?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const all = allLabel === undefined ? [] : [{ value: '', label: allLabel }];
  const choices = [...all, ...options];
  const selected =
    choices.find((option) => option.value === value) ??
    (value ? { value, label: value } : (all[0] ?? null));
  return (
    <FormField label={label}>
      <Select
        data-testid={testId}
        selectedOption={selected}
        options={choices}
        filteringType={options.length > 8 ? 'auto' : 'none'}
        placeholder={t('statistics.filters.testPlaceholder')}
        statusType={status === 'loading' ? 'loading' : status === 'error' ? 'error' : 'finished'}
        loadingText={t('common.loading')}
        errorText={t('statistics.filters.failed')}
        recoveryText={t('common.retry')}
        onLoadItems={({ detail }) => {
          if (detail.firstPage && status === 'error') onRetry?.();
        }}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}

/**
 * The Statistics page's filters: product (required), body material, test, serial number
 * range, bench and test dates. Each choice goes to the address at once.
 */
export function StatisticsFilterBar({
  selection,
  testName,
  onChange,
  products,
  choices,
  choicesState,
  onRetry,
}: StatisticsFilterBarProps) {
  const { t } = useTranslation();
  const productMaterials = choices?.materials ?? materials;
  return (
    <FilterBar>
      <FilterItem>
        <FormField label={t('statistics.filters.product')}>
          <ProductSelect
            data-testid="statistics-product"
            value={selection.productId}
            // Ranges, benches and tests are the product's: another product starts without them.
            onChange={(productId) =>
              onChange({ productId, testName: '', rangeId: '', machineId: '' })
            }
            products={products.products}
            state={products.state.status}
            onRetry={products.reload}
            placeholder={t('statistics.filters.productPlaceholder')}
          />
        </FormField>
      </FilterItem>
      <FilterItem>
        <FilterSelect
          testId="statistics-test"
          label={t('statistics.filters.test')}
          value={testName}
          options={(choices?.tests ?? []).map((test) => ({
            value: test.testName,
            label: test.testName,
          }))}
          status={choicesState}
          onRetry={onRetry}
          onChange={(value) => onChange({ testName: value })}
        />
      </FilterItem>
      <FilterItem>
        <FilterSelect
          testId="statistics-material"
          label={t('statistics.filters.material')}
          allLabel={t('statistics.filters.allMaterials')}
          value={selection.material}
          options={productMaterials.map((material) => ({
            value: material,
            label: t(`report.materials.${material}`),
          }))}
          onChange={(value) => onChange({ material: value as StatisticsSelection['material'] })}
        />
      </FilterItem>
      <FilterItem>
        <FilterSelect
          testId="statistics-range"
          label={t('statistics.filters.range')}
          allLabel={t('statistics.filters.allRanges')}
          value={selection.rangeId}
          options={(choices?.ranges ?? []).map((range) => ({
            value: range.id,
            label: `${range.startSerial} – ${range.endSerial}`,
            ...(range.bodyMaterial ? { tags: [range.bodyMaterial] } : {}),
          }))}
          status={choicesState}
          onRetry={onRetry}
          onChange={(value) => onChange({ rangeId: value })}
        />
      </FilterItem>
      <FilterItem>
        <FilterSelect
          testId="statistics-bench"
          label={t('statistics.filters.bench')}
          allLabel={t('statistics.filters.allBenches')}
          value={selection.machineId}
          options={(choices?.machines ?? []).map((machine) => ({
            value: machine.id,
            label: machine.name,
          }))}
          status={choicesState}
          onRetry={onRetry}
          onChange={(value) => onChange({ machineId: value })}
        />
      </FilterItem>
      <FilterItem wide>
        <FormField label={t('statistics.filters.window')}>
          <DateRangeFilter
            data-testid="statistics-dates"
            ariaLabel={t('statistics.filters.windowLabel')}
            value={{ from: selection.from, to: selection.to }}
            // Cleared, the window goes back to the last 90 days.
            onChange={(range) => onChange({ from: range.from ?? '', to: range.to ?? '' })}
          />
        </FormField>
      </FilterItem>
    </FilterBar>
  );
}
