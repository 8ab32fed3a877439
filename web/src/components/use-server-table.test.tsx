import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../i18n/resources';
import type { CursorListState } from '../lib/use-cursor-list';

/** What the mocked `useCursorList` answers, and what it was asked. */
const cursorList = vi.hoisted(() => ({
  value: {} as Record<string, unknown>,
  calls: [] as { pageSize: number; query: unknown }[],
}));
vi.mock('../lib/use-cursor-list', () => ({
  useCursorList: (options: { pageSize: number; query: unknown }) => {
    cursorList.calls.push({ pageSize: options.pageSize, query: options.query });
    return cursorList.value;
  },
}));

const { i18n } = await import('../i18n');
const { ApiError } = await import('../lib/api-client');
const { shownColumnDisplay, sortingFromTable, useServerTable, withUnshownColumns } =
  await import('./use-server-table');
type Options = Parameters<typeof useServerTable<object, Row, 'name' | 'updatedAt'>>[0];

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
});

interface Row {
  id: string;
  name: string;
}

/** A list state as `useCursorList` gives it. */
function listState(
  state: CursorListState<Row>,
  extra: { pageIndex?: number; total?: number | null; matched?: number } = {},
) {
  return {
    state,
    pageIndex: extra.pageIndex ?? 0,
    pagesCount: 3,
    total: extra.total,
    matched: extra.matched,
    setPageIndex: vi.fn(),
    reload: vi.fn(),
  };
}

const page = (items: Row[], total: number | null) =>
  ({
    status: 'success',
    data: { items, nextCursor: null, total },
    pageIndex: 0,
    knownPages: 1,
  }) as const;

const columns = [
  { id: 'name', header: 'Name', alwaysVisible: true, sortingField: 'name', cell: () => '' },
  { id: 'short', header: 'Sh.', label: 'Short name in full', cell: () => '' },
];

function options(overrides: Partial<Options> = {}): Options {
  return {
    preferencesKey: 'things',
    fetchPage: vi.fn(),
    query: { filter: '' },
    columns,
    filtered: false,
    onClearFilter: vi.fn(),
    texts: 'products',
    retryTestId: 'things-retry',
    ...overrides,
  };
}

/** Runs the hook once, as a page's render would, and returns what it gave. */
function renderHook(hookOptions: Options) {
  let result: ReturnType<typeof useServerTable<object, Row, 'name' | 'updatedAt'>> | undefined;
  function Probe() {
    result = useServerTable(hookOptions);
    return null;
  }
  renderToStaticMarkup(<Probe />);
  if (!result) throw new Error('the hook did not run');
  return result;
}

const propsOf = (element: unknown) => {
  if (!isValidElement(element)) throw new Error('not an element');
  return (element as ReactElement<Record<string, unknown>>).props;
};

beforeEach(() => {
  cursorList.calls = [];
});

