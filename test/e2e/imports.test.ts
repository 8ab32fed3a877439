import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { message, type MessageKey } from '../../lambdas/shared/contract/messages';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { productsCsv } from '../../web/src/features/products/product-csv';
import { serialRangesCsv } from '../../web/src/features/serial-numbers/serial-csv';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import { AppShell, ImportDialog, LoginPage, ProductsPage, SerialNumbersPage } from './pages';

/**
 * Importing products and serial number ranges from CSV files in the lists' export columns, in
 * English and Chinese, light and dark, at 1366 × 768: a file with problems is checked by the
 * server, every problem listed by line and column in the catalogue's words, nothing stored;
 * the corrected file is then imported whole, a flash says how many, and the list shows them.
 * Screenshots `imports-*`, axe, no untranslated text in Chinese.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const texts = { en: webEn, zh: webZh } as const;
let adminToken = '';
/** A product the files' rows collide with, and the product the ranges name. */
let taken: Product;

const now = new Date().toISOString();
/** A product as the list exports it. */
const exported = (name: string, fields: Partial<Product> = {}): Product => ({
  id: randomUUID(),
  name,
  nameZh: `匯入閥 ${name.slice(-12)}`,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged, ASME B16.5 Class 150',
  connectionZh: '法蘭',
  pressureFC: 16,
  pressureWCB: 25,
  pressureSUS: null,
  application: null,
  applicationZh: null,
  applicationMedium: 'Water',
  applicationMediumZh: '水',
  gtin: null,
  planVersion: null,
  version: 1,
  createdAt: now,
  updatedAt: now,
  createdBy: 'someone@example.com',
  updatedBy: 'someone@example.com',
  ...fields,
});

/** A range as the list exports it, naming `product`. */
const range = (start: string, end: string, fields: Partial<SerialRange> = {}): SerialRange => ({
  id: randomUUID(),
  productId: taken.id,
  startSerial: start,
  endSerial: end,
  totalUnits: 10,
  productionDate: '2026-06-02',
  gtin: null,
  bodyMaterial: null,
  version: 1,
  createdAt: now,
  updatedAt: now,
  createdBy: 'someone@example.com',
  updatedBy: 'someone@example.com',
  ...fields,
});

