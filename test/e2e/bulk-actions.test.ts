import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  MachineCreated,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import type { StaffList, StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { pdfText } from '../support/pdf';
import { openPage, screenshot, seriousViolations, setLook, untranslated } from './checks';
import { AppShell, LoginPage, RowSelection } from './pages';

/**
 * Actions on many rows (docs/web-app.md, "Actions on many rows"), as a person does them at
 * 1366 × 768: select rows by their checkboxes, export exactly those as CSV (the list's own
 * columns), print the labels of two ranges in one run, void several results with one
 * reason (one refused, reported by name), disable and enable several staff accounts; in
 * English and Chinese, light and dark.
 */
const stack = inject('stack');
const tag = randomUUID().slice(0, 4).toUpperCase();
const prefix = (letter: string) => `BK${tag}-${letter}`;
const serial = (letter: string, n: number) => `${prefix(letter)}${String(n).padStart(3, '0')}`;
const staffNames = [`Bulk Staff ${tag} One`, `Bulk Staff ${tag} Two`];
const staffEmail = (index: number) => `bulk.${tag.toLowerCase()}.${index}@example.com`;

let admin: string;
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: admin });

const products: Product[] = [];
const ranges: Record<'a' | 'b' | 'c', SerialRange> = {} as never;
let results: TestResult[] = [];

const base = {
  temperatureMin: -10,
  temperatureMax: 150,
  fluid: 'water',
  connection: 'Flanged DN50',
  pressureFC: 16,
  pressureWCB: 25,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
};

async function csvOf(download: Promise<Download>): Promise<string[]> {
  const text = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  return text.trim().split(/\r\n/);
}

/**
 * Types a list's filter and waits until the table shows exactly `count` rows of it: a
 * selection belongs to the list it was made in, so rows are ticked once the filter holds.
 */
async function filterTo(page: Page, table: string, filter: string, text: string, count: number) {
  const box = page.locator(`[data-testid="${table.replace('-table', '-filter')}"]`);
  await box.locator('input').fill(filter);
  const rows = page.locator(`[data-testid="${table}"] tbody tr`);
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      // The count beside the filter ("Matches: 3") shows once the filter has reached the API.
      const counted = (await box.textContent())?.includes(String(count)) ?? false;
      return counted && texts.length === count && texts.every((row) => row.includes(text));
    })
    .toBe(true);
}

/**
 * Waits for an export's notice ("Exported 2 rows to CSV"; it comes a moment after the file)
 * and closes the notices as a person would: it sits over the header's buttons and menus.
 */
async function closeExportNotice(page: Page) {
  await expect.poll(() => new AppShell(page).toasts().count()).toBeGreaterThan(0);
  await dismissToasts(page);
}

/** Closes the notices ("Exported 2 rows to CSV") as a person would, by their close buttons. */
async function dismissToasts(page: Page) {
  const toasts = new AppShell(page).toasts();
  for (let shown = await toasts.count(); shown > 0; shown = await toasts.count()) {
    await toasts.first().locator('button').first().click();
    await expect.poll(() => toasts.count()).toBeLessThan(shown);
  }
}

