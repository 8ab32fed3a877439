import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { AppShell, choose, LoginPage, switchLanguage } from './pages';

const stack = inject('stack');

describe('catalogue in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const productName = 'E2E Angle Valve AV-65';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const toastText = async () => (await new AppShell(page).toasts().allTextContents()).join(' | ');
  const field = (testId: string) => page.locator(`[data-testid="${testId}"] input`).first();

  it('adds a product and finds it in the list', async () => {
    await page.goto(`${stack.appUrl}/products`);
    await page.locator('[data-testid="add-product"]').first().click();
    await page.waitForURL(/\/add-product$/);
    await field('product-name').fill(productName);
    await field('product-temperature-min').fill('-20');
    await field('product-temperature-max').fill('200');
    await choose(page, 'product-fluid', 'Steam');
    await field('product-connection').fill('Flanged, PN25');
    await field('product-pressure-fc').fill('16');
    await field('product-pressure-wcb').fill('25');
    await field('product-pressure-sus').fill('25');
    await page.locator('[data-testid="product-submit"]').first().click();
    await expect.poll(toastText).toContain('Product Added Successfully');
    await page.waitForURL(/\/products/);
    await expect
      .poll(async () => (await page.locator('[data-testid="products-table"]').textContent()) ?? '')
      .toContain(productName);
  });

  it('adds a range for it, with the total computed as it is typed', async () => {
    await page.goto(`${stack.appUrl}/serial-numbers`);
    await page.locator('[data-testid="add-serial"]').first().click();
    await page.waitForURL(/\/add-serial-number$/);
    await choose(page, 'serial-product', productName);
    // Rated in three materials: the range must say which (test/e2e/range-materials.test.ts).
    await choose(page, 'serial-material', 'WCB (cast steel)');
    await field('serial-start').fill('ea-2026-000001');
    await field('serial-end').fill('EA-2026-000250');
    await expect
      .poll(async () => page.locator('[data-testid="serial-total"]').textContent())
      .toContain('250');
    await field('serial-date').fill('2026-10-01');
    await page.locator('[data-testid="serial-submit"]').first().click();
    await expect.poll(toastText).toContain('Serial Number Added Successfully');
    await page.waitForURL(/\/serial-numbers/);
    await expect
      .poll(async () => (await page.locator('[data-testid="serial-table"]').textContent()) ?? '')
      .toContain('EA-2026-000001');
    await page.screenshot({
      path: join(artifactsDir, 'serial-numbers-en-light.png'),
      fullPage: true,
    });
  });

  it('hides and shows a column from the table preferences, fetched when first used', async () => {
    const fetched: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('collection-preferences')) fetched.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${stack.appUrl}/products`);
      const table = page.locator('[data-testid="products-table"]');
      await expect.poll(async () => (await table.textContent()) ?? '').toContain(productName);
      const headers = async () => (await table.locator('thead th').allTextContents()).join(' | ');
      expect(await headers()).toContain('Fluid');
      // The settings button is drawn with the page; the dialog's code comes when it is used.
      expect(fetched).toEqual([]);
      const setFluidShown = async (shown: boolean) => {
        await table.getByRole('button', { name: 'Preferences' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Products per page').waitFor();
        await dialog.getByLabel('Fluid', { exact: true }).setChecked(shown);
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await dialog.waitFor({ state: 'hidden' });
      };
      await setFluidShown(false);
      expect(fetched).not.toEqual([]);
      await expect.poll(headers).not.toContain('Fluid');
      await expect.poll(headers).toContain('Temperature');
      await setFluidShown(true);
      await expect.poll(headers).toContain('Fluid');
    } finally {
      page.off('request', onRequest);
    }
  });

  it('shows both in Chinese', async () => {
    await switchLanguage(page, 'zh');
    await page.goto(`${stack.appUrl}/products`);
    const products = page.locator('[data-testid="products-table"]');
    await expect.poll(async () => (await products.textContent()) ?? '').toContain(productName);
    expect(await products.textContent()).toContain('產品名稱');
    await page.screenshot({ path: join(artifactsDir, 'products-zh-light.png'), fullPage: true });
    await page.goto(`${stack.appUrl}/serial-numbers`);
    const ranges = page.locator('[data-testid="serial-table"]');
    await expect.poll(async () => (await ranges.textContent()) ?? '').toContain('EA-2026-000250');
    expect(await ranges.textContent()).toContain('起始序號');
    await page.screenshot({
      path: join(artifactsDir, 'serial-numbers-zh-light.png'),
      fullPage: true,
    });
    await switchLanguage(page, 'en');
  });

  it('exports the whole product list as CSV', async () => {
    await page.goto(`${stack.appUrl}/products`);
    await expect
      .poll(async () => (await page.locator('[data-testid="products-table"]').textContent()) ?? '')
      .toContain(productName);
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="export-csv"]').first().click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toContain('name');
    expect(header).toContain('pressureWCB');
    expect(rows.some((row) => row.includes(productName))).toBe(true);
  });
});
