import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../i18n/types';
import { useLanguage } from '../i18n/use-language';
import { useColumnDisplayPreference, type ColumnDisplay } from '../lib/column-display';
import type { SortOrder } from '../lib/cursor-page';
import { formatNumber } from '../lib/format';
import { usePageSizePreference } from '../lib/page-size';
import { useCursorList, type FetchPage } from '../lib/use-cursor-list';
import { useListCounter } from '../lib/use-list-counter';
import { ListPagination } from './list-pagination';
import { ListPreferences } from './list-preferences';
import { withWholeHeaders } from './table-cells';
import { TableEmptyState } from './table-empty-state';

/** A column of a server-paged table: Cloudscape's definition with an id and a text header. */
export type ServerTableColumn<T> = TableProps.ColumnDefinition<T> & {
  id: string;
  header: string;
  /** The column's full name in the preferences, when the header is short. */
  label?: string;
  /** Cannot be hidden in the preferences (the column naming the row, the actions). */
  alwaysVisible?: boolean;
  /** Hidden until the user shows it in the preferences. */
  hiddenByDefault?: boolean;
  /**
   * Hidden by default now, shown by default in arrangements stored as a bare list (before
   * the defaults were stored with them, issue 25): such a list's `visible: true` for this
   * column was no choice, and today's default applies.
   */
  visibleByDefaultBefore?: boolean;
  /**
   * False for a column this user may not see (another role's): it is not shown, but keeps
   * its place in the stored arrangement for the one who may.
   */
  available?: boolean;
};

type TextKeys<G extends string> =
  `${G}.loading` | `${G}.tableLabel` | `${G}.emptyHint` | `${G}.pageSize` | `${G}.pageSizeOption`;

/**
 * An i18n group holding a table's words: `loading` ("Loading products"), `tableLabel` (its
 * name for screen readers), `emptyHint` (under "No Data Found" when a filter hides every
 * record), `pageSize` ("Products per page") and `pageSizeOption` ("{{count}} products").
 */
export type TableTextGroup = {
  [K in TranslationKey]: K extends `${infer G}.pageSizeOption`
    ? TextKeys<G> extends TranslationKey
      ? G
      : never
    : never;
}[TranslationKey];

/** A table ordered by the API: the order shown and the fields it can order by. */
export interface ServerTableSorting<S extends string> {
  /** The order the API really uses (it may differ from the one asked for). */
  shown: { sort: S; order: SortOrder };
  /** The sorting fields of the columns; a click on another column changes nothing. */
  fields: readonly S[];
  onChange: (sorting: { sort: S; order: SortOrder }) => void;
}

export interface ServerTableOptions<Q, T, S extends string> {
  /** Where the choices are remembered: `<key>.pageSize` and `<key>.columns` in localStorage. */
  preferencesKey: string;
  /** Asks the API for a page (module level: stable). */
  fetchPage: FetchPage<Q, T>;
  /** The list's own part of the request (filters, order); plain JSON, compared by value. */
  query: Q;
  /** Every column in its default order (`hiddenByDefault`, `available` say the rest). */
  columns: readonly ServerTableColumn<T>[];
  /** Whether the preferences offer the columns' order and visibility (remembered); true by default. */
  columnChoice?: boolean;
  sorting?: ServerTableSorting<S>;
  /** Whether a filter narrows the list (the empty state then offers to clear it). */
  filtered: boolean;
  onClearFilter: () => void;
  /**
   * The header's counter: `total`, the API's count of the whole list ("(filtered)" when a
   * filter leaves it unknown); `matched`, the count once known (the last page reached).
   */
  counter?: 'total' | 'matched';
  /** Where the table's words are, e.g. `products` for `products.loading`, ... */
  texts: TableTextGroup;
  /** What a screen reader hears when the rows change; "Showing items 1 to 20" otherwise. */
  ariaLive?: (range: { first: number; last: number; total?: number }) => string;
  /** The pagination's name for screen readers; "Pages" otherwise. */
  paginationLabel?: string;
  /** Test hook of the empty state's retry button, e.g. `products-retry`. */
  retryTestId?: string;
  /** The property naming a row; `id` otherwise. */
  trackBy?: string;
  /**
   * Rows can be selected for actions on many rows (docs/web-app.md, "Actions on many
   * rows"): each row's checkbox is named for screen readers by `itemLabel` ("Select
   * AV-2024-000001"); `isItemDisabled` rows cannot be selected. The selection survives
   * paging and is cleared when the query (a filter, the order) changes.
   */
  selection?: {
    itemLabel: (item: T) => string;
    isItemDisabled?: (item: T) => boolean;
  };
}