describe('actions on many rows', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    for (const name of [`Bulk${tag} Gate`, `Bulk${tag} Ball`]) {
      const created = await asAdmin<Product>('/api/products', 'POST', { ...base, name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      products.push(created.body);
    }
    for (const [key, product, last, bodyMaterial] of [
      ['a', products[0]!, 3, 'FC'],
      ['b', products[1]!, 2, 'WCB'],
      ['c', products[0]!, 4, 'FC'],
    ] as const) {
      const created = await asAdmin<SerialRange>('/api/serial-numbers', 'POST', {
        productId: product.id,
        startSerial: serial(key.toUpperCase(), 1),
        endSerial: serial(key.toUpperCase(), last),
        productionDate: '2026-06-02',
        bodyMaterial,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ranges[key] = created.body;
    }
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', {
      name: `Bulk bench ${tag}`,
    });
    expect(machine.status).toBe(201);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const ingested = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${machine.body.key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        results: ['Shell test', 'Seat test', 'Torque test'].map((testName, index) => ({
          serialNumber: serial('A', 1),
          testName,
          result: 'pass',
          value: 10 + index,
          unit: 'bar',
          testedAt: minutesAgo(30 - index),
        })),
      }),
    });
    expect(ingested.status, await ingested.clone().text()).toBe(200);
    const listed = await asAdmin<{ items: TestResult[] }>(
      `/api/machine-data?serial=${encodeURIComponent(serial('A', 1))}`,
    );
    results = listed.body.items;
    expect(results).toHaveLength(3);
    for (const [index, name] of staffNames.entries()) {
      const staff = await asAdmin('/api/staff', 'POST', {
        name,
        email: staffEmail(index),
        password: `Bulk-Staff-${tag}-2026!`,
        role: 'staff',
      });
      expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    }

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    // No fade-in: screenshots show the dialogs as they settle.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${stack.appUrl}/login`);
    await setLook(page, 'en', 'light');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openRanges() {
    await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-table');
    await filterTo(page, 'serial-table', `BK${tag}-`, `BK${tag}-`, 3);
  }

  it('exports exactly the selected ranges with the whole list’s columns, and prints both ranges’ labels in one PDF', async () => {
    await openRanges();
    const selection = new RowSelection(page, 'serial-bulk');
    await selection.select(`Select ${serial('A', 1)} – ${serial('A', 3)}`);
    await selection.select(`Select ${serial('C', 1)} – ${serial('C', 4)}`);
    await selection.checkbox(`Select ${serial('C', 1)} – ${serial('C', 4)}`).uncheck();
    await selection.select(`Select ${serial('B', 1)} – ${serial('B', 2)}`);
    await expect.poll(() => selection.menu().textContent()).toBe('2 selected');
    await expect
      .poll(() => page.locator('[data-testid="serial-table"] h2').first().textContent())
      .toContain('(2/3)');
    await screenshot(page, 'bulk-serial-selection-en-light');

    const whole = page.waitForEvent('download');
    await page.locator('[data-testid="export-csv"]').first().click();
    const [wholeHeader, ...wholeLines] = await csvOf(whole);
    expect(wholeLines).toHaveLength(3);
    await closeExportNotice(page);

    const chosen = page.waitForEvent('download');
    await selection.choose('Export selected as CSV');
    expect((await chosen).suggestedFilename()).toMatch(
      /^serial-numbers-selected-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const [header, ...lines] = await csvOf(chosen);
    expect(header).toBe(wholeHeader);
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(
      [ranges.a.id, ranges.b.id].sort(),
    );

    // The export's notice sits over the header's buttons: a person closes it first.
    await closeExportNotice(page);
    await selection.choose('Print labels');
    const modal = page.locator('[data-testid="bulk-labels-modal"]');
    await modal.waitFor();
    await expect
      .poll(() => page.locator('[data-testid="bulk-labels-summary"]').textContent())
      .toBe('5 labels on 1 page, in 1 PDF file.');
    await page.locator('button[data-testid="bulk-labels-create"]').click();
    await page.locator('[data-testid="bulk-labels-done"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'bulk-labels-en-light.png') });
    expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid="bulk-labels-download"]').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`labels-2-ranges-${serial('A', 1)}.pdf`);
    const text = pdfText(new Uint8Array(readFileSync((await download.path())!)));
    const pages = text.split('\f').filter((sheet) => sheet.trim() !== '');
    expect(pages).toHaveLength(1);
    for (const unit of [
      serial('A', 1),
      serial('A', 2),
      serial('A', 3),
      serial('B', 1),
      serial('B', 2),
    ]) {
      expect(text).toContain(unit);
    }
    expect(text).not.toContain(prefix('C'));
    expect(text).toContain(`Bulk${tag} Gate`);
    expect(text).toContain(`Bulk${tag} Ball`);
    expect(text).toContain('Body: WCB');
    await page.locator('[data-testid="bulk-labels-close"]').click();
  }, 120_000);

  it('exports the selected products only', async () => {
    await openPage(page, `${stack.appUrl}/products`, 'products-table');
    await filterTo(page, 'products-table', `Bulk${tag}`, `Bulk${tag}`, 2);
    const selection = new RowSelection(page, 'unused');
    for (const product of products) await selection.select(`Select ${product.name}`);
    const button = page.locator('button[data-testid="products-export-selected"]');
    await expect.poll(() => button.textContent()).toBe('Export selected (2)');
    const chosen = page.waitForEvent('download');
    await button.click();
    const [header, ...lines] = await csvOf(chosen);
    expect(header!.split(',')[0]).toBe('id');
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(
      products.map((product) => product.id).sort(),
    );
  });

  it('voids several results with one reason, reporting by name the one that could not be', async () => {
    await openPage(
      page,
      `${stack.appUrl}/machine-data?serial=${encodeURIComponent(serial('A', 1))}`,
      'results-table',
    );
    const selection = new RowSelection(page, 'results-bulk');
    const rows = page.locator('[data-testid="results-table"] tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    for (const checkbox of await page
      .locator('[data-testid="results-table"] tbody')
      .getByRole('checkbox')
      .all()) {
      await checkbox.check();
    }
    await expect.poll(() => selection.menu().textContent()).toBe('3 selected');
    // Someone voids one of them meanwhile: that row is refused, the others are voided.
    const first = results[0]!;
    const voided = await asAdmin(`/api/machine-data/${first.id}/void`, 'POST', {
      reason: 'Voided meanwhile',
    });
    expect(voided.status).toBe(200);
    await selection.choose('Void');
    const modal = page.locator('[data-testid="bulk-void"]');
    await modal.waitFor();
    expect(await page.locator('[data-testid="bulk-void-summary"]').textContent()).toContain(
      '3 results will be voided',
    );
    // The reason is checked before anything is sent.
    await page.locator('button[data-testid="bulk-void-confirm"]').click();
    await expect.poll(() => modal.textContent()).toContain('This field is required');
    await page
      .locator('[data-testid="bulk-void-reason"] textarea')
      .fill('Gauge out of calibration');
    await page.locator('button[data-testid="bulk-void-confirm"]').click();
    await expect
      .poll(() => page.locator('[data-testid="bulk-void-report"]').textContent())
      .toContain('2 of 3 changed');
    const failures = page.locator('[data-testid="bulk-void-failure"]');
    expect(await failures.count()).toBe(1);
    expect(await failures.first().textContent()).toContain(
      `${first.serialNumber} ${first.testName}`,
    );
    await screenshot(page, 'bulk-void-report-en-light');
    expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
    await page.locator('[data-testid="bulk-void-cancel"]').click();

    // Each void is its own change, with its own reason and audit entry.
    const after = await asAdmin<{ items: TestResult[] }>(
      `/api/machine-data?serial=${encodeURIComponent(serial('A', 1))}`,
    );
    const reasons = after.body.items.map((item) => item.voidReason).sort();
    expect(reasons).toEqual(
      ['Gauge out of calibration', 'Gauge out of calibration', 'Voided meanwhile'].sort(),
    );
    const history = await asAdmin<{ items: { action: string; changes?: unknown }[] }>(
      `/api/audit?entity=unit&id=${encodeURIComponent(serial('A', 1))}`,
    );
    expect(
      history.body.items.filter((entry) =>
        JSON.stringify(entry).includes('Gauge out of calibration'),
      ),
    ).toHaveLength(2);
  }, 90_000);

  it('cannot select one’s own account', async () => {
    await openPage(page, `${stack.appUrl}/staffs`, 'staff-table');
    await page.locator('[data-testid="staff-filter"] input').fill(stack.admin.email);
    const own = page.locator('[data-testid="staff-table"] tbody').getByRole('checkbox');
    await expect.poll(() => own.count()).toBe(1);
    expect(await own.isDisabled()).toBe(true);
  });

  it('disables and enables several staff accounts, in Chinese', async () => {
    await setLook(page, 'zh', 'light');
    await openPage(page, `${stack.appUrl}/staffs`, 'staff-table');
    await filterTo(
      page,
      'staff-table',
      `bulk.${tag.toLowerCase()}`,
      `bulk.${tag.toLowerCase()}`,
      2,
    );
    const selection = new RowSelection(page, 'staff-bulk');
    const status = () => page.locator('[data-testid="staff-table"] tbody').textContent();
    for (const action of ['disable', 'enable'] as const) {
      for (const name of staffNames) await selection.select(`選取 ${name}`);
      await expect.poll(() => selection.menu().textContent()).toBe('已選取 2 筆');
      await selection.choose(action === 'disable' ? '停用' : '啟用');
      const modal = page.locator('[data-testid="bulk-staff"]');
      await modal.waitFor();
      expect(await page.locator('[data-testid="bulk-staff-summary"]').textContent()).toContain(
        action === 'disable' ? '2 個帳號將無法再登入' : '2 個帳號將可再次登入',
      );
      if (action === 'disable') {
        await screenshot(page, 'bulk-staff-zh-light');
        expect(await untranslated(page, undefined, [...staffNames, tag])).toEqual([]);
      }
      await page.locator('button[data-testid="bulk-staff-confirm"]').click();
      await modal.waitFor({ state: 'detached' });
      await expect
        .poll(status)
        .toMatch(action === 'disable' ? /已停用[\s\S]*已停用/ : /^(?![\s\S]*已停用)/);
    }
    const listed = await asAdmin<StaffList>(
      `/api/staff?filter=${encodeURIComponent(`bulk.${tag.toLowerCase()}`)}`,
    );
    // Enabled again as they were: created with a temporary password and never signed in,
    // so still invited (issue 29).
    expect(listed.body.items.map((member: StaffMember) => member.status)).toEqual([
      'invited',
      'invited',
    ]);
    const history = await asAdmin<{ items: unknown[] }>(
      `/api/audit?entity=staff&id=${listed.body.items[0]!.id}`,
    );
    // Created, disabled, enabled: each change its own entry.
    expect(history.body.items.length).toBeGreaterThanOrEqual(3);
  }, 90_000);

  it('prints the labels of several ranges in Chinese and in the dark theme', async () => {
    await openRanges();
    const selection = new RowSelection(page, 'serial-bulk');
    await selection.select(`選取 ${serial('A', 1)} – ${serial('A', 3)}`);
    await selection.select(`選取 ${serial('B', 1)} – ${serial('B', 2)}`);
    await selection.choose('列印標籤');
    await expect
      .poll(() => page.locator('[data-testid="bulk-labels-summary"]').textContent())
      .toBe('共 5 張標籤，1 頁，分為 1 個 PDF 檔。');
    await page.screenshot({ path: join(artifactsDir, 'bulk-labels-zh-light.png') });
    expect(await untranslated(page, undefined, [prefix('A'), prefix('B'), tag])).toEqual([]);

    await setLook(page, 'en', 'dark');
    await openRanges();
    await selection.select(`Select ${serial('A', 1)} – ${serial('A', 3)}`);
    await selection.select(`Select ${serial('C', 1)} – ${serial('C', 4)}`);
    await screenshot(page, 'bulk-serial-selection-en-dark');
    await selection.choose('Print labels');
    await page.locator('[data-testid="bulk-labels-summary"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'bulk-labels-en-dark.png') });
    await setLook(page, 'en', 'light');
  }, 90_000);
});
