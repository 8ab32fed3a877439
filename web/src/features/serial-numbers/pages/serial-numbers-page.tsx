import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { BulkActions } from '../../../components/bulk/bulk-actions';
import { useExportSelected } from '../../../components/bulk/export-selected';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ImportAction } from '../../../components/import/import-action';
import { RouterButton, RouterLink } from '../../../components/router-link';
import '../../../components/table-cells.css';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import { useLanguage } from '../../../i18n/use-language';
import type { SortOrder } from '../../../lib/cursor-page';
import { formatCalendarDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pathTo, paths } from '../../../routes/paths';
import { listAllProducts, useAllProducts } from '../../products';
import {
  effectiveSerialRangeSort,
  fetchSerialRangePage,
  listAllSerialRanges,
  type SerialRangeSort,
} from '../api';
import { DeleteSerialRangeModal } from '../components/delete-serial-range-modal';
import { PrintLabelsModal } from '../components/print-labels-modal';
import { ProductSelect } from '../components/product-select';
import { RangeMaterial } from '../components/range-material';
import { SerialLookup } from '../components/serial-lookup';
import { serialRangesCsv } from '../serial-csv';
import './serial-numbers-page.css';

/** The import dialog (docs/web-app.md, "Imports"), fetched when "Import" is chosen. */
const ImportSerialRangesModal = lazy(() => import('../components/import-serial-ranges-modal'));

/** "Print labels" of the selected ranges, fetched when it is chosen. */
const PrintRangesLabelsModal = lazy(() => import('../components/print-ranges-labels-modal'));

