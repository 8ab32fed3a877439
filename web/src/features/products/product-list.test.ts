import { describe, expect, it } from 'vitest';
import { listProductsQuerySchema } from '../../../../lambdas/shared/contract/schemas/product';
import { effectiveProductSort, productListQuery } from './api';

const byName = { sort: 'name', order: 'asc', filter: '' } as const;

describe('productListQuery', () => {
  it('asks for the first page in the chosen order', () => {
    expect(productListQuery(byName, { pageSize: 20 })).toEqual({
      limit: 20,
      sort: 'name',
      order: 'asc',
    });
    expect(
      productListQuery({ sort: 'updatedAt', order: 'desc', filter: '  ' }, { pageSize: 5 }),
    ).toEqual({ limit: 5, sort: 'updatedAt', order: 'desc' });
  });

  it('passes the cursor as received and the trimmed filter', () => {
    expect(
      productListQuery({ ...byName, filter: '  Ball ' }, { pageSize: 10, cursor: 'eyJrIjoxfQ==' }),
    ).toEqual({ limit: 10, cursor: 'eyJrIjoxfQ==', sort: 'name', order: 'asc', filter: 'Ball' });
  });

  it('switches to name order when a filter is typed (the API filters only there)', () => {
    expect(
      productListQuery({ sort: 'updatedAt', order: 'desc', filter: 'G' }, { pageSize: 20 }),
    ).toMatchObject({ sort: 'name', order: 'asc', filter: 'G' });
    // A descending name order stays as chosen.
    expect(
      productListQuery({ sort: 'name', order: 'desc', filter: 'G' }, { pageSize: 20 }),
    ).toMatchObject({ sort: 'name', order: 'desc' });
  });

  it('asks for the maximum for "All" and keeps limits within 1..1000', () => {
    expect(productListQuery(byName, { pageSize: 1000 }).limit).toBe(1000);
    expect(productListQuery(byName, { pageSize: 5000 }).limit).toBe(1000);
    expect(productListQuery(byName, { pageSize: 0 }).limit).toBe(1);
    expect(productListQuery(byName, { pageSize: Number.NaN }).limit).toBe(1);
  });

  it('always builds a query the API accepts', () => {
    for (const [query, page] of [
      [{ sort: 'updatedAt', order: 'desc', filter: 'x'.repeat(300) }, { pageSize: 1000 }],
      [
        { sort: 'name', order: 'asc', filter: '不鏽鋼' },
        { pageSize: 25, cursor: 'c' },
      ],
      [{ sort: 'updatedAt', order: 'asc', filter: `${'a'.repeat(119)} b` }, { pageSize: -3 }],
    ] as const) {
      const sent = productListQuery(query, page);
      const asSent = Object.fromEntries(
        Object.entries(sent).map(([name, value]) => [name, String(value)]),
      );
      const parsed = listProductsQuerySchema.safeParse(asSent);
      expect(parsed.success, JSON.stringify(query)).toBe(true);
      // The API's rule: a filter only with name order.
      if (parsed.data?.filter) expect(parsed.data.sort).toBe('name');
    }
  });
});

describe('effectiveProductSort', () => {
  it('keeps the choice without a filter', () => {
    expect(effectiveProductSort({ sort: 'updatedAt', order: 'desc', filter: '' })).toEqual({
      sort: 'updatedAt',
      order: 'desc',
    });
  });
});