describe('useServerTable', () => {
  it('asks for the first page with the default page size and the list query', () => {
    cursorList.value = listState({ status: 'loading' });
    const table = renderHook(options({ query: { filter: 'ab' } }));
    expect(cursorList.calls.at(-1)).toEqual({ pageSize: 20, query: { filter: 'ab' } });
    expect(table.loading).toBe(true);
    expect(table.tableProps).toMatchObject({
      items: [],
      loading: true,
      loadingText: 'Loading products',
      firstIndex: 1,
      trackBy: 'id',
      ariaLabels: { tableLabel: 'Products' },
    });
    expect(table.counter).toBeUndefined();
  });

  it('numbers the rows of a later page and counts the whole list', () => {
    const rows = [{ id: 'a', name: 'A' }];
    cursorList.value = listState(page(rows, 42), { pageIndex: 2, total: 42 });
    const table = renderHook(options());
    expect(table.tableProps.items).toBe(rows);
    expect(table.tableProps.firstIndex).toBe(41);
    expect(table.tableProps.totalItemsCount).toBe(42);
    expect(table.counter).toBe('(42)');
    expect(table.matchesText).toBeUndefined();
    expect(
      table.tableProps.renderAriaLive({ firstIndex: 41, lastIndex: 42, visibleItemsCount: 2 }),
    ).toBe('Showing items 41 to 42');
  });

  it('counts a filtered list once its last page is reached', () => {
    cursorList.value = listState(page([], null), { total: null, matched: 3 });
    const byTotal = renderHook(options({ filtered: true }));
    expect(byTotal.counter).toBe('(filtered)');
    expect(byTotal.matchesText).toBe('Matches: 3');
    const byMatches = renderHook(options({ filtered: true, counter: 'matched' }));
    expect(byMatches.counter).toBe('(3)');
  });

  it('gives the list its own live-region words and pagination name', () => {
    cursorList.value = listState(page([], 7), { total: 7 });
    const table = renderHook(
      options({
        ariaLive: ({ first, last, total }) => `${first}-${last} of ${total}`,
        paginationLabel: 'Thing pages',
      }),
    );
    expect(
      table.tableProps.renderAriaLive({
        firstIndex: 1,
        lastIndex: 7,
        totalItemsCount: 7,
        visibleItemsCount: 7,
      }),
    ).toBe('1-7 of 7');
    expect(propsOf(table.tableProps.pagination).label).toBe('Thing pages');
  });

  it('shows why the list failed, with a retry that reloads it', () => {
    const failure = new ApiError('unavailable', 'The service is unavailable.', 503);
    const list = listState({ status: 'error', error: failure });
    cursorList.value = list;
    const empty = propsOf(renderHook(options()).tableProps.empty);
    expect(empty.error).toBe(failure);
    expect(empty.retryTestId).toBe('things-retry');
    (empty.onRetry as () => void)();
    expect(list.reload).toHaveBeenCalled();
  });

  it('offers to clear a filter that hides every record', () => {
    cursorList.value = listState(page([], null), { total: null, matched: 0 });
    const onClearFilter = vi.fn();
    const filtered = propsOf(
      renderHook(options({ filtered: true, onClearFilter })).tableProps.empty,
    );
    expect(filtered.filterHint).toBe('No product has all of these words.');
    expect(filtered.onClearFilter).toBe(onClearFilter);
    expect(propsOf(renderHook(options()).tableProps.empty).filterHint).toBeUndefined();
  });

  it('turns a click on a sortable column into the API order, and ignores other columns', () => {
    cursorList.value = listState(page([], 1), { total: 1 });
    const onChange = vi.fn();
    const table = renderHook(
      options({
        sorting: { shown: { sort: 'name', order: 'asc' }, fields: ['name', 'updatedAt'], onChange },
      }),
    );
    expect(table.tableProps.sortingColumn).toEqual({ sortingField: 'name' });
    expect(table.tableProps.sortingDescending).toBe(false);
    const sort = table.tableProps.onSortingChange as (event: {
      detail: { sortingColumn: { sortingField?: string }; isDescending?: boolean };
    }) => void;
    sort({ detail: { sortingColumn: { sortingField: 'updatedAt' }, isDescending: true } });
    sort({ detail: { sortingColumn: { sortingField: 'fluid' }, isDescending: true } });
    expect(onChange.mock.calls).toEqual([[{ sort: 'updatedAt', order: 'desc' }]]);
  });

  it('has no order unless the page gives one, and no column choice when it says so', () => {
    cursorList.value = listState(page([], 1), { total: 1 });
    const table = renderHook(options({ columnChoice: false }));
    expect(table.tableProps).not.toHaveProperty('sortingColumn');
    expect(table.tableProps.columnDisplay).toBeUndefined();
    expect(propsOf(table.tableProps.preferences).columns).toBeUndefined();
  });

  it('offers the columns by their full names, the row-naming one always shown', () => {
    cursorList.value = listState(page([], 1), { total: 1 });
    const table = renderHook(
      options({
        columns: [
          columns[0]!,
          { id: 'adminOnly', header: 'Secret', available: false, cell: () => '' },
          { ...columns[1]!, hiddenByDefault: true },
        ],
      }),
    );
    // A column this user may not see (another role's) is neither shown nor offered.
    expect(table.tableProps.columnDefinitions.map((column) => column.id)).toEqual([
      'name',
      'short',
    ]);
    expect(table.tableProps.columnDisplay).toEqual([
      { id: 'name', visible: true },
      { id: 'short', visible: false },
    ]);
    const preferences = propsOf(table.tableProps.preferences);
    expect(preferences.pageSize).toBe(20);
    expect(preferences.pageSizeTitle).toBe('Products per page');
    expect((preferences.pageSizeLabel as (count: number) => string)(50)).toBe('50 products');
    expect((preferences.columns as { choices: unknown }).choices).toEqual([
      { id: 'name', label: 'Name', alwaysVisible: true },
      { id: 'short', label: 'Short name in full', alwaysVisible: undefined },
    ]);
  });
});

