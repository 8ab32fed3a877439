import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPagination } from '../../../components/list-pagination';
import { ListPreferences } from '../../../components/list-preferences';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { TableEmptyState } from '../../../components/table-empty-state';
import { useLanguage } from '../../../i18n/use-language';
import { useColumnDisplayPreference, type ColumnDisplay } from '../../../lib/column-display';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { usePageSizePreference } from '../../../lib/page-size';
import type { SortOrder } from '../../../lib/cursor-page';
import { useCursorList } from '../../../lib/use-cursor-list';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListCounter } from '../../../lib/use-list-counter';
import { pathTo, paths } from '../../../routes/paths';
import { effectiveProductSort, fetchProductPage, listAllProducts, type ProductSort } from '../api';
import { DeleteProductModal } from '../components/delete-product-modal';
import { productsCsv } from '../product-csv';
import { pressureFields } from '../product-form';

type ColumnId =
  | 'name'
  | 'fluid'
  | 'temperature'
  | 'connection'
  | 'pressureFC'
  | 'pressureWCB'
  | 'pressureSUS'
  | 'application'
  | 'applicationMedium'
  | 'updatedAt'
  | 'actions';

/** Column order and visibility until the user chooses otherwise (module level: stable). */
const defaultColumns: readonly ColumnDisplay[] = [
  { id: 'name', visible: true },
  { id: 'fluid', visible: true },
  { id: 'temperature', visible: true },
  { id: 'connection', visible: true },
  { id: 'pressureFC', visible: true },
  { id: 'pressureWCB', visible: true },
  { id: 'pressureSUS', visible: true },
  { id: 'application', visible: false },
  { id: 'applicationMedium', visible: false },
  { id: 'updatedAt', visible: true },
  { id: 'actions', visible: true },
] satisfies readonly { id: ColumnId; visible: boolean }[];

export default function ProductsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [pageSize, setPageSize] = usePageSizePreference('products.pageSize');
  const [columnDisplay, setColumnDisplay] = useColumnDisplayPreference(
    'products.columns',
    defaultColumns,
  );
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const [sorting, setSorting] = useState<{ sort: ProductSort; order: SortOrder }>({
    sort: 'name',
    order: 'asc',
  });
  // A filter needs name order: the table shows the order the API really uses.
  const shown = effectiveProductSort({ ...sorting, filter: filteringText });
  const query = { ...sorting, filter };
  const list = useCursorList({ fetchPage: fetchProductPage, pageSize, query });
  const [deleting, setDeleting] = useState<Product>();
  useDocumentTitle(t('products.title'));

  const items = list.state.status === 'success' ? list.state.data.items : [];
  const loading = list.state.status === 'loading';
  const filtering = filteringText.trim() !== '';
  const none = t('common.none');
  const pressure = (value: number | null) =>
    value === null ? none : formatDecimal(value, language);

  /** `label`: the column's full name in the preferences, when the header is short. */
  const columns: (TableProps.ColumnDefinition<Product> & {
    id: ColumnId;
    header: string;
    label?: string;
  })[] = [
    {
      id: 'name',
      header: t('product.fields.name'),
      isRowHeader: true,
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
      header: t('product.fields.application'),
      cell: (product) => product.application ?? none,
    },
    {
      id: 'applicationMedium',
      header: t('product.fields.applicationMedium'),
      cell: (product) => product.applicationMedium ?? none,
    },
    {
      id: 'updatedAt',
      header: t('products.columns.updatedAt'),
      minWidth: 150,
      // The API filters names in name order only.
      ...(filtering ? {} : { sortingField: 'updatedAt' }),
      cell: (product) => formatDateTime(product.updatedAt, language) ?? product.updatedAt,
    },
    {
      id: 'actions',
      header: t('table.actions'),
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

  const filtered = filter !== '';
  const counter = useListCounter(list.total);

  return (
    <>
      <Table
        data-testid="products-table"
        variant="full-page"
        items={items}
        trackBy="id"
        columnDefinitions={columns}
        columnDisplay={columnDisplay}
        wrapLines
        loading={loading}
        loadingText={t('products.loading')}
        empty={
          <TableEmptyState
            error={list.state.status === 'error' ? list.state.error : undefined}
            onRetry={list.reload}
            retryTestId="products-retry"
            filterHint={filtered ? t('products.emptyHint') : undefined}
            onClearFilter={() => setFilteringText('')}
          />
        }
        sortingColumn={{ sortingField: shown.sort }}
        sortingDescending={shown.order === 'desc'}
        onSortingChange={({ detail }) => {
          const field = detail.sortingColumn.sortingField;
          if (field === 'name' || field === 'updatedAt') {
            setSorting({ sort: field, order: detail.isDescending ? 'desc' : 'asc' });
          }
        }}
        totalItemsCount={list.total ?? undefined}
        firstIndex={list.pageIndex * pageSize + 1}
        ariaLabels={{ tableLabel: t('products.title') }}
        renderAriaLive={({ firstIndex, lastIndex }) =>
          t('table.ariaLive', { first: firstIndex, last: lastIndex })
        }
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={counter}
            description={t('products.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
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
            countText={
              filtered && list.matched !== undefined
                ? t('table.matches', { count: list.matched })
                : undefined
            }
            onChange={({ detail }) => setFilteringText(detail.filteringText)}
            data-testid="products-filter"
          />
        }
        pagination={<ListPagination list={list} disabled={loading} />}
        preferences={
          <ListPreferences
            pageSize={pageSize}
            onPageSizeChange={setPageSize}
            pageSizeTitle={t('products.pageSize')}
            pageSizeLabel={(count) => t('products.pageSizeOption', { count })}
            columns={{
              choices: columns.map((column) => ({
                id: column.id,
                label: column.label ?? column.header,
                alwaysVisible: column.id === 'name' || column.id === 'actions',
              })),
              display: columnDisplay,
              onChange: setColumnDisplay,
            }}
          />
        }
      />
      {deleting && (
        <DeleteProductModal
          product={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            list.reload();
          }}
        />
      )}
    </>
  );
}
