import { describe, expect, it } from 'vitest';
import { listSerialRangesQuerySchema } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { effectiveSerialRangeSort, serialRangeListQuery } from './api';

const all = { sort: 'startSerial', order: 'asc', filter: '', productId: '' } as const;

describe('serialRangeListQuery', () => {
  it('asks for the first page in the chosen order', () => {
    expect(serialRangeListQuery(all, { pageSize: 20 })).toEqual({
      limit: 20,
      sort: 'startSerial',
      order: 'asc',
    });
    expect(
      serialRangeListQuery({ ...all, sort: 'updatedAt', order: 'desc' }, { pageSize: 50 }),
    ).toEqual({ limit: 50, sort: 'updatedAt', order: 'desc' });
  });

  it('sends the filter trimmed and in upper case, as serials are stored', () => {
    expect(
      serialRangeListQuery({ ...all, filter: '  av-2024 ' }, { pageSize: 10, cursor: 'c1' }),
    ).toEqual({ limit: 10, cursor: 'c1', sort: 'startSerial', order: 'asc', filter: 'AV-2024' });
  });

  it('switches to serial order for a filter or a product (the API narrows only there)', () => {
    const byUpdate = { ...all, sort: 'updatedAt', order: 'desc' } as const;
    expect(serialRangeListQuery({ ...byUpdate, filter: 'AV' }, { pageSize: 20 })).toMatchObject({
      sort: 'startSerial',
      order: 'asc',
      filter: 'AV',
    });
    expect(serialRangeListQuery({ ...byUpdate, productId: 'p-1' }, { pageSize: 20 })).toMatchObject(
      { sort: 'startSerial', order: 'asc', productId: 'p-1' },
    );
    expect(
      serialRangeListQuery({ ...all, order: 'desc', productId: 'p-1' }, { pageSize: 20 }),
    ).toMatchObject({ sort: 'startSerial', order: 'desc' });
  });

  it('leaves "All products" out of the query', () => {
    expect(serialRangeListQuery({ ...all, productId: '' }, { pageSize: 5 })).not.toHaveProperty(
      'productId',
    );
  });

  it('always builds a query the API accepts', () => {
    for (const [query, page] of [
      [{ ...all, sort: 'updatedAt', filter: 'x'.repeat(100) }, { pageSize: 1000 }],
      [{ ...all, sort: 'updatedAt', productId: 'p1', filter: 'av-' }, { pageSize: 25 }],
      [{ ...all, order: 'desc', filter: `${'9'.repeat(59)} 1` }, { pageSize: 0 }],
    ] as const) {
      const sent = serialRangeListQuery(query, page);
      const asSent = Object.fromEntries(
        Object.entries(sent).map(([name, value]) => [name, String(value)]),
      );
      const parsed = listSerialRangesQuerySchema.safeParse(asSent);
      expect(parsed.success, JSON.stringify(query)).toBe(true);
      if (parsed.data?.filter || parsed.data?.productId) {
        expect(parsed.data.sort).toBe('startSerial');
      }
    }
  });
});

describe('effectiveSerialRangeSort', () => {
  it('keeps the choice when nothing narrows the list', () => {
    expect(
      effectiveSerialRangeSort({ sort: 'updatedAt', order: 'desc', filter: ' ', productId: '' }),
    ).toEqual({ sort: 'updatedAt', order: 'desc' });
  });
});