describe('stored column arrangements', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
      },
    });
    cursorList.value = listState(page([], 1), { total: 1 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** `short` starts hidden now; it was shown by default before (issue 25). */
  const newlyHidden = [
    columns[0]!,
    { ...columns[1]!, hiddenByDefault: true, visibleByDefaultBefore: true },
  ];

  it('hides a newly hidden column for a list stored before with its old defaults', () => {
    // What the preferences dialog stored on any confirm, e.g. of the page size alone.
    storage.set(
      'things.columns',
      JSON.stringify([
        { id: 'name', visible: true },
        { id: 'short', visible: true },
      ]),
    );
    const table = renderHook(options({ columns: newlyHidden }));
    expect(table.tableProps.columnDisplay).toEqual([
      { id: 'name', visible: true },
      { id: 'short', visible: false },
    ]);
  });

  it('keeps a column shown by the person’s choice, and stores the defaults with a choice', () => {
    storage.set(
      'things.columns',
      JSON.stringify({
        columns: [
          { id: 'name', visible: true },
          { id: 'short', visible: true },
        ],
        defaults: [
          { id: 'name', visible: true },
          { id: 'short', visible: false },
        ],
      }),
    );
    const table = renderHook(options({ columns: newlyHidden }));
    expect(table.tableProps.columnDisplay).toEqual([
      { id: 'name', visible: true },
      { id: 'short', visible: true },
    ]);
    const choice = propsOf(table.tableProps.preferences).columns as {
      onChange: (display: { id: string; visible: boolean }[]) => void;
    };
    choice.onChange([
      { id: 'name', visible: true },
      { id: 'short', visible: false },
    ]);
    expect(JSON.parse(storage.get('things.columns')!)).toEqual({
      columns: [
        { id: 'name', visible: true },
        { id: 'short', visible: false },
      ],
      defaults: [
        { id: 'name', visible: true },
        { id: 'short', visible: false },
      ],
    });
  });
});

describe('column arrangements', () => {
  const stored = [
    { id: 'a', visible: true },
    { id: 'secret', visible: true },
    { id: 'b', visible: false },
  ];

  it('gives the table only the columns it has', () => {
    expect(shownColumnDisplay(stored, ['b', 'a'])).toEqual([
      { id: 'a', visible: true },
      { id: 'b', visible: false },
    ]);
  });

  it('keeps the columns the table did not show after a choice', () => {
    expect(
      withUnshownColumns(
        [
          { id: 'b', visible: true },
          { id: 'a', visible: false },
        ],
        stored,
      ),
    ).toEqual([
      { id: 'b', visible: true },
      { id: 'a', visible: false },
      { id: 'secret', visible: true },
    ]);
  });
});

describe('sortingFromTable', () => {
  it('reads the column and the direction', () => {
    expect(sortingFromTable(['name'], { sortingColumn: { sortingField: 'name' } })).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(sortingFromTable(['name'], { sortingColumn: {}, isDescending: true })).toBeUndefined();
  });
});
