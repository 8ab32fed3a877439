import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import { ApiError } from '../../lib/api-client';
import { useServerTable } from '../use-server-table';
import { runEach } from './run-each';

/**
 * Actions on many rows without a server: the row-by-row run and its report, and what the
 * table's selection tells a screen reader (docs/web-app.md, "Actions on many rows").
 */
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

describe('runEach', () => {
  it('changes every row in order, goes on past a refusal, and names each refused row in the API’s words', async () => {
    const order: string[] = [];
    const progress: number[] = [];
    const result = await runEach(
      ['a', 'b', 'c', 'd'],
      async (item) => {
        order.push(item);
        if (item === 'b') {
          throw new ApiError('failed-precondition', 'This result was already voided', 400);
        }
        if (item === 'd') throw new TypeError('Failed to fetch');
      },
      (item) => `Row ${item}`,
      'Something went wrong',
      (done) => progress.push(done),
    );
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(result).toEqual({
      changed: 2,
      failures: [
        { name: 'Row b', message: 'This result was already voided' },
        { name: 'Row d', message: 'Something went wrong' },
      ],
    });
  });

  it('waits for each row before the next (one change at a time)', async () => {
    let running = 0;
    let most = 0;
    await runEach(
      [1, 2, 3],
      async () => {
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        running--;
      },
      String,
      '',
    );
    expect(most).toBe(1);
  });
});

vi.mock('../../lib/use-cursor-list', () => ({
  useCursorList: () => ({
    state: {
      status: 'success',
      data: { items: [{ id: 'a', name: 'Gate GV-150' }], nextCursor: null, total: 1 },
      pageIndex: 0,
      knownPages: 1,
    },
    pageIndex: 0,
    pagesCount: 1,
    total: 1,
    setPageIndex: vi.fn(),
    reload: vi.fn(),
  }),
}));

describe('a table with row selection', () => {
  function tableWith(selection?: Parameters<typeof useServerTable<object, Row>>[0]['selection']) {
    let result: ReturnType<typeof useServerTable<object, Row>> | undefined;
    function Probe() {
      result = useServerTable<object, Row>({
        preferencesKey: 'things',
        fetchPage: vi.fn(),
        query: { filter: '' },
        columns: [{ id: 'name', header: 'Name', cell: (row) => row.name }],
        filtered: false,
        onClearFilter: vi.fn(),
        texts: 'products',
        selection,
      });
      return null;
    }
    renderToStaticMarkup(<Probe />);
    return result!;
  }

  it('names each checkbox and the group for screen readers, and starts with nothing selected', () => {
    const table = tableWith({
      itemLabel: (row) => row.name,
      isItemDisabled: (row) => row.id === 'own',
    });
    const props = table.tableProps as typeof table.tableProps & {
      selectionType: string;
      selectedItems: Row[];
      isItemDisabled: (row: Row) => boolean;
      ariaLabels: {
        selectionGroupLabel: string;
        allItemsSelectionLabel: (state: { selectedItems: Row[] }) => string;
        itemSelectionLabel: (state: { selectedItems: Row[] }, row: Row) => string;
      };
    };
    expect(props.selectionType).toBe('multi');
    expect(props.selectedItems).toEqual([]);
    expect(table.selectedItems).toEqual([]);
    expect(props.ariaLabels.selectionGroupLabel).toBe('Row selection');
    expect(
      props.ariaLabels.itemSelectionLabel({ selectedItems: [] }, { id: 'a', name: 'Gate GV-150' }),
    ).toBe('Select Gate GV-150');
    expect(props.ariaLabels.allItemsSelectionLabel({ selectedItems: [] })).toBe(
      'Select all rows of this page',
    );
    expect(props.isItemDisabled({ id: 'own', name: 'Me' })).toBe(true);
    expect(table.counter).toBe('(1)');
  });

  it('has no selection unless the page asks for one', () => {
    const props = tableWith().tableProps as Record<string, unknown>;
    expect(props.selectionType).toBeUndefined();
    expect(props.ariaLabels).toEqual({ tableLabel: 'Products' });
  });
});

interface Row {
  id: string;
  name: string;
}
