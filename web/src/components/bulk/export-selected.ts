import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { csvFileName, downloadCsv } from '../../lib/csv';
import { useToast } from '../toast/use-toast';

/**
 * Downloads the selected rows as the list's own CSV export writes them (the same columns),
 * as `<fileBase>-selected-YYYY-MM-DD.csv`, and says how many rows it holds.
 */
export function useExportSelected() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  return async (fileBase: string, build: () => Promise<{ csv: string; rows: number }>) => {
    try {
      const { csv, rows } = await build();
      downloadCsv(csvFileName(`${fileBase}-selected`), csv);
      showToast({ type: 'success', content: t('table.exported', { count: rows }) });
    } catch (error) {
      showToast({
        type: 'error',
        content: error instanceof ApiError ? error.message : t('table.exportFailed'),
      });
    }
  };
}
