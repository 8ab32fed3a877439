import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { csvFileName, downloadCsv } from '../lib/csv';
import { useToast } from './toast/use-toast';

interface ExportCsvButtonProps {
  /** The file is `<fileBase>-YYYY-MM-DD.csv`. */
  fileBase: string;
  /** Loads the whole list (every page) and writes the CSV document with its row count. */
  build: () => Promise<{ csv: string; rows: number }>;
  /** The button's text when "Export CSV" would not say which of a section's tables it exports. */
  label?: string;
}

/** "Export CSV": the whole list as the table shows it (filter, order), not only the page. */
export function ExportCsvButton({ fileBase, build, label }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [exporting, setExporting] = useState(false);

  async function handleExport() {
    if (exporting) return;
    setExporting(true);
    try {
      const { csv, rows } = await build();
      downloadCsv(csvFileName(fileBase), csv);
      showToast({ type: 'success', content: t('table.exported', { count: rows }) });
    } catch (error) {
      showToast({
        type: 'error',
        content: error instanceof ApiError ? error.message : t('table.exportFailed'),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      iconName="download"
      loading={exporting}
      onClick={() => void handleExport()}
      data-testid="export-csv"
    >
      {label ?? t('table.exportCsv')}
    </Button>
  );
}