export default function SerialNumbersPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const products = useAllProducts();
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const [productId, setProductId] = useState('');
  const [sorting, setSorting] = useState<{ sort: SerialRangeSort; order: SortOrder }>({
    sort: 'startSerial',
    order: 'asc',
  });
  const query = { ...sorting, filter, productId };
  const [deleting, setDeleting] = useState<SerialRange>();
  const [printing, setPrinting] = useState<SerialRange>();
  /** The selected ranges whose labels are being printed in one run. */
  const [printingMany, setPrintingMany] = useState<SerialRange[]>();
  const exportSelected = useExportSelected();
  useDocumentTitle(t('serialNumbers.title'));

  const narrowing = filteringText.trim() !== '' || productId !== '';
  const productName = (range: SerialRange) =>
    products.byId.get(range.productId)?.name ?? range.productId;

  const columns: ServerTableColumn<SerialRange>[] = [
    {
      id: 'startSerial',
      header: t('serialRange.fields.startSerial'),
      isRowHeader: true,
      alwaysVisible: true,
      sortingField: 'startSerial',
      cell: (range) => (
        <RouterLink to={pathTo(paths.unit, { serial: range.startSerial })}>
          <span className="cell-nowrap">{range.startSerial}</span>
        </RouterLink>
      ),
    },
    {
      id: 'endSerial',
      header: t('serialRange.fields.endSerial'),
      cell: (range) => (
        <RouterLink to={pathTo(paths.unit, { serial: range.endSerial })}>
          <span className="cell-nowrap">{range.endSerial}</span>
        </RouterLink>
      ),
    },
    {
      id: 'totalUnits',
      // A short header (the full name in the preferences) keeps the list within 1366 px.
      header: t('serialNumbers.columns.units'),
      label: t('serialRange.fields.totalUnits'),
      cell: (range) => formatNumber(range.totalUnits, language),
    },
    {
      id: 'product',
      header: t('serialRange.fields.product'),
      // A long name takes several lines rather than push the actions out of sight.
      minWidth: 160,
      cell: productName,
    },
    {
      id: 'bodyMaterial',
      header: t('serialRange.fields.bodyMaterial'),
      // "WCB (cast steel)", "WCB（鑄鋼）": the material's words stay whole.
      minWidth: 140,
      cell: (range) => (
        <span className="cell-keep-words">
          <RangeMaterial range={range} product={products.byId.get(range.productId)} />
        </span>
      ),
    },
    {
      id: 'productionDate',
      header: t('serialRange.fields.productionDate'),
      // Shown from the table preferences: without it the list fits 1280 px beside the
      // navigation (docs/web-app.md, "Tables on a laptop screen").
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      cell: (range) => formatCalendarDate(range.productionDate, language) ?? range.productionDate,
    },
    {
      id: 'updatedAt',
      header: t('serialNumbers.columns.updatedAt'),
      // Shown from the table preferences, as the production date.
      hiddenByDefault: true,
      // The API filters (serial, product) in serial order only.
      ...(narrowing ? {} : { sortingField: 'updatedAt' }),
      cell: (range) => formatDateTime(range.updatedAt, language) ?? range.updatedAt,
    },
    {
      id: 'actions',
      header: t('table.actions'),
      alwaysVisible: true,
      width: 110,
      cell: (range) => (
        <SpaceBetween direction="horizontal" size="xxs">
          <Button
            variant="inline-icon"
            iconName="file"
            ariaLabel={t('labels.action', { name: range.startSerial })}
            data-testid={`serial-labels-${range.id}`}
            onClick={() => setPrinting(range)}
          />
          <EditDeleteActions
            name={range.startSerial}
            testId={`serial-actions-${range.id}`}
            onEdit={() => void navigate(pathTo(paths.editSerialNumber, { id: range.id }))}
            onDelete={() => setDeleting(range)}
          />
        </SpaceBetween>
      ),
    },
  ];

  const clearFilters = () => {
    setFilteringText('');
    setProductId('');
  };
  const table = useServerTable({
    preferencesKey: 'serialNumbers',
    fetchPage: fetchSerialRangePage,
    query,
    columns,
    // A filter or a product needs serial order: the table shows the order the API really uses.
    sorting: {
      shown: effectiveSerialRangeSort({ ...sorting, filter: filteringText, productId }),
      fields: ['startSerial', 'updatedAt'],
      onChange: setSorting,
    },
    filtered: filter !== '' || productId !== '',
    onClearFilter: clearFilters,
    texts: 'serialNumbers',
    retryTestId: 'serial-retry',
    selection: { itemLabel: (range) => `${range.startSerial} – ${range.endSerial}` },
  });
  const selected = table.selectedItems;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('serialNumbers.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <ImportAction
                dialog={ImportSerialRangesModal}
                testId="import-serial-ranges"
                done={(rows) =>
                  t('imports.serialRanges.done', {
                    count: rows,
                    rows: formatNumber(rows, language),
                  })
                }
                onImported={() => table.list.reload()}
              />
              <BulkActions
                count={selected.length}
                testId="serial-bulk"
                actions={[
                  { id: 'export', text: t('bulk.exportSelected') },
                  { id: 'labels', text: t('bulk.labels.menu') },
                ]}
                onAction={(id) => {
                  if (id === 'labels') {
                    setPrintingMany(selected);
                    return;
                  }
                  void exportSelected('serial-numbers', async () => {
                    // The same columns as the whole list's export, names as they are now.
                    const names = new Map(
                      (await listAllProducts()).map((product) => [product.id, product]),
                    );
                    return { csv: serialRangesCsv(selected, names), rows: selected.length };
                  });
                }}
              />
              <ExportCsvButton
                fileBase="serial-numbers"
                build={async () => {
                  // Names as they are now, for a file that reads on its own.
                  const [ranges, all] = await Promise.all([
                    listAllSerialRanges(query),
                    listAllProducts(),
                  ]);
                  const names = new Map(all.map((product) => [product.id, product]));
                  return { csv: serialRangesCsv(ranges, names), rows: ranges.length };
                }}
              />
              <RouterButton to={paths.addSerialNumber} variant="primary" data-testid="add-serial">
                {t('serialNumbers.add')}
              </RouterButton>
            </SpaceBetween>
          }
        >
          {t('serialNumbers.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <SerialLookup products={products.byId} />
        <Table
          {...table.tableProps}
          data-testid="serial-table"
          variant="container"
          wrapLines
          stickyColumns={{ last: 1 }}
          header={
            <Header variant="h2" counter={table.counter}>
              {t('serialNumbers.tableLabel')}
            </Header>
          }
          filter={
            <div className="list-filters">
              <div className="list-filters__text">
                <TextFilter
                  filteringText={filteringText}
                  filteringPlaceholder={t('serialNumbers.filterPlaceholder')}
                  filteringAriaLabel={t('serialNumbers.filterPlaceholder')}
                  filteringClearAriaLabel={t('table.clearFilter')}
                  countText={table.matchesText}
                  onChange={({ detail }) => setFilteringText(detail.filteringText)}
                  data-testid="serial-filter"
                />
              </div>
              <div className="list-filters__select">
                <ProductSelect
                  allOption
                  data-testid="serial-product-filter"
                  ariaLabel={t('serialNumbers.productFilter')}
                  value={productId}
                  onChange={setProductId}
                  products={products.products}
                  state={products.state.status}
                  onRetry={products.reload}
                />
              </div>
            </div>
          }
        />
      </SpaceBetween>
      {printing && (
        <PrintLabelsModal
          range={printing}
          productName={productName(printing)}
          onClose={() => setPrinting(undefined)}
        />
      )}
      {printingMany && (
        <Suspense fallback={null}>
          <PrintRangesLabelsModal
            ranges={printingMany}
            onClose={() => setPrintingMany(undefined)}
          />
        </Suspense>
      )}
      {deleting && (
        <DeleteSerialRangeModal
          range={deleting}
          productName={productName(deleting)}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            table.list.reload();
          }}
        />
      )}
    </ContentLayout>
  );
}
