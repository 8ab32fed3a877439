import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatMeasure } from '../statistics-format';

/** A series' limits in words: "Limits 30 to 40 bar", "At least 5 bar", "no limit". */
export function useLimitsText() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return ({
    lower,
    upper,
    unit,
  }: {
    lower: number | null;
    upper: number | null;
    unit: string | null;
  }) => {
    const value = (limit: number) => `${formatMeasure(limit, language)}${unit ? ` ${unit}` : ''}`;
    if (lower !== null && upper !== null) {
      return t('statistics.limits', { lower: value(lower), upper: value(upper) });
    }
    if (lower !== null) return t('statistics.lowerOnly', { lower: value(lower) });
    if (upper !== null) return t('statistics.upperOnly', { upper: value(upper) });
    return t('statistics.noLimit');
  };
}