async function listed<T>(path: string): Promise<T[]> {
  const answer = await callApi<{ items: T[] }>(stack, path, { token: adminToken });
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe('imports from CSV files', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const created = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Import E2E ${tag} Taken`,
        temperatureMin: 0,
        temperatureMax: 100,
        fluid: 'oil',
        connection: 'Wafer',
        pressureWCB: 20,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    taken = created.body;

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const dialog = () => new ImportDialog(page);
  /** What the dialog shows, as a person sees it at 1366 × 768. */
  const shot = async (name: string) => {
    await settled(page);
    await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  };

  /** Accessible, and in Chinese nothing left in English (this run's data aside). */
  async function checkPage(language: 'en' | 'zh') {
    expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
    if (language === 'zh') {
      expect(
        await untranslated(page, undefined, [tag, 'Valve', 'E2E', 'Flanged', 'Water']),
      ).toEqual([]);
    }
  }

  describe.each([
    ['en', 'light'],
    ['zh', 'dark'],
    ['en', 'dark'],
    ['zh', 'light'],
  ] as const)('in %s, %s', (language, theme) => {
    const words = texts[language];
    const look = `${language}-${theme}`;
    const say = (key: MessageKey, params: Record<string, string | number> = {}) =>
      message(key, params, language);
    const name = (n: number) => `Import E2E ${tag} ${look} Valve ${n}`;

    it('lists every problem of a products file, stores nothing, then imports the corrected file', async () => {
      await setLook(page, language, theme);
      await openPage(page, `${stack.appUrl}/products`, 'products-table');
      await dialog().openWith('import-products');

      // Line 2 is good; each later line has one problem.
      const bad = productsCsv([
        exported(name(1)),
        exported(''),
        exported(name(3), { fluid: 'lava' as Product['fluid'] }),
        exported(name(1).toUpperCase()),
        exported(taken.name),
      ]);
      await dialog().chooseCsv(`products-${look}.csv`, bad);
      await dialog().refused().waitFor();
      expect(await dialog().refused().textContent()).toContain(
        say('errors.importRefused', { problems: 4 }),
      );
      expect(await dialog().problemRows()).toEqual([
        ['3', 'name', say('validation.required')],
        ['4', 'fluid', say('validation.invalid')],
        ['5', 'name', say('validation.duplicateInFile', { line: 2 })],
        ['6', 'name', say('errors.productNameTaken')],
      ]);
      expect(await dialog().submit().isDisabled()).toBe(true);
      await shot(`imports-products-problems-${look}`);
      await checkPage(language);
      expect(await listed<Product>(`/api/products?filter=${encodeURIComponent(name(1))}`)).toEqual(
        [],
      );

      // Corrected: three new products.
      const good = productsCsv([exported(name(1)), exported(name(2)), exported(name(3))]);
      await dialog().chooseCsv(`products-${look}.csv`, good);
      await dialog().ready().waitFor();
      const ready = (await dialog().ready().textContent()) ?? '';
      expect(ready).toContain(words.imports.checked);
      expect(ready).toContain(words.imports.ready_other.replace('{{rows}}', '3'));
      await shot(`imports-products-ready-${look}`);
      await checkPage(language);
      await dialog().submit().click();
      await expect
        .poll(() => new AppShell(page).toasts().allTextContents())
        .toContainEqual(
          expect.stringContaining(words.imports.products.done_other.replace('{{rows}}', '3')),
        );
      await dialog().dialog().waitFor({ state: 'detached' });
      const list = new ProductsPage(page);
      await list.search().fill(`Import E2E ${tag} ${look} Valve`);
      await expect
        .poll(async () => (await list.names()).sort())
        .toEqual([name(1), name(2), name(3)]);
      await screenshot(page, `imports-products-done-${look}`);
    });

    it('lists every problem of a ranges file, stores nothing, then imports the corrected file', async () => {
      const prefix = `IE${tag}${['en-light', 'zh-dark', 'en-dark', 'zh-light'].indexOf(look)}-`;
      const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
      await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
      await dialog().openWith('import-serial-ranges');

      const nowhere = { ...taken, id: randomUUID(), name: `Import E2E ${tag} Nowhere` };
      const names = new Map([
        [taken.id, taken],
        [nowhere.id, nowhere],
      ]);
      const bad = serialRangesCsv(
        [
          range(serial(1), serial(10)),
          range(serial(11), serial(20), { productId: nowhere.id }),
          range(serial(5), serial(8)),
          range(serial(21), serial(30), { productionDate: '2026-02-30' }),
        ],
        names,
      );
      await dialog().chooseCsv(`ranges-${look}.csv`, bad);
      await dialog().refused().waitFor();
      expect(await dialog().problemRows()).toEqual([
        ['3', 'productName', say('validation.productUnknown')],
        ['4', 'startSerial', say('validation.rangeOverlapInFile', { line: 2 })],
        ['5', 'productionDate', say('validation.date')],
      ]);
      await shot(`imports-ranges-problems-${look}`);
      await checkPage(language);
      expect(await listed<SerialRange>(`/api/serial-numbers?filter=${prefix}`)).toEqual([]);

      const good = serialRangesCsv(
        [
          range(serial(1), serial(10)),
          range(serial(11), serial(20)),
          range(serial(21), serial(30)),
        ],
        names,
      );
      await dialog().chooseCsv(`ranges-${look}.csv`, good);
      await dialog().ready().waitFor();
      await dialog().submit().click();
      await expect
        .poll(() => new AppShell(page).toasts().allTextContents())
        .toContainEqual(
          expect.stringContaining(words.imports.serialRanges.done_other.replace('{{rows}}', '3')),
        );
      await dialog().dialog().waitFor({ state: 'detached' });
      const list = new SerialNumbersPage(page);
      await list.filter().fill(prefix);
      await expect.poll(() => list.rows(prefix).count()).toBe(3);
      expect(await listed<SerialRange>(`/api/serial-numbers?filter=${prefix}`)).toHaveLength(3);
      await screenshot(page, `imports-ranges-done-${look}`);
    });
  });

  it('lists the first 1,000 problems of a large file with their total, then imports it corrected with progress', async () => {
    await setLook(page, 'en', 'light');
    await openPage(page, `${stack.appUrl}/products`, 'products-table');
    await dialog().openWith('import-products');
    const big = (n: number) => `Import E2E ${tag} Bulk ${String(n).padStart(4, '0')}`;
    // 1,100 rows, each with one problem: more than one answer lists.
    const bad = productsCsv(
      Array.from({ length: 1_100 }, (_, n) => exported(big(n), { temperatureMax: 5_000 })),
    );
    await dialog().chooseCsv('bulk.csv', bad);
    await dialog().refused().waitFor();
    const header = (await dialog().problemsHeader().textContent()) ?? '';
    expect(header).toContain('(1,000 of 1,100)');
    expect(header).toContain('The first 1,000 of 1,100 problems are listed.');
    expect((await dialog().problemRows())[0]).toEqual([
      '2',
      'temperatureMax',
      message('validation.numberMax', { max: 1200 }),
    ]);
    await shot('imports-products-bounded-en-light');

    // Corrected (and fewer rows: the store is the slow part on a busy test machine).
    const rows = 150;
    const good = productsCsv(Array.from({ length: rows }, (_, n) => exported(big(n))));
    const checking = Date.now();
    await dialog().chooseCsv('bulk.csv', good);
    await dialog().ready().waitFor();
    const checkedMs = Date.now() - checking;
    expect(await dialog().ready().textContent()).toContain('150 rows ready to import');
    const storing = Date.now();
    await dialog().submit().click();
    await dialog().progress().waitFor();
    expect(await dialog().progress().textContent()).toContain('Importing 150 rows');
    // The bar follows the import worker: rows stored of the file's, as the server counts them.
    await dialog()
      .progress()
      .getByText(/^[\d,]+ of 150 rows stored$/)
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(artifactsDir, 'imports-products-progress-en-light.png') });
    // The answer: the dialog closes with a flash, or says why it could not import.
    const outcome = await Promise.race([
      dialog()
        .dialog()
        .waitFor({ state: 'detached', timeout: 90_000 })
        .then(
          () => 'imported',
          () => 'no answer in 90 s',
        ),
      page
        .locator('[data-testid="import-failed"], [data-testid="import-refused"]')
        .waitFor({ timeout: 90_000 })
        .then(
          async () => `not imported: ${await dialog().dialog().textContent()}`,
          () => 'no answer in 90 s',
        ),
    ]);
    const storedMs = Date.now() - storing;
    await screenshot(page, 'imports-products-bulk-done-en-light');
    expect(outcome).toBe('imported');
    // Figures for docs/benchmarks.md, not asserted.
    console.log(`import of ${rows} products: checked in ${checkedMs} ms, stored in ${storedMs} ms`);
    for (const n of [0, rows - 1]) {
      const found = await listed<Product>(`/api/products?filter=${encodeURIComponent(big(n))}`);
      expect(found.map((product) => product.name)).toEqual([big(n)]);
    }
  }, 180_000);
});
