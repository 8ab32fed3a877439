import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gtinCheckDigit } from '../../lambdas/shared/contract/gs1';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import { chooseFromList, chosenIn, LoginPage, ProductsPage, SerialNumbersPage } from './pages';

/**
 * Finding products from the products page's search box, in English and Chinese, light and
 * dark, at 1366 × 768: a model code ("GV-150") finds the product wherever it stands in the
 * name, so do its Chinese name's part, full-width typing, its GTIN and the start of its
 * name; a search that finds nothing says so. The Serial Numbers list narrows to the
 * product's ranges when the product is chosen by typing its model code or Chinese name.
 * Screenshots `product-search-*`, axe, no untranslated text in Chinese.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const gateValve = `Gate Valve GV-150 E2E${tag}`;
const gateValveZh = `閘閥 GV-150 ${tag}`;
/** Found by "GV-150" too: the last word typed may be the start of a word. */
const longerCode = `Globe Valve GV-1500 E2E${tag}`;
/** Never found by "GV-150". */
const other = `Ball Valve BV-20 E2E${tag}`;
/** A GTIN-13 of this run (GTINs are claimed): prefix 950, as GS1's examples. */
const gtinBody = `950${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const gtin = `${gtinBody}${gtinCheckDigit(gtinBody)}`;
/** This run's serials: units 1–10 are the gate valve's range, 11–20 the ball valve's. */
const serialPrefix = `SR${tag}-`;
const serial = (unit: number) => `${serialPrefix}${String(unit).padStart(4, '0')}`;

const texts = { en: webEn, zh: webZh } as const;
let adminToken = '';

async function createProduct(
  name: string,
  nameZh: string | null,
  productGtin: string | null,
): Promise<Product> {
  const created = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token: adminToken,
    body: {
      name,
      nameZh,
      gtin: productGtin,
      temperatureMin: -29,
      temperatureMax: 425,
      fluid: 'water',
      connection: 'Flanged, ASME B16.5 Class 150, RF',
      pressureWCB: 19.6,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function createRange(productId: string, first: number) {
  const created = await callApi<SerialRange>(stack, '/api/serial-numbers', {
    method: 'POST',
    token: adminToken,
    body: {
      productId,
      startSerial: serial(first),
      endSerial: serial(first + 9),
      productionDate: '2026-06-02',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe('the products search box', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const gate = await createProduct(gateValve, gateValveZh, gtin);
    await createProduct(longerCode, null, null);
    const ball = await createProduct(other, '球閥 BV-20', null);
    await createRange(gate.id, 1);
    await createRange(ball.id, 11);

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

  const list = () => new ProductsPage(page);
  /** Types a search and waits until the list shows its answer (this run's products only). */
  async function search(text: string, expected: string[]): Promise<void> {
    await list().search().fill(text);
    await expect
      .poll(async () => (await list().names()).filter((name) => name.includes(tag)))
      .toEqual(expected);
  }

  describe.each([
    ['en', 'light'],
    ['zh', 'dark'],
    ['en', 'dark'],
    ['zh', 'light'],
  ] as const)('in %s, %s', (language, theme) => {
    const words = texts[language];

    it('finds the product by its model code, listing exact matches first', async () => {
      await setLook(page, language, theme);
      await openPage(page, `${stack.appUrl}/products`, 'products-table');
      expect(await list().search().getAttribute('placeholder')).toBe(
        words.products.filterPlaceholder,
      );
      // Anywhere in the name; "GV-1500" starts with it (after the exact word).
      await search('GV-150', [gateValve, longerCode]);
      await settled(page);
      await screenshot(page, `product-search-${language}-${theme}`);
      expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
      if (language === 'zh') {
        expect(await untranslated(page, undefined, [tag, 'Valve', 'E2E'])).toEqual([]);
      }
    });

    it('finds it by a Chinese part, full-width typing, its GTIN and the start of its name', async () => {
      await search('閘閥', [gateValve]);
      if (language === 'zh') {
        await settled(page);
        await screenshot(page, `product-search-chinese-${theme}`);
      }
      await search('ｇｖ－１５０　ｅ２ｅ' + tag.toLowerCase(), [gateValve]);
      await search(gtin, [gateValve]);
      await search(`0${gtin}`, [gateValve]);
      await search('Gate Valve G', [gateValve]);
      await search(`150 e2e${tag}`, [gateValve]);
    });

    it('says when nothing has all the words', async () => {
      await search(`GV-150 BV-20 ${tag}`, []);
      await expect
        .poll(async () => (await list().table().textContent()) ?? '')
        .toContain(words.products.emptyHint);
      if (language === 'en' && theme === 'light') {
        await settled(page);
        await screenshot(page, 'product-search-none-en-light');
      }
    });

    it("lists the product's serial ranges when it is chosen by its model code or Chinese name", async () => {
      const serials = new SerialNumbersPage(page);
      await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
      // This run's ranges only: both products' before one is chosen.
      await serials.filter().fill(serialPrefix);
      await expect
        .poll(async () => [
          await serials.rows(serial(1)).count(),
          await serials.rows(serial(11)).count(),
        ])
        .toEqual([1, 1]);
      await chooseFromList(
        page,
        'serial-product-filter',
        language === 'zh' ? '閘閥' : 'GV-150',
        gateValve,
      );
      await expect(chosenIn(page, 'serial-product-filter').textContent()).resolves.toContain(
        gateValve,
      );
      // The gate valve's range only (the list shows no rows while it loads: both at once).
      await expect
        .poll(async () => [
          await serials.rows(serial(1)).count(),
          await serials.rows(serial(11)).count(),
        ])
        .toEqual([1, 0]);
      // Choosing scrolled the page to the list: the screenshot shows it from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled(page);
      await screenshot(page, `product-search-ranges-${language}-${theme}`);
      expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
    });
  });
});
