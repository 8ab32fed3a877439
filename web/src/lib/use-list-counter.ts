import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { formatNumber } from './format';

/**
 * A list header's counter for `useCursorList`'s `total`: the count, e.g. "(1,234)";
 * the filtered-list mark when the API gives no total (null); nothing before the
 * first answer (undefined).
 */
export function useListCounter(total: number | null | undefined): string | undefined {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (typeof total === 'number') return `(${formatNumber(total, language)})`;
  return total === null ? t('table.filteredCounter') : undefined;
}
