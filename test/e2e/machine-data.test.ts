/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  IngestSummary,
  Machine,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type { DashboardFigures } from '../../lambdas/shared/contract/schemas/report-request';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';
import { requestReport } from '../support/visitor';
import {
  openPage,
  screenshot,
  seriousViolations,
  setLook,
  untranslated as untranslatedTexts,
} from './checks';
import {
  AppShell,
  chooseDateRange,
  DashboardPage,
  LoginPage,
  MachineDataPage,
  SearchHistoryPage,
  switchLanguage,
  TablePreferences,
} from './pages';

const stack = inject('stack');
const reader = tableReader(stack);

/** Serials of this run only: other test files share the stack. */
const prefix = `ME${randomUUID().slice(0, 5).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
const benchName = `E2E Bench ${randomUUID().slice(0, 6)}`;
const productName = `E2E Bench Valve ${prefix}`;

let admin: string;
const asAdmin = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token: admin });

/** The test bench's side: a script sending a batch with its key, as docs/machine-data.md shows. */
async function ingest(key: string, results: unknown[]) {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ results }),
  });
  return { status: response.status, body: (await response.json()) as IngestSummary };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The dashboard's figures; every counter here is a number (null would be unrepresentable). */
type Figures = { [K in keyof DashboardFigures]: NonNullable<DashboardFigures[K]> } & {
  lastMachineDataAt: string | null;
};

async function dashboard(): Promise<Figures> {
  const answer = await asAdmin<Figures>('/api/dashboard');
  expect(answer.status).toBe(200);
  expect(typeof answer.body.machineResults).toBe('number');
  expect(typeof answer.body.reportRequests).toBe('number');
  return answer.body;
}

async function unitHistory(n: number): Promise<TestResult[]> {
  return (await asAdmin<{ items: TestResult[] }>(`/api/machine-data?serial=${serial(n)}&limit=100`))
    .body.items;
}

/** Waits until the mailer has settled a request (sent or failed). */
async function settled(id: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const item = await reader.get(keys.reportRequest(id));
    if (item?.status === 'sent' || item?.status === 'failed') return item;
    await delay(150);
  }
  throw new Error(`report request ${id} was not delivered`);
}

/** English words of these pages that must not remain on their Chinese version. */
const englishWords = [
  'Dashboard',
  'Machine Data',
  'Search History',
  'Test results',
  'Report requests',
  'Upload',
  'Machines',
  'Serial number',
  'Pending',
  'Sent',
  'Failed',
  'Pass',
  'Fail',
  'Loading',
  'Actions',
  'Export CSV',
  'Any date',
  'Create key',
  'Last used',
  'No report requests',
];

/** Visible texts and accessible labels left in English or as raw keys (this run's data aside). */
const untranslated = (page: Page) => untranslatedTexts(page, englishWords, [prefix, benchName]);

/** Opens a page afresh and waits for it and its API calls. */
const open = (page: Page, path: string, ready: string) =>
  openPage(page, `${stack.appUrl}${path}`, ready);

const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

describe('machine data, dashboard and search history in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let machineKey = '';
  let before: Figures;
  const visitor = `visitor.${randomUUID().slice(0, 6)}@example.com`;
  /** The request whose mail the suppression list made fail. */
  let failedRequestId = '';

  beforeAll(async () => {
    admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const product = await asAdmin<{ id: string }>('/api/products', {
      method: 'POST',
      body: {
        name: productName,
        temperatureMin: -10,
        temperatureMax: 180,
        fluid: 'water',
        connection: 'Flanged, PN16',
        pressureFC: 16,
        pressureWCB: 25,
        pressureSUS: 25,
        application: null,
        applicationMedium: null,
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const range = await asAdmin('/api/serial-numbers', {
      method: 'POST',
      body: {
        productId: product.body.id,
        startSerial: serial(1),
        endSerial: serial(500),
        productionDate: '2026-10-01',
        // The product is rated in three materials: the range records which.
        bodyMaterial: 'WCB',
      },
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    before = await dashboard();

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
    reader.destroy();
  });

  it('an admin creates a machine key on the Machine Data page and reads it once', async () => {
    await open(page, '/machine-data', 'results-table');
    const machineData = new MachineDataPage(page);
    await machineData.openTab('Machines');
    await machineData.machines().waitFor();
    const shown = await machineData.createKey(benchName, 'Hall B, line 2');
    machineKey = /mk_\S+/.exec(shown)?.[0] ?? '';
    expect(machineKey).toMatch(/^mk_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    expect(await text(page.locator('[data-testid="machine-key-modal"]'))).toContain(
      'cannot be shown again',
    );
    await page.screenshot({ path: join(artifactsDir, 'machine-key-en-light.png') });
    await page.locator('[data-testid="machine-key-done"]').click();
    await page.locator('[data-testid="machine-key-modal"]').waitFor({ state: 'detached' });

    await expect.poll(() => text(machineData.machines())).toContain(benchName);
    const row = machineData.machines().locator('tr').filter({ hasText: benchName });
    expect(await text(row)).toContain('Active');
    expect(await text(row)).toContain('Never');
    // Only the hash is kept: the list never carries the key.
    expect(
      JSON.stringify((await asAdmin<{ items: Machine[] }>('/api/machines')).body),
    ).not.toContain(machineKey.split('_').slice(2).join('_'));
  });

  it('a test bench ingests results with the key; the page shows them and the unit history', async () => {
    const batch = [
      {
        serialNumber: serial(7),
        testName: 'Shell test',
        result: 'pass',
        value: 24.1,
        unit: 'bar',
        testedAt: minutesAgo(30),
        operator: 'Chen',
      },
      {
        serialNumber: serial(7),
        testName: 'Seat test',
        result: 'fail',
        value: 15.2,
        unit: 'bar',
        testedAt: minutesAgo(20),
      },
      // The re-test: the report shows this one, the history keeps both.
      {
        serialNumber: serial(7),
        testName: 'Seat test',
        result: 'pass',
        value: 17.6,
        unit: 'bar',
        testedAt: minutesAgo(10),
        notes: 'after re-seating',
      },
      {
        serialNumber: serial(8),
        testName: 'Shell test',
        result: 'fail',
        value: 9.8,
        unit: 'bar',
        testedAt: minutesAgo(5),
      },
    ];
    const sent = await ingest(machineKey, batch);
    expect(sent).toEqual({ status: 200, body: { received: 4, stored: 4, duplicates: 0 } });
    // Sending the same batch again (after a time-out, say) stores nothing twice.
    expect((await ingest(machineKey, batch)).body).toEqual({
      received: 4,
      stored: 0,
      duplicates: 4,
    });

    await open(page, '/machine-data', 'results-table');
    const machineData = new MachineDataPage(page);
    await expect.poll(() => text(machineData.results())).toContain(serial(8));
    await machineData.serialFilter().fill(serial(7).toLowerCase());
    await expect.poll(() => text(machineData.resultsTitle())).toContain(`History of ${serial(7)}`);
    await expect.poll(() => machineData.resultRows().count()).toBe(3);
    const rows = await machineData.resultRows().allTextContents();
    // Newest first: the re-test, the failed seat test, the shell test.
    expect(rows[0]).toContain('Seat test');
    expect(rows[0]).toContain('Pass');
    expect(rows[0]).toContain('after re-seating');
    expect(rows[1]).toContain('Fail');
    expect(rows[2]).toContain('Shell test');
    // The bench starts hidden (docs/web-app.md, "Tables on a laptop screen"): the table's
    // preferences show it, then hide it again.
    expect(rows.join(' ')).not.toContain(benchName);
    const columns = new TablePreferences(page, 'results-table');
    await columns.show({ Machine: true });
    await expect
      .poll(async () => (await machineData.resultRows().allTextContents()).join(' '))
      .toContain(benchName);
    await columns.show({ Machine: false });
    await expect
      .poll(async () => (await machineData.resultRows().allTextContents()).join(' '))
      .not.toContain(benchName);
    // The chosen unit is in the address (as typed), so a reload or a shared link keeps it.
    expect(new URL(page.url()).searchParams.get('serial')?.toUpperCase()).toBe(serial(7));
    await screenshot(page, 'machine-data-history-en-light');

    // Exported as shown: this unit's whole history, newest first, upload columns first.
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="export-csv"]').first().click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r\n/);
    expect(header).toBe(
      'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes,receivedAt,source,' +
        'planVersion,limitLower,limitUpper,id,voidedAt,voidedBy,voidReason,enteredBy',
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`${serial(7)},Seat test,pass,17.6,bar`);

    await machineData.openTab('Machines');
    await expect
      .poll(() => text(machineData.machines().locator('tr').filter({ hasText: benchName })))
      .not.toContain('Never');
  });

  it("a visitor's report shows the latest result of each test, in English and Chinese", async () => {
    for (const language of ['en', 'zh'] as const) {
      const report = await requestReport(stack, {
        serialNumber: serial(7),
        email: visitor,
        consent: true,
        language,
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      expect(report.body.verdict).toBe('pass');
      const results = Object.fromEntries(
        report.body.results.map((result) => [result.testName, result]),
      );
      expect(Object.keys(results).sort()).toEqual(['Seat test', 'Shell test']);
      expect(results['Seat test']).toMatchObject({
        result: 'pass',
        value: 17.6,
        machineId: benchName,
      });
    }
    const failing = await requestReport(stack, {
      serialNumber: serial(8),
      email: visitor,
      consent: true,
      language: 'en',
    });
    expect(failing.body.verdict).toBe('fail');
  });

  it('the dashboard shows the new counts, the last data date and the charts, in English and Chinese', async () => {
    const after = await dashboard();
    expect(after.machineResults).toBeGreaterThanOrEqual(before.machineResults + 4);
    expect(after.reportRequests).toBeGreaterThanOrEqual(before.reportRequests + 3);
    expect(Date.parse(after.lastMachineDataAt ?? '')).toBeGreaterThan(
      Date.parse(before.lastMachineDataAt ?? '1970-01-01'),
    );

    for (const language of ['en', 'zh'] as const) {
      await setLook(page, language, 'light');
      await open(page, '/dashboard', 'dashboard-figures');
      const board = new DashboardPage(page);
      // Other test files may write meanwhile: at least this run's writes show.
      const shown = async (name: string) =>
        Number((await text(board.figure(name))).replace(/\D/g, ''));
      expect(await shown('machineResults')).toBeGreaterThanOrEqual(after.machineResults);
      expect(await shown('reportRequests')).toBeGreaterThanOrEqual(after.reportRequests);
      const locale = language === 'en' ? 'en' : 'zh-TW';
      const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
        new Date(after.lastMachineDataAt!),
      );
      expect(await text(board.figure('lastMachineDataAt'))).toContain(day);
      // Admins see the emails of the latest requests in full.
      expect(await text(board.recent())).toContain(visitor);
      await board.requestsChart().locator('svg').first().waitFor();
      await board.resultsChart().locator('svg').first().waitFor();
      expect(await page.locator('[data-testid="requests-chart-empty"]').count()).toBe(0);
      expect(await page.locator('[data-testid="results-chart-empty"]').count()).toBe(0);
      const charts = await text(board.resultsChart());
      expect(charts).toContain(language === 'en' ? 'Pass' : '合格');
      if (language === 'zh') {
        expect(await text(board.figures())).toContain('報告查詢次數');
        expect(await text(board.requestsChart())).toContain('每日報告查詢次數');
      }
    }
    await setLook(page, 'en', 'light');
  });

  it('the search history lists, filters and exports the requests; an admin resends a failed mail', async () => {
    // A recipient on the suppression list: the mailer refuses to send, the request fails.
    const bounced = `bounced.${randomUUID().slice(0, 6)}@example.com`;
    await reader.put({
      ...keys.suppressedRecipient(bounced),
      email: bounced,
      reason: 'bounce',
      at: new Date().toISOString(),
    });
    const failing = await requestReport(stack, {
      serialNumber: serial(8),
      email: bounced,
      consent: true,
      language: 'zh',
    });
    expect(failing.status).toBe(201);
    expect(await settled(failing.body.id)).toMatchObject({ status: 'failed' });
    failedRequestId = failing.body.id;

    await open(page, '/searches', 'searches-table');
    const history = new SearchHistoryPage(page);
    await history.serial().fill(serial(8));
    await expect.poll(() => history.rows().count()).toBe(2);
    const rows = await history.rows().allTextContents();
    expect(rows[0]).toContain(bounced);
    expect(rows[0]).toContain('Failed');
    expect(rows[0]).toContain('suppressed');
    expect(rows[1]).toContain(visitor);
    expect(rows.join(' ')).toContain(productName);
    // The language and the client address start hidden; the preferences offer the client
    // address to admins and show it with the language.
    expect(await text(history.table())).not.toContain('Client address');
    const columns = new TablePreferences(page, 'searches-table');
    await columns.open();
    expect(await columns.columns()).toContain('Client address');
    await columns.choose({ Language: true, 'Client address': true });
    await expect.poll(() => text(history.table())).toContain('Client address');
    expect((await history.rows().allTextContents())[0]).toContain('繁體中文');
    await screenshot(page, 'searches-filtered-en-light');
    await columns.show({ Language: false, 'Client address': false });
    await expect.poll(() => text(history.table())).not.toContain('Client address');

    // Request dates: today keeps both, a day long past keeps none.
    const today = new Date().toISOString().slice(0, 10);
    await chooseDateRange(page, 'searches-dates', today, today);
    await expect.poll(() => history.rows().count()).toBe(2);
    expect(await text(page.locator('[data-testid="searches-dates"]'))).not.toContain('Any date');
    await chooseDateRange(page, 'searches-dates', '2020-01-01', '2020-01-31');
    await expect
      .poll(() => text(history.table()))
      .toContain('No report request matches these filters.');
    await page.locator('[data-testid="searches-clear"]').click();
    expect(await history.serial().inputValue()).toBe('');
    await history.serial().fill(serial(8));
    await expect.poll(() => history.rows().count()).toBe(2);

    const download = page.waitForEvent('download');
    await page.locator('[data-testid="export-csv"]').first().click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r\n/);
    expect(header).toContain('clientAddress');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(bounced);

    // The operator takes the address off the suppression list, then resends from the page.
    await reader.remove(keys.suppressedRecipient(bounced));
    await history.resend(failing.body.id);
    await history.resendModal().waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await history.rows().allTextContents())[0])
      .not.toContain('Failed');
    expect(await settled(failing.body.id)).toMatchObject({ status: 'sent', deliveryAttempts: 2 });

    // A second, stale resend: the mail went out meanwhile, the dialog says so (409).
    await reader.set(keys.reportRequest(failing.body.id), {
      status: 'failed',
      statusReason: 'test',
    });
    await page.locator('[data-testid="searches-refresh"]').click();
    await page.locator(`[data-testid="resend-${failing.body.id}"]`).click();
    await reader.set(keys.reportRequest(failing.body.id), { status: 'sent', statusReason: null });
    await page.locator('[data-testid="resend-modal-confirm"]:visible').click();
    await expect
      .poll(() => text(page.locator('[data-testid="resend-modal-error"]')))
      .toContain('Only a report whose mail failed can be sent again');
    await page.locator('[data-testid="resend-modal-cancel"]:visible').click();
  });

  it('uploads a CSV: a bad row is listed and nothing is sent; a good file is stored in parts', async () => {
    // An upload may name only an active bench: the file's bench exists.
    const bench = await asAdmin('/api/machines', {
      method: 'POST',
      body: { name: 'Bench upload' },
    });
    expect([201, 409], JSON.stringify(bench.body)).toContain(bench.status);
    const machineData = new MachineDataPage(page);
    await open(page, '/machine-data', 'results-table');
    await machineData.openTab('Upload CSV');
    const stored = (await dashboard()).machineResults;
    const header = 'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes';
    const line = (n: number, result = 'pass') =>
      `${serial(n)},Body test,${result},30.5,bar,${minutesAgo(3)},Bench upload,Lin,"hold 60 s, no leak"`;

    // One bad row (line 3): checked here, nothing sent.
    await machineData.chooseCsv(
      'bad.csv',
      [header, line(20), line(21, 'maybe'), line(22)].join('\r\n'),
    );
    await page.locator('[data-testid="upload-invalid"]').waitFor();
    expect(await machineData.uploadProblems().allTextContents()).toEqual([
      expect.stringMatching(/^3\s*result\s*This value is not valid$/),
    ]);
    await screenshot(page, 'machine-data-upload-errors-en-light');
    expect(await page.locator('[data-testid="upload-send"]').count()).toBe(0);
    expect((await dashboard()).machineResults).toBe(stored);
    expect(await unitHistory(20)).toEqual([]);

    // A serial outside every range passes the page's own check; the server's check (a dry
    // run, before anything is sent) names the row at its line of the file, and the file is
    // never called valid. Rows of the second part are checked too: 501 good rows first.
    const filler = Array.from(
      { length: 500 },
      (_, index) =>
        `${serial(200 + (index % 250))},Filler ${Math.floor(index / 250)},pass,30.5,bar,${minutesAgo(4)},Bench upload,Lin,`,
    );
    await machineData.chooseCsv(
      'outside.csv',
      [header, line(23), `X${line(24)}`, ...filler, `X${line(25)}`].join('\n'),
    );
    await page.locator('[data-testid="upload-invalid"]').waitFor();
    expect(await machineData.uploadProblems().allTextContents()).toEqual([
      expect.stringMatching(/^3\s*serialNumber\s*This serial number is not in any range$/),
      expect.stringMatching(/^504\s*serialNumber\s*This serial number is not in any range$/),
    ]);
    expect(await text(page.locator('[data-testid="upload-invalid"]'))).toContain(
      'Checked by the server: problems found: 2 (rows in the file: 503).',
    );
    await screenshot(page, 'machine-data-upload-server-errors-en-light');
    expect(await page.locator('[data-testid="upload-send"]').count()).toBe(0);
    expect(await unitHistory(23)).toEqual([]);

    // 1,001 good rows: three parts, a progress bar, then the summary.
    const rows = Array.from(
      { length: 1001 },
      (_, index) =>
        `${serial(100 + (index % 300))},Leak test ${Math.floor(index / 300)},pass,1,bar,${minutesAgo(2)},Bench upload,,`,
    );
    await machineData.chooseCsv('good.csv', [header, ...rows].join('\r\n'));
    expect(await text(page.locator('[data-testid="upload-ready"]'))).toContain(
      'Checked by the server: the file is valid. Results: 1,001 (already stored: 0); requests to send: 3.',
    );
    await page.locator('[data-testid="upload-send"]').click();
    await page.locator('[data-testid="upload-progress"]').waitFor();
    await page.screenshot({
      path: join(artifactsDir, 'machine-data-upload-progress-en-light.png'),
    });
    await expect
      // Each result is written with its quality statistics: three parts take a while on a
      // busy machine.
      .poll(() => text(page.locator('[data-testid="upload-summary"]')), { timeout: 90_000 })
      .toContain('Stored: 1,001. Already stored before: 0.');
    await screenshot(page, 'machine-data-upload-done-en-light');
    expect((await unitHistory(100)).map((result) => result.testName).sort()).toEqual([
      'Leak test 0',
      'Leak test 1',
      'Leak test 2',
      'Leak test 3',
    ]);
  }, 240_000);

  it('the three pages in both languages and themes: translated, accessible, screenshots', async () => {
    const pages = [
      { name: 'dashboard-activity', path: '/dashboard', ready: 'dashboard-figures' },
      { name: 'searches', path: '/searches', ready: 'searches-table' },
      { name: 'machine-data', path: '/machine-data', ready: 'results-table' },
      {
        name: 'machine-data-history',
        path: `/machine-data?serial=${serial(7)}`,
        ready: 'results-table',
      },
    ];
    const problems: string[] = [];
    for (const language of ['en', 'zh'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        for (const target of pages) {
          await open(page, target.path, target.ready);
          if (target.name === 'dashboard-activity') {
            await new DashboardPage(page).resultsChart().locator('svg').first().waitFor();
          }
          await screenshot(page, `${target.name}-${language}-${theme}`);
          if (language === 'zh' && theme === 'light') {
            for (const found of await untranslated(page))
              problems.push(`${target.name}: "${found}"`);
          }
          if (language === 'en' && theme === 'dark') {
            for (const violation of await seriousViolations(page, stack.appUrl)) {
              problems.push(`${target.name}: ${violation}`);
            }
          }
        }
      }
    }
    // The Machines and Upload tabs, checked in Chinese too.
    await setLook(page, 'zh', 'light');
    await open(page, '/machine-data', 'results-table');
    const machineData = new MachineDataPage(page);
    await machineData.openTab('上傳 CSV');
    await page.locator('[data-testid="results-upload"]').waitFor();
    for (const found of await untranslated(page)) problems.push(`upload: "${found}"`);
    await screenshot(page, 'machine-data-upload-zh-light');
    await machineData.openTab('機台');
    await expect.poll(() => text(machineData.machines())).toContain(benchName);
    for (const found of await untranslated(page)) problems.push(`machines: "${found}"`);
    await screenshot(page, 'machine-data-machines-zh-light');
    await setLook(page, 'en', 'dark');
    await open(page, '/machine-data', 'results-table');
    await machineData.openTab('Machines');
    await expect.poll(() => text(machineData.machines())).toContain(benchName);
    for (const violation of await seriousViolations(page, stack.appUrl))
      problems.push(`machines: ${violation}`);
    await machineData.openTab('Upload CSV');
    await page.locator('[data-testid="results-upload"]').waitFor();
    for (const violation of await seriousViolations(page, stack.appUrl))
      problems.push(`upload: ${violation}`);
    await setLook(page, 'en', 'light');
    expect(problems).toEqual([]);
  }, 120_000);

  it('switching the language keeps the page and its filters', async () => {
    await open(page, `/machine-data?serial=${serial(7)}`, 'results-table');
    const machineData = new MachineDataPage(page);
    await expect.poll(() => machineData.resultRows().count()).toBe(3);
    await switchLanguage(page, 'zh');
    await expect.poll(() => text(machineData.resultsTitle())).toContain(`${serial(7)} 的測試歷程`);
    expect(await text(machineData.results())).toContain('合格');
    await switchLanguage(page, 'en');
    expect(await new AppShell(page).toasts().count()).toBe(0);
  });

  it('staff see masked emails on the dashboard, no client address, no resend and no machine keys', async () => {
    const email = `md.staff.${randomUUID().slice(0, 6)}@example.com`;
    await createUser(stack, email, 'Machine-Staff-2026!', 'staff');
    // A failed mail again, for the resend that staff must not be offered.
    await reader.set(keys.reportRequest(failedRequestId), {
      status: 'failed',
      statusReason: 'test',
    });
    await new AppShell(page).signOut();
    await page.waitForURL(/\/login/);
    await new LoginPage(page).signIn(email, 'Machine-Staff-2026!');
    await page.waitForURL(/\/dashboard$/);

    const board = new DashboardPage(page);
    await board.figures().waitFor();
    const recent = await text(board.recent());
    expect(recent).toContain('v***@example.com');
    expect(recent).not.toContain(visitor);

    await open(page, '/searches', 'searches-table');
    const history = new SearchHistoryPage(page);
    await history.serial().fill(serial(8));
    await expect.poll(() => history.rows().count()).toBe(2);
    expect(await text(history.table())).toContain('Failed');
    expect(await text(history.table())).not.toContain('Client address');
    // Nor do the preferences offer it to staff (the other hidden columns they do).
    const columns = new TablePreferences(page, 'searches-table');
    await columns.open();
    expect(await columns.columns()).toContain('Language');
    expect(await columns.columns()).not.toContain('Client address');
    await page.keyboard.press('Escape');
    await columns.dialog().waitFor({ state: 'hidden' });
    expect(await page.locator(`[data-testid="resend-${failedRequestId}"]`).count()).toBe(0);

    await open(page, '/machine-data', 'results-table');
    const tabs = await page
      .locator('[data-testid="machine-data-tabs"] [role="tab"]')
      .allTextContents();
    expect(tabs).toEqual(['Test results', 'Upload CSV']);
  });
});
