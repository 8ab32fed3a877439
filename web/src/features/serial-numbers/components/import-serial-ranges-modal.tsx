import { useTranslation } from 'react-i18next';
import type { ImportJob } from '../../../../../lambdas/shared/contract/schemas/imports';
import ImportCsvModal from '../../../components/import/import-csv-modal';
import { importSerialRanges } from '../api';
import { serialRangeCsvColumns } from '../serial-csv';

/** The export's columns, in its order: an exported file, edited, imports again. */
const columns = serialRangeCsvColumns(new Map()).map((column) => column.header);

/**
 * "Import" on the Serial Numbers list: a CSV file of new ranges, in the columns of the list's
 * export (each naming its product by name), checked by the server then stored all or none.
 * Fetched when first opened.
 */
export default function ImportSerialRangesModal({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (job: ImportJob) => void;
}) {
  const { t } = useTranslation();
  return (
    <ImportCsvModal
      title={t('imports.serialRanges.title')}
      description={t('imports.serialRanges.description')}
      columns={columns}
      columnsHint={t('imports.serialRanges.columns', { columns: columns.join(', ') })}
      templateName="serial-numbers-template.csv"
      send={importSerialRanges}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
