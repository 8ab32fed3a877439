import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import { i18n } from '../../../i18n';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import type { ApiQueryState } from '../../../lib/use-api-query';
import {
  parseRangeTotal,
  productDeleteBlocked,
  ProductDeletionText,
  productRangesPath,
} from './delete-product-modal';

/** What the product delete dialog says before anyone confirms, from its range count. */
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

const product: Product = {
  id: 'p-1',
  name: 'Gate valve GV-80',
  nameZh: null,
  connectionZh: null,
  applicationZh: null,
  applicationMediumZh: null,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: 16,
  pressureWCB: 25,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
  gtin: null,
  planVersion: null,
  version: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'admin@example.com',
};

const counted = (total: number | null): ApiQueryState<number | null> => ({
  status: 'success',
  data: total,
});
const say = (ranges: ApiQueryState<number | null>, shown = product) =>
  renderToStaticMarkup(<ProductDeletionText product={shown} ranges={ranges} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the product delete dialog', () => {
  it('asks the API for the product’s range count, one range at most', () => {
    expect(productRangesPath('p 1')).toBe('/api/serial-numbers?productId=p+1&limit=1');
    expect(parseRangeTotal({ items: [{}], nextCursor: 'c', total: 4 })).toBe(4);
  });

  it('says the ranges must be deleted first, with confirm off', () => {
    expect(say(counted(3))).toBe(
      'Gate valve GV-80 has 3 serial number ranges: delete them first, then the product.',
    );
    expect(say(counted(1))).toBe(
      'Gate valve GV-80 has 1 serial number range: delete it first, then the product.',
    );
    expect(productDeleteBlocked(counted(3))).toBe(true);
  });

  it('says what deleting removes when it has none: the product, and its test plan', () => {
    expect(say(counted(0))).toBe(
      'Deleting removes the product Gate valve GV-80. It has no serial number ranges and no test plan. This cannot be undone.',
    );
    expect(say(counted(0), { ...product, planVersion: 3 })).toBe(
      'Deleting removes the product Gate valve GV-80 and its test plan (version 3). It has no serial number ranges. This cannot be undone.',
    );
    expect(productDeleteBlocked(counted(0))).toBe(false);
  });

  it('waits with confirm off while counting; a failed count asks as before, confirm on', () => {
    expect(say({ status: 'loading' })).toContain('Checking');
    expect(productDeleteBlocked({ status: 'loading' })).toBe(true);
    const failed: ApiQueryState<number | null> = {
      status: 'error',
      error: new ApiError('network', 'offline', 0),
    };
    expect(say(failed)).toContain('will be deleted');
    expect(productDeleteBlocked(failed)).toBe(false);
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    try {
      expect(say(counted(2))).toBe(
        '「Gate valve GV-80」仍有 2 個序號區間：請先刪除這些區間，才能刪除產品。',
      );
      expect(say(counted(0))).toContain('此產品沒有序號區間');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
