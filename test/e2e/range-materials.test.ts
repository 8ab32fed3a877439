import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { message } from '../../lambdas/shared/contract/messages';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import {
  AppShell,
  choose,
  chooseFromMenu,
  LoginPage,
  SerialNumbersPage,
  TestPlanEditor,
} from './pages';

/**
 * Body materials of serial ranges as staff meet them, in English and Chinese, on a
 * 1366 × 768 screen with the side navigation open: the range form asks for the material of
 * a product rated in several and the list shows it; an older range without one shows "Not
 * set" and its edit form asks for it; the delete dialog of a range whose units
 * hold test results says it cannot be deleted (confirm off), and that of an empty range what
 * deleting removes; the product's delete dialog says its ranges must go first; the test plan
 * editor shows the materials each test applies to. Screenshots
 * (`test-artifacts/range-materials-*`), axe, no untranslated text in Chinese.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Material Valve ${tag}`;
const legacyProductName = `E2E Legacy Valve ${tag}`;
/** The range whose units hold a test result (given through the machine-data API). */
const heldPrefix = `RH${tag}-`;
/** The range each language's test creates through the form. */
const formPrefix = (language: Language) => `RM${tag}${language === 'en' ? 'E' : 'Z'}-`;
/**
 * A range per language recorded without a material: made while its product rated none,
 * which then got two ratings (as a range from before materials were recorded looks).
 */
const legacyPrefix = (language: Language) => `RL${tag}${language === 'en' ? 'E' : 'Z'}-`;
const serial = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

type Language = 'en' | 'zh';
const texts = { en: webEn, zh: webZh } as const;

/** English words of these pages that must not remain on their Chinese version. */
const englishWords = [
  'Body material',
  'Not set',
  'Choose',
  'cast steel',
  'cast iron',
  'Delete',
  'Deleting',
  'test result',
  'issued report',
  'cannot be deleted',
  'serial number range',
  'Starting serial',
  'Ending serial',
  'Materials',
  'Every unit',
];
/** Test data in English on purpose. */
const data = [productName, legacyProductName, tag, 'E2E'];

let adminToken = '';
let product: Product;
let heldRange: SerialRange;
const legacyRanges = new Map<Language, SerialRange>();
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: adminToken });
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

/**
 * Elements of the table that scroll sideways because their content is wider than they are:
 * none when the list fits the window.
 */
