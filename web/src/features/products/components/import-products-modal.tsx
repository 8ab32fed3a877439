import { useTranslation } from 'react-i18next';
import type { ImportJob } from '../../../../../lambdas/shared/contract/schemas/imports';
import ImportCsvModal from '../../../components/import/import-csv-modal';
import { productCsvColumns } from '../product-csv';
import { importProducts } from '../write-api';

/** The export's columns, in its order: an exported file, edited, imports again. */
const columns = productCsvColumns.map((column) => column.header);

/**
 * "Import" on the Products list: a CSV file of new products, in the columns of the list's
 * export, checked by the server then stored all or none. Fetched when first opened.
 */
export default function ImportProductsModal({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (job: ImportJob) => void;
}) {
  const { t } = useTranslation();
  return (
    <ImportCsvModal
      title={t('imports.products.title')}
      description={t('imports.products.description')}
      columns={columns}
      columnsHint={t('imports.products.columns', { columns: columns.join(', ') })}
      templateName="products-template.csv"
      send={importProducts}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
