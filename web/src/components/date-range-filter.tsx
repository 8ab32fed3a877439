import DateRangePicker, {
  type DateRangePickerProps,
} from '@cloudscape-design/components/date-range-picker';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { languageSettings } from '../i18n/languages';
import { dateRangeProblem, pickerDate, type DateRange } from '../lib/date-range';

interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Names the filter for screen readers, e.g. "Filter by request date". */
  ariaLabel: string;
  'data-testid'?: string;
}

/**
 * A list's date filter: whole days, both ends included, chosen in a calendar or
 * typed (absolute dates only: the lists filter by day). Cleared, it filters nothing.
 */
export function DateRangeFilter({
  value,
  onChange,
  ariaLabel,
  'data-testid': testId,
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const picked: DateRangePickerProps.Value | null =
    value.from && value.to ? { type: 'absolute', startDate: value.from, endDate: value.to } : null;

  const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
    if (range?.type !== 'absolute') return { valid: true };
    const from = pickerDate(range.startDate);
    const to = pickerDate(range.endDate);
    if (!from || !to) return { valid: false, errorMessage: t('dateRange.incomplete') };
    return dateRangeProblem({ from, to }) === 'dateOrder'
      ? { valid: false, errorMessage: t('validation.dateOrder') }
      : { valid: true };
  };

  return (
    <DateRangePicker
      data-testid={testId}
      value={picked}
      onChange={({ detail }) => {
        const range = detail.value;
        onChange(
          range?.type === 'absolute'
            ? { from: pickerDate(range.startDate), to: pickerDate(range.endDate) }
            : {},
        );
      }}
      relativeOptions={[]}
      rangeSelectorMode="absolute-only"
      dateOnly
      expandToViewport
      isValidRange={isValidRange}
      locale={languageSettings[language].intlLocale}
      placeholder={t('dateRange.placeholder')}
      ariaLabel={ariaLabel}
      i18nStrings={{
        clearButtonLabel: t('dateRange.clear'),
        applyButtonLabel: t('dateRange.apply'),
        cancelButtonLabel: t('common.cancel'),
      }}
    />
  );
}