async function overflowingParts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="serial-table"]').evaluate((table) =>
    [table, ...table.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        return scrolls && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.className} ${element.scrollWidth} > ${element.clientWidth}`),
  );
}

describe('body materials of serial ranges in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const fields = {
      temperatureMin: -10,
      temperatureMax: 180,
      fluid: 'water',
      connection: 'Flanged, PN25',
      pressureFC: 16,
      pressureWCB: 25,
      pressureSUS: null,
      application: null,
      applicationMedium: null,
    };
    const created = await asAdmin<Product>('/api/products', 'POST', {
      ...fields,
      name: productName,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = created.body;

    const unrated = { ...fields, name: legacyProductName, pressureFC: null, pressureWCB: null };
    const legacyProduct = await asAdmin<Product>('/api/products', 'POST', unrated);
    expect(legacyProduct.status, JSON.stringify(legacyProduct.body)).toBe(201);
    for (const language of ['en', 'zh'] as const) {
      const legacy = await asAdmin<SerialRange>('/api/serial-numbers', 'POST', {
        productId: legacyProduct.body.id,
        startSerial: serial(legacyPrefix(language), 1),
        endSerial: serial(legacyPrefix(language), 10),
        productionDate: '2025-12-01',
      });
      expect(legacy.status, JSON.stringify(legacy.body)).toBe(201);
      expect(legacy.body.bodyMaterial).toBeNull();
      legacyRanges.set(language, legacy.body);
    }
    const rated = await asAdmin<Product>(`/api/products/${legacyProduct.body.id}`, 'PUT', {
      ...fields,
      name: legacyProductName,
      version: legacyProduct.body.version,
    });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    const range = await asAdmin<SerialRange>('/api/serial-numbers', 'POST', {
      productId: product.id,
      startSerial: serial(heldPrefix, 1),
      endSerial: serial(heldPrefix, 20),
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    heldRange = range.body;
    // One unit of it gets a test result, as a bench sends it (no plan: any test is kept).
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', {
      name: `Material bench ${tag}`,
    });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    const ingested = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${machine.body.key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        results: [
          {
            serialNumber: serial(heldPrefix, 3),
            testName: 'Shell test',
            result: 'pass',
            value: 38,
            unit: 'bar',
            testedAt: new Date(Date.now() - 60_000).toISOString(),
            operator: 'Chen',
          },
        ],
      }),
    });
    expect(ingested.status, await ingested.clone().text()).toBe(200);

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

  describe.each(['en', 'zh'] as const)('in %s', (language) => {
    const words = texts[language];
    const prefix = formPrefix(language);
    const materialLabel = message('report.materials.WCB', {}, language);
    // The page exists once beforeAll has run: page objects are made in the tests.
    const list = () => new SerialNumbersPage(page);
    const shot = (name: string, theme: 'light' | 'dark' = 'light') =>
      `range-materials-${name}-${language}-${theme}`;
    const toastText = async () => (await new AppShell(page).toasts().allTextContents()).join(' | ');

    it('the range form asks for the body material of a multi-material product, and the list shows it', async () => {
      await setLook(page, language, 'light');
      await openPage(page, `${stack.appUrl}/add-serial-number`, 'serial-form');
      const form = list();
      await choose(page, 'serial-product', productName);
      // Rated in FC and WCB: a choice, marked as required (no "optional"), empty at first.
      await form.materialField().waitFor();
      const field = await text(form.materialField());
      expect(field).toContain(words.serialRange.fields.bodyMaterial);
      expect(field).toContain(words.serialForm.materialPlaceholder);
      expect(field).toContain(words.serialForm.materialChoose);
      expect(field).not.toContain(words.productForm.optional);
      await page.locator('[data-testid="serial-start"] input').fill(serial(prefix, 1));
      await page.locator('[data-testid="serial-end"] input').fill(serial(prefix, 50));
      await page.locator('[data-testid="serial-date"] input').fill('2026-10-01');
      await form.submit().click();
      await expect
        .poll(() => text(form.fieldError('serial-material-field')))
        .toBe(message('validation.required', {}, language));
      expect(page.url()).toMatch(/\/add-serial-number$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, shot('form'));
      expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);

      await choose(page, 'serial-material', materialLabel);
      await expect.poll(() => form.fieldError('serial-material-field').count()).toBe(0);
      await form.submit().click();
      await expect.poll(toastText).toContain(words.serialForm.added);
      await page.waitForURL(/\/serial-numbers$/);
      await form.filter().fill(prefix);
      // The filter applies after a pause: the list then holds this range alone.
      await expect.poll(() => form.rows(tag).count()).toBe(1);
      await expect.poll(() => form.rows(serial(prefix, 1)).count()).toBe(1);
      expect(await form.cell(serial(prefix, 1), words.serialRange.fields.bodyMaterial)).toBe(
        materialLabel,
      );
      // The start and end serials lead to their units' pages.
      const row = form.rows(serial(prefix, 1)).first();
      expect(await row.getByRole('link', { name: serial(prefix, 1) }).getAttribute('href')).toBe(
        `/units/${serial(prefix, 1)}`,
      );
      expect(await row.getByRole('link', { name: serial(prefix, 50) }).getAttribute('href')).toBe(
        `/units/${serial(prefix, 50)}`,
      );
      // The list, Body material column included, fits the window beside the navigation.
      expect(await overflowingParts(page)).toEqual([]);
      await screenshot(page, shot('list'));
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);

      // Finding a serial links to its unit too.
      await page.locator('[data-testid="serial-lookup-input"] input').fill(serial(prefix, 7));
      await page.locator('[data-testid="serial-lookup-submit"]').click();
      await expect
        .poll(() => page.locator('[data-testid="serial-lookup-unit"]').getAttribute('href'))
        .toBe(`/units/${serial(prefix, 7)}`);
    });

    it('the list says which older ranges still need their material; the edit form asks for it', async () => {
      const legacy = legacyRanges.get(language)!;
      await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
      const ranges = list();
      await ranges.filter().fill(legacyPrefix(language));
      await expect.poll(() => ranges.rows(tag).count()).toBe(1);
      expect(await ranges.cell(legacy.startSerial, words.serialRange.fields.bodyMaterial)).toBe(
        words.serialNumbers.materialNotSet,
      );
      await screenshot(page, shot('list-not-set'));

      await openPage(page, `${stack.appUrl}/edit-serial-number/${legacy.id}`, 'serial-form');
      await ranges.materialField().waitFor();
      expect(await text(ranges.materialField())).toContain(words.serialForm.materialPlaceholder);
      await ranges.submit().click();
      await expect
        .poll(() => text(ranges.fieldError('serial-material-field')))
        .toBe(message('validation.required', {}, language));
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, shot('edit-not-set'));
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);
      const castIron = message('report.materials.FC', {}, language);
      await choose(page, 'serial-material', castIron);
      await ranges.submit().click();
      await expect
        .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
        .toContain(words.serialForm.updated);
      await page.waitForURL(/\/serial-numbers$/);
      await ranges.filter().fill(legacyPrefix(language));
      await expect.poll(() => ranges.rows(tag).count()).toBe(1);
      await expect
        .poll(() => ranges.cell(legacy.startSerial, words.serialRange.fields.bodyMaterial))
        .toBe(castIron);
    });

    it('the delete dialog of a range whose units hold data says it cannot be deleted', async () => {
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
        const ranges = list();
        await ranges.filter().fill(heldPrefix);
        await expect.poll(() => ranges.rows(tag).count()).toBe(1);
        await expect.poll(() => ranges.rows(heldRange.startSerial).count()).toBe(1);
        await ranges.openDelete(heldRange.id, words.table.delete);
        const warning = message('errors.rangeHoldsData', { results: 1, reports: 0 }, language);
        await expect.poll(() => text(ranges.deleteDialog())).toContain(warning);
        expect(await ranges.deleteConfirm().isDisabled()).toBe(true);
        await settled(page);
        await page.screenshot({ path: join(artifactsDir, `${shot('delete-held', theme)}.png`) });
        if (theme === 'light') {
          expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
          if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);
        }
        await ranges.deleteCancel().click();
        await ranges.deleteDialog().waitFor({ state: 'detached' });
        if (theme === 'dark') await screenshot(page, shot('list', 'dark'));
      }
      await setLook(page, language, 'light');
    });

    it('the test plan editor shows the materials each test of the valve template applies to', async () => {
      await openPage(page, `${stack.appUrl}/edit-product/${product.id}`, 'test-plan-form');
      const editor = new TestPlanEditor(page);
      await editor.fillFromTemplate();
      await expect.poll(() => editor.tests().count()).toBe(5);
      const materials = (index: number) =>
        text(editor.tests().nth(index).locator('[data-testid="plan-test-materials"]'));
      // FC's shell and seat tests, WCB's, then the gas test for every unit.
      expect(await materials(0)).toContain(message('report.materials.FC', {}, language));
      expect(await materials(2)).toContain(materialLabel);
      expect(await materials(4)).toContain(words.testPlan.fields.materialsPlaceholder);
      await screenshot(page, shot('test-plan'));
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);
    });

    it('the product’s delete dialog says its ranges must be deleted first', async () => {
      const counted = await asAdmin<{ total: number }>(
        `/api/serial-numbers?productId=${product.id}&limit=1`,
      );
      await openPage(page, `${stack.appUrl}/products`, 'products-table');
      await page.locator('[data-testid="products-filter"] input').fill(productName);
      // The search's answer redraws the rows: act on the list it leaves.
      await expect
        .poll(() => page.locator('[data-testid="products-table"] tbody tr:has(td)').count())
        .toBe(1);
      const dialog = page.locator('[data-testid="product-delete-modal"]:visible');
      await chooseFromMenu(
        page.locator(`[data-testid="product-actions-${product.id}"] button`).first(),
        page.getByRole('menuitem', { name: words.table.delete }),
        () =>
          dialog.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          ),
      );
      await expect
        .poll(() => text(dialog))
        .toContain(
          language === 'en'
            ? `${productName} has ${counted.body.total} serial number ranges`
            : `「${productName}」仍有 ${counted.body.total} 個序號區間`,
        );
      expect(
        await page
          .locator('button[data-testid="product-delete-modal-confirm"]:visible')
          .isDisabled(),
      ).toBe(true);
      await settled(page);
      await page.screenshot({ path: join(artifactsDir, `${shot('delete-product')}.png`) });
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);
      await page.locator('button[data-testid="product-delete-modal-cancel"]:visible').click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('the delete dialog of an empty range says what deleting removes, then deletes it', async () => {
      const listed = await asAdmin<{ items: SerialRange[] }>(
        `/api/serial-numbers?filter=${encodeURIComponent(prefix)}`,
      );
      const created = listed.body.items.find((item) => item.startSerial === serial(prefix, 1))!;
      expect(created.bodyMaterial).toBe('WCB');
      await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
      const ranges = list();
      await ranges.filter().fill(prefix);
      await expect.poll(() => ranges.rows(tag).count()).toBe(1);
      await ranges.openDelete(created.id, words.table.delete);
      const removes =
        language === 'en'
          ? `Deleting removes the range ${created.startSerial} – ${created.endSerial} of ${productName} (50 units).`
          : `將刪除「${productName}」的序號區間 ${created.startSerial} – ${created.endSerial}（共 50 件）。`;
      await expect.poll(() => text(ranges.deleteDialog())).toContain(removes);
      expect(await ranges.deleteConfirm().isDisabled()).toBe(false);
      await settled(page);
      await page.screenshot({ path: join(artifactsDir, `${shot('delete-empty')}.png`) });
      if (language === 'zh') expect(await untranslated(page, englishWords, data)).toEqual([]);
      await ranges.deleteConfirm().click();
      await expect
        .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
        .toContain(words.serialNumbers.delete.done);
      await expect.poll(() => ranges.rows(created.startSerial).count()).toBe(0);
    });
  });
});