/**
 * The columns of a stored arrangement that the table has now: columns for other roles
 * (e.g. an admin-only column) stay stored but are not given to the table.
 */
export function shownColumnDisplay(
  display: readonly ColumnDisplay[],
  columnIds: readonly string[],
): ColumnDisplay[] {
  return display.filter((entry) => columnIds.includes(entry.id));
}

/**
 * The arrangement to store after a choice in the preferences: the chosen columns in
 * their new order, then the stored columns the table did not show, where they were.
 */
export function withUnshownColumns(
  chosen: readonly ColumnDisplay[],
  stored: readonly ColumnDisplay[],
): ColumnDisplay[] {
  return [...chosen, ...stored.filter((entry) => !chosen.some((shown) => shown.id === entry.id))];
}

/** A click on a sortable column as the API's order, or undefined for a field it cannot sort by. */
export function sortingFromTable<S extends string>(
  fields: readonly S[],
  detail: { sortingColumn: { sortingField?: string }; isDescending?: boolean },
): { sort: S; order: SortOrder } | undefined {
  const field = detail.sortingColumn.sortingField;
  const sort = fields.find((candidate) => candidate === field);
  return sort && { sort, order: detail.isDescending ? 'desc' : 'asc' };
}

/**
 * One back-office table paged by the API: the page size and column preferences
 * (remembered per table), the pages through `useCursorList`, the order, the empty state
 * (with retry and "Clear filter"), the counter and what a screen reader hears. The page
 * spreads `tableProps` on Cloudscape's Table and adds what is its own (header, filter,
 * variant, test id).
 */
