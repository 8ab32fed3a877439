import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import { useExportSelected } from '../../../components/bulk/export-selected';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ImportAction } from '../../../components/import/import-action';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { useServerTable, type ServerTableColumn } from '../../../components/use-server-table';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatDecimal, formatNumber } from '../../../lib/format';
import type { SortOrder } from '../../../lib/cursor-page';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pathTo, paths } from '../../../routes/paths';
import { effectiveProductSort, fetchProductPage, listAllProducts, type ProductSort } from '../api';
import { productsCsv } from '../product-csv';
import { pressureFields } from '../product-form';

/**
 * The delete dialog, fetched when a delete is asked for: it counts the product's ranges with
 * the serial ranges' contract, which the list itself never calls.
 */
const DeleteProductModal = lazy(() =>
  import('../components/delete-product-modal').then((module) => ({
    default: module.DeleteProductModal,
  })),
);

/** The import dialog (docs/web-app.md, "Imports"), fetched when "Import" is chosen. */
const ImportProductsModal = lazy(() => import('../components/import-products-modal'));

export default function ProductsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const [sorting, setSorting] = useState<{ sort: ProductSort; order: SortOrder }>({
    sort: 'name',
    order: 'asc',
  });
  const query = { ...sorting, filter };
  const [deleting, setDeleting] = useState<Product>();
  useDocumentTitle(t('products.title'));

  const filtering = filteringText.trim() !== '';
  const none = t('common.none');
  const pressure = (value: number | null) =>
    value === null ? none : formatDecimal(value, language);

  const columns: ServerTableColumn<Product>[] = [
    {
      id: 'name',
      header: t('product.fields.name'),
      isRowHeader: true,
      alwaysVisible: true,
      minWidth: 180,
      sortingField: 'name',
      cell: (product) => (
        <RouterLink to={pathTo(paths.editProduct, { id: product.id })}>{product.name}</RouterLink>
      ),
    },
    {
      id: 'fluid',
      header: t('product.fields.fluid'),
      minWidth: 90,
      cell: (product) => t(`product.fluids.${product.fluid}`),
    },
    {
      id: 'temperature',
      header: t('products.columns.temperature'),
      minWidth: 140,
      cell: (product) =>
        t('products.temperatureRange', {
          min: formatDecimal(product.temperatureMin, language),
          max: formatDecimal(product.temperatureMax, language),
        }),
    },
    {
      id: 'connection',
      header: t('product.fields.connection'),
      minWidth: 130,
      cell: (product) => product.connection,
    },
    ...pressureFields.map((field) => ({
      id: field,
      header: t(`products.columns.${field}`),
      label: t(`product.fields.${field}`),
      ariaLabel: () => t(`product.fields.${field}`),
      cell: (product: Product) => pressure(product[field]),
    })),
    {
      id: 'application',
      hiddenByDefault: true,
      header: t('product.fields.application'),
      cell: (product) => product.application ?? none,
    },
    {
      id: 'applicationMedium',
      hiddenByDefault: true,
      header: t('product.fields.applicationMedium'),
      cell: (product) => product.applicationMedium ?? none,
    },
    {
      id: 'updatedAt',
      header: t('products.columns.updatedAt'),
      // Shown from the table preferences: without it the list fits 1280 px beside the
      // navigation (docs/web-app.md, "Tables on a laptop screen").
      hiddenByDefault: true,
      visibleByDefaultBefore: true,
      minWidth: 150,
      // The API searches in name order only.
      ...(filtering ? {} : { sortingField: 'updatedAt' }),
      cell: (product) => formatDateTime(product.updatedAt, language) ?? product.updatedAt,
    },
    {
      id: 'actions',
      header: t('table.actions'),
      alwaysVisible: true,
      width: 90,
      cell: (product) => (
        <EditDeleteActions
          name={product.name}
          testId={`product-actions-${product.id}`}
          onEdit={() => void navigate(pathTo(paths.editProduct, { id: product.id }))}
          onDelete={() => setDeleting(product)}
        />
      ),
    },
  ];

  const table = useServerTable({
    preferencesKey: 'products',
    fetchPage: fetchProductPage,
    query,
    columns,
    // A filter needs name order: the table shows the order the API really uses.
    sorting: {
      shown: effectiveProductSort({ ...sorting, filter: filteringText }),
      fields: ['name', 'updatedAt'],
      onChange: setSorting,
    },
    filtered: filter !== '',
    onClearFilter: () => setFilteringText(''),
    texts: 'products',
    retryTestId: 'products-retry',
    selection: { itemLabel: (product) => product.name },
  });
  const exportSelected = useExportSelected();

  return (
    <>
      <Table
        {...table.tableProps}
        data-testid="products-table"
        variant="full-page"
        wrapLines
        stickyColumns={{ last: 1 }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={table.counter}
            description={t('products.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <ImportAction
                  dialog={ImportProductsModal}
                  testId="import-products"
                  done={(rows) =>
                    t('imports.products.done', { count: rows, rows: formatNumber(rows, language) })
                  }
                  onImported={() => table.list.reload()}
                />
                {/* The list's one action on many rows: a button, not a menu of one. */}
                <Button
                  iconName="download"
                  disabled={table.selectedItems.length === 0}
                  disabledReason={t('bulk.noneSelected')}
                  onClick={() =>
                    void exportSelected('products', () =>
                      Promise.resolve({
                        csv: productsCsv(table.selectedItems),
                        rows: table.selectedItems.length,
                      }),
                    )
                  }
                  data-testid="products-export-selected"
                >
                  {t('bulk.exportSelectedCount', { count: table.selectedItems.length })}
                </Button>
                <ExportCsvButton
                  fileBase="products"
                  build={async () => {
                    const products = await listAllProducts(query);
                    return { csv: productsCsv(products), rows: products.length };
                  }}
                />
                <RouterButton to={paths.addProduct} variant="primary" data-testid="add-product">
                  {t('products.add')}
                </RouterButton>
              </SpaceBetween>
            }
          >
            {t('products.title')}
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filteringText}
            filteringPlaceholder={t('products.filterPlaceholder')}
            filteringAriaLabel={t('products.filterPlaceholder')}
            filteringClearAriaLabel={t('table.clearFilter')}
            countText={table.matchesText}
            onChange={({ detail }) => setFilteringText(detail.filteringText)}
            data-testid="products-filter"
          />
        }
      />
      {deleting && (
        <Suspense fallback={null}>
          <DeleteProductModal
            product={deleting}
            onClose={() => setDeleting(undefined)}
            onDeleted={() => {
              setDeleting(undefined);
              table.list.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
