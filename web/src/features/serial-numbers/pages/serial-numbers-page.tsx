import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPagination } from '../../../components/list-pagination';
import { ListPreferences } from '../../../components/list-preferences';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { TableEmptyState } from '../../../components/table-empty-state';
import { useLanguage } from '../../../i18n/use-language';
import { useColumnDisplayPreference, type ColumnDisplay } from '../../../lib/column-display';
import type { SortOrder } from '../../../lib/cursor-page';
import { formatCalendarDate, formatDateTime, formatNumber } from '../../../lib/format';
import { usePageSizePreference } from '../../../lib/page-size';
import { useCursorList } from '../../../lib/use-cursor-list';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListCounter } from '../../../lib/use-list-counter';
import { pathTo, paths } from '../../../routes/paths';
import { listAllProducts, useAllProducts } from '../../products';
import {
  effectiveSerialRangeSort,
  fetchSerialRangePage,
  listAllSerialRanges,
  type SerialRangeSort,
} from '../api';
import { DeleteSerialRangeModal } from '../components/delete-serial-range-modal';
import { ProductSelect } from '../components/product-select';
import { SerialLookup } from '../components/serial-lookup';
import { serialRangesCsv } from '../serial-csv';
import './serial-numbers-page.css';

type ColumnId =
  | 'startSerial'
  | 'endSerial'
  | 'totalUnits'
  | 'product'
  | 'productionDate'
  | 'updatedAt'
  | 'actions';

/** Column order and visibility until the user chooses otherwise (module level: stable). */
const defaultColumns: readonly ColumnDisplay[] = [
  { id: 'startSerial', visible: true },
  { id: 'endSerial', visible: true },
  { id: 'totalUnits', visible: true },
  { id: 'product', visible: true },
  { id: 'productionDate', visible: true },
  { id: 'updatedAt', visible: true },
  { id: 'actions', visible: true },
] satisfies readonly { id: ColumnId; visible: boolean }[];

export default function SerialNumbersPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const products = useAllProducts();
  const [pageSize, setPageSize] = usePageSizePreference('serialNumbers.pageSize');
  const [columnDisplay, setColumnDisplay] = useColumnDisplayPreference(
    'serialNumbers.columns',
    defaultColumns,
  );
  const { filteringText, setFilteringText, filter } = useDebouncedFilter();
  const [productId, setProductId] = useState('');
  const [sorting, setSorting] = useState<{ sort: SerialRangeSort; order: SortOrder }>({
    sort: 'startSerial',
    order: 'asc',
  });
  // A filter or a product needs serial order: the table shows the order the API really uses.
  const shown = effectiveSerialRangeSort({ ...sorting, filter: filteringText, productId });
  const query = { ...sorting, filter, productId };
  const list = useCursorList({ fetchPage: fetchSerialRangePage, pageSize, query });
  const [deleting, setDeleting] = useState<SerialRange>();
  useDocumentTitle(t('serialNumbers.title'));

  const items = list.state.status === 'success' ? list.state.data.items : [];
  const loading = list.state.status === 'loading';
  const narrowing = filteringText.trim() !== '' || productId !== '';
  const productName = (range: SerialRange) =>
    products.byId.get(range.productId)?.name ?? range.productId;

  const columns: (TableProps.ColumnDefinition<SerialRange> & { id: ColumnId; header: string })[] = [
    {
      id: 'startSerial',
      header: t('serialRange.fields.startSerial'),
      isRowHeader: true,
      sortingField: 'startSerial',
      cell: (range) => (
        <RouterLink to={pathTo(paths.editSerialNumber, { id: range.id })}>
          {range.startSerial}
        </RouterLink>
      ),
    },
    {
      id: 'endSerial',
      header: t('serialRange.fields.endSerial'),
      cell: (range) => range.endSerial,
    },
    {
      id: 'totalUnits',
      header: t('serialRange.fields.totalUnits'),
      cell: (range) => formatNumber(range.totalUnits, language),
    },
    {
      id: 'product',
      header: t('serialRange.fields.product'),
      cell: productName,
    },
    {
      id: 'productionDate',
      header: t('serialRange.fields.productionDate'),
      cell: (range) => formatCalendarDate(range.productionDate, language) ?? range.productionDate,
    },
    {
      id: 'updatedAt',
      header: t('serialNumbers.columns.updatedAt'),
      // The API filters (serial, product) in serial order only.
      ...(narrowing ? {} : { sortingField: 'updatedAt' }),
      cell: (range) => formatDateTime(range.updatedAt, language) ?? range.updatedAt,
    },
    {
      id: 'actions',
      header: t('table.actions'),
      width: 90,
      cell: (range) => (
        <EditDeleteActions
          name={range.startSerial}
          testId={`serial-actions-${range.id}`}
          onEdit={() => void navigate(pathTo(paths.editSerialNumber, { id: range.id }))}
          onDelete={() => setDeleting(range)}
        />
      ),
    },
  ];

  const filtered = filter !== '' || productId !== '';
  const counter = useListCounter(list.total);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('serialNumbers.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
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
          data-testid="serial-table"
          variant="container"
          items={items}
          trackBy="id"
          columnDefinitions={columns}
          columnDisplay={columnDisplay}
          loading={loading}
          loadingText={t('serialNumbers.loading')}
          empty={
            <TableEmptyState
              error={list.state.status === 'error' ? list.state.error : undefined}
              onRetry={list.reload}
              retryTestId="serial-retry"
              filterHint={filtered ? t('serialNumbers.emptyHint') : undefined}
              onClearFilter={() => {
                setFilteringText('');
                setProductId('');
              }}
            />
          }
          sortingColumn={{ sortingField: shown.sort }}
          sortingDescending={shown.order === 'desc'}
          onSortingChange={({ detail }) => {
            const field = detail.sortingColumn.sortingField;
            if (field === 'startSerial' || field === 'updatedAt') {
              setSorting({ sort: field, order: detail.isDescending ? 'desc' : 'asc' });
            }
          }}
          totalItemsCount={list.total ?? undefined}
          firstIndex={list.pageIndex * pageSize + 1}
          ariaLabels={{ tableLabel: t('serialNumbers.tableLabel') }}
          renderAriaLive={({ firstIndex, lastIndex }) =>
            t('table.ariaLive', { first: firstIndex, last: lastIndex })
          }
          header={
            <Header variant="h2" counter={counter}>
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
                  countText={
                    filtered && list.matched !== undefined
                      ? t('table.matches', { count: list.matched })
                      : undefined
                  }
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
          pagination={<ListPagination list={list} disabled={loading} />}
          preferences={
            <ListPreferences
              pageSize={pageSize}
              onPageSizeChange={setPageSize}
              pageSizeTitle={t('serialNumbers.pageSize')}
              pageSizeLabel={(count) => t('serialNumbers.pageSizeOption', { count })}
              columns={{
                choices: columns.map((column) => ({
                  id: column.id,
                  label: column.header,
                  alwaysVisible: column.id === 'startSerial' || column.id === 'actions',
                })),
                display: columnDisplay,
                onChange: setColumnDisplay,
              }}
            />
          }
        />
      </SpaceBetween>
      {deleting && (
        <DeleteSerialRangeModal
          range={deleting}
          productName={productName(deleting)}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            list.reload();
          }}
        />
      )}
    </ContentLayout>
  );
}