export function useServerTable<Q, T, S extends string = never>({
  preferencesKey,
  fetchPage,
  query,
  columns: allColumns,
  columnChoice = true,
  sorting,
  filtered,
  onClearFilter,
  counter = 'total',
  texts,
  ariaLive,
  paginationLabel,
  retryTestId,
  trackBy = 'id',
  selection,
}: ServerTableOptions<Q, T, S>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [pageSize, setPageSize] = usePageSizePreference(`${preferencesKey}.pageSize`);
  // The default arrangement, kept as a value: a new array each render is the same columns.
  const defaultsKey = JSON.stringify([
    allColumns.map((column) => ({ id: column.id, visible: !column.hiddenByDefault })),
    allColumns.map((column) => ({
      id: column.id,
      visible: !column.hiddenByDefault || column.visibleByDefaultBefore === true,
    })),
  ]);
  const [defaultColumns, listDefaults] = useMemo(
    () => JSON.parse(defaultsKey) as [ColumnDisplay[], ColumnDisplay[]],
    [defaultsKey],
  );
  const [storedColumns, setStoredColumns] = useColumnDisplayPreference(
    `${preferencesKey}.columns`,
    defaultColumns,
    listDefaults,
  );
  const columns = allColumns.filter((column) => column.available !== false);
  const list = useCursorList({ fetchPage, pageSize, query });
  const totalCounter = useListCounter(list.total);
  // The selection belongs to the query it was made in: another query (a filter, the order)
  // is another list, and what was selected in the last one is not in sight. (Adjusted while
  // rendering, React's pattern for state that follows a value: the table may call an
  // earlier render's handler, so the setter must not depend on the render it came from.)
  const queryKey = JSON.stringify(query);
  const [selectedItems, setSelectedItems] = useState<T[]>([]);
  const [selectionQuery, setSelectionQuery] = useState(queryKey);
  if (selectionQuery !== queryKey) {
    setSelectionQuery(queryKey);
    setSelectedItems([]);
  }

  const page = list.state.status === 'success' ? list.state.data : undefined;
  const items = page?.items ?? [];
  const loading = list.state.status === 'loading';
  const known = list.total ?? list.matched;
  const matchedCounter =
    typeof known === 'number' ? `(${formatNumber(known, language)})` : undefined;
  // How many records the filter lets through, once the API has said (a total or the last page).
  const matches = page?.total ?? list.matched;
  const columnDisplay = columnChoice
    ? shownColumnDisplay(
        storedColumns,
        columns.map((column) => column.id),
      )
    : undefined;

  const tableProps = {
    items,
    trackBy,
    // Header words stay whole (Chinese ones too); the preferences name columns by `label ?? header`.
    columnDefinitions: withWholeHeaders(columns),
    columnDisplay,
    loading,
    loadingText: t(`${texts}.loading`),
    empty: (
      <TableEmptyState
        error={list.state.status === 'error' ? list.state.error : undefined}
        onRetry={list.reload}
        retryTestId={retryTestId}
        filterHint={filtered ? t(`${texts}.emptyHint`) : undefined}
        onClearFilter={onClearFilter}
      />
    ),
    ...(sorting && {
      sortingColumn: { sortingField: sorting.shown.sort },
      sortingDescending: sorting.shown.order === 'desc',
      onSortingChange: ({ detail }: { detail: TableProps.SortingState<T> }) => {
        const next = sortingFromTable(sorting.fields, detail);
        if (next) sorting.onChange(next);
      },
    }),
    totalItemsCount: list.total ?? undefined,
    firstIndex: list.pageIndex * pageSize + 1,
    ariaLabels: {
      tableLabel: t(`${texts}.tableLabel`),
      ...(selection && {
        selectionGroupLabel: t('bulk.selectionGroup'),
        allItemsSelectionLabel: ({ selectedItems: selected }: TableProps.SelectionState<T>) =>
          selected.length > 0 ? t('bulk.deselectAll') : t('bulk.selectAll'),
        itemSelectionLabel: (_: TableProps.SelectionState<T>, item: T) =>
          t('bulk.selectItem', { name: selection.itemLabel(item) }),
      }),
    },
    ...(selection && {
      selectionType: 'multi' as const,
      selectedItems,
      isItemDisabled: selection.isItemDisabled,
      onSelectionChange: ({ detail }: { detail: TableProps.SelectionChangeDetail<T> }) =>
        setSelectedItems(detail.selectedItems),
    }),
    renderAriaLive: ({ firstIndex, lastIndex, totalItemsCount }: TableProps.LiveAnnouncement) =>
      ariaLive
        ? ariaLive({ first: firstIndex, last: lastIndex, total: totalItemsCount })
        : t('table.ariaLive', { first: firstIndex, last: lastIndex }),
    pagination: <ListPagination list={list} disabled={loading} label={paginationLabel} />,
    preferences: (
      <ListPreferences
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pageSizeTitle={t(`${texts}.pageSize`)}
        pageSizeLabel={(count) => t(`${texts}.pageSizeOption`, { count })}
        columns={
          columnDisplay && {
            choices: columns.map((column) => ({
              id: column.id,
              label: column.label ?? column.header,
              alwaysVisible: column.alwaysVisible,
            })),
            display: columnDisplay,
            onChange: (display) => setStoredColumns(withUnshownColumns(display, storedColumns)),
          }
        }
      />
    ),
  } satisfies Partial<TableProps<T>>;

  return {
    /** The paged list itself (state, reload, page index). */
    list,
    pageSize,
    loading,
    /** The header's counter, e.g. "(42)", or "(2/42)" while rows are selected. */
    counter:
      selectedItems.length > 0
        ? typeof known === 'number'
          ? t('bulk.counter', {
              selected: formatNumber(selectedItems.length, language),
              total: formatNumber(known, language),
            })
          : t('bulk.counterSelected', { selected: formatNumber(selectedItems.length, language) })
        : counter === 'total'
          ? totalCounter
          : matchedCounter,
    /** The selected rows (in the order chosen), for actions on many rows. */
    selectedItems,
    clearSelection: () => setSelectedItems([]),
    /** A text filter's count, "Matches: 3", once known while a filter applies. */
    matchesText:
      filtered && matches !== undefined && matches !== null
        ? t('table.matches', { count: matches })
        : undefined,
    tableProps,
  };
}
