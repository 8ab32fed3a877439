import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gtinCheckDigit, identityLink } from '../../lambdas/shared/contract/gs1';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { scanQrCodes } from '../support/pdf';
import { openPage, setLook } from './checks';
import { LoginPage, ReportCenterPage, switchLanguage } from './pages';

/**
 * Labels as staff print them and a visitor meets them: print labels for a small range on
 * the Serial Numbers page, open the PDF, scan one label's QR code from the rendered page,
 * follow it, and get the unit's report.
 */
const stack = inject('stack');
const prefix = `LB${randomUUID().slice(0, 5).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(5, '0')}`;
const gtinBody = `957${String(Date.now()).slice(-9)}`;
const gtin = `0${gtinBody}${gtinCheckDigit(gtinBody)}`;

describe('nameplate labels', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let range: SerialRange;

  beforeAll(async () => {
    const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const product = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: `E2E Labelled Valve ${prefix}`,
        temperatureMin: -10,
        temperatureMax: 150,
        fluid: 'water',
        connection: 'Flanged DN50',
        pressureFC: 16,
        pressureWCB: null,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
        gtin: gtin.slice(1),
      },
    });
    expect(product.status).toBe(201);
    const created = await callApi<SerialRange>(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: serial(1),
        endSerial: serial(40),
        productionDate: '2026-06-02',
      },
    });
    expect(created.status).toBe(201);
    range = created.body;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('prints labels for part of a range, and one scanned label leads to the unit report', async () => {
    await page.goto(`${stack.appUrl}/serial-numbers`);
    await page.locator('[data-testid="serial-filter"] input').fill(prefix);
    await page.locator(`[data-testid="serial-labels-${range.id}"]`).click();
    const modal = page.locator('[data-testid="labels-modal"]');
    await modal.waitFor();
    await page.locator('[data-testid="labels-from"] input').fill(serial(3));
    await page.locator('[data-testid="labels-to"] input').fill(serial(14));
    await expect
      .poll(() => page.locator('[data-testid="labels-summary"]').textContent())
      .toBe('12 labels on 1 page, in 1 PDF file.');
    await page.locator('button[data-testid="labels-create"]').click();
    await page.locator('[data-testid="labels-done"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'labels-modal-en.png') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="labels-download"]').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`labels-${serial(3)}-${serial(14)}.pdf`);
    const pdf = new Uint8Array(readFileSync((await download.path())!));
    // The first label of an A4 sheet of 63.5 × 38.1 mm labels (Avery L7160): its left half.
    const [scanned] = scanQrCodes(pdf, { cells: [[0.02, 0.04, 0.2, 0.14]] });
    expect(scanned).toBe(identityLink(stack.appUrl, { serial: serial(3), gtin }));

    // A visitor's phone opens the link: the resolver sends it to the unit's report page.
    const visitor = await browser.context.newPage();
    await visitor.goto(scanned!);
    await visitor.waitForURL(/\/search\?serial=/);
    const center = new ReportCenterPage(visitor);
    await expect.poll(() => center.serial().inputValue()).toBe(serial(3));
    await center.search(serial(3), `labels-${randomUUID().slice(0, 8)}@example.com`);
    await center.preview().waitFor();
    await expect
      .poll(() => visitor.locator('[data-testid="report-identity-link"]').textContent())
      .toBe(scanned);
    await visitor.screenshot({
      path: join(artifactsDir, 'report-identity-en.png'),
      fullPage: true,
    });
    await center.switchLanguage('zh');
    await visitor.screenshot({
      path: join(artifactsDir, 'report-identity-zh.png'),
      fullPage: true,
    });
    await visitor.close();
  }, 90_000);

  it('offers the same in Chinese', async () => {
    await page.goto(`${stack.appUrl}/serial-numbers`);
    await page.locator('[data-testid="serial-filter"]').waitFor();
    // The visitor chose Chinese on /search: the same language cookie serves the back office.
    if ((await page.locator('html[lang^="zh"]').count()) === 0) await switchLanguage(page, 'zh');
    await page.locator('[data-testid="serial-filter"] input').fill(prefix);
    await page.locator(`[data-testid="serial-labels-${range.id}"]`).click();
    await page.locator('[data-testid="labels-from"] input').fill(serial(3));
    await page.locator('[data-testid="labels-to"] input').fill(serial(14));
    await expect
      .poll(() => page.locator('[data-testid="labels-summary"]').textContent())
      .toBe('共 12 張標籤，1 頁，分為 1 個 PDF 檔。');
    await page.screenshot({ path: join(artifactsDir, 'labels-modal-zh.png') });
  });

  it('reads in the dark theme', async () => {
    await setLook(page, 'en', 'dark');
    // No fade-in: the screenshot shows the dialog as it settles.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
    await page.locator('[data-testid="serial-filter"] input').fill(prefix);
    await page.locator(`[data-testid="serial-labels-${range.id}"]`).click();
    await page.locator('[data-testid="labels-summary"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'labels-modal-en-dark.png') });
    await setLook(page, 'en', 'light');
  });
});
