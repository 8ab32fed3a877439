/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import selectorsModule from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type {
  StatisticsCapability,
  StatisticsPareto,
  StatisticsValues,
  StatisticsYield,
} from '../../lambdas/shared/contract/schemas/statistics';
import { valvePlanTemplate, type PlanTest } from '../../lambdas/shared/contract/schemas/test-plan';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import { chooseFromList, LoginPage } from './pages';

const createWrapper = ((selectorsModule as unknown as { default?: typeof selectorsModule })
  .default ?? selectorsModule) as typeof selectorsModule;
const wrapper = createWrapper();

/**
 * The Statistics page (docs/web-app.md, "Statistics") with a bench's data: a product with
 * the valve plan, a WCB range of 60 units, two benches sending 40 units' three tests (three
 * shell tests failed and passed again, one high-pressure seat test failed, one low-pressure
 * seat value far from the others). In both languages and themes, each chart and table shows
 * the API's figures (some checked against figures worked out here by hand), the tables
 * export as CSV, axe finds nothing serious, no English is left in Chinese; then a plan
 * change splits the series and the page says so. Screenshots at 1366×768
 * (`test-artifacts/statistics-*`).
 */
const stack = inject('stack');

const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Stats Valve ${tag}`;
const benchA = `Stats bench A ${tag}`;
const benchB = `Stats bench B ${tag}`;
const serial = (n: number) => `ST${tag}-${String(n).padStart(4, '0')}`;

const shellWcb = 'Shell test (WCB)';
const seatWcb = 'Seat test high pressure (WCB)';
const gasSeat = 'Seat test low pressure (gas)';
const units = 40;

/** English words of the page that must not remain on its Chinese version. */
const englishWords = [
  'Statistics',
  'Yield',
  'First-pass yield',
  'Final yield',
  'Failure Pareto',
  'Failures',
  'Cumulative share',
  'Capability',
  'Mean',
  'Histogram',
  'Moving range',
  'Individual values',
  'Body material',
  'All materials',
  'All ranges',
  'All benches',
  'Bench',
  'Export CSV',
  'No Data Found',
  'Capable',
  'Marginal',
];
/** Test data in English on purpose (names of tests, product, benches). */
const data = [tag, productName, 'Shell test', 'Seat test', 'API 598'];

let adminToken = '';
let product: Product;
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: adminToken });
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

async function ingest(key: string, results: unknown[]) {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results }),
  });
  const body = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(body)).toBe(200);
}

/** The start of the run: every result is tested after it, minutes apart, oldest first. */
const start = Date.now() - 400 * 60_000;
const result = (unit: number, testName: string, value: number, minute: number) => ({
  serialNumber: serial(unit),
  testName,
  // Judged by the plan's lower limits: shell 37.5 bar, high-pressure seat 27.5, gas 4 to 7.
  result:
    (testName === shellWcb && value < 37.5) || (testName === seatWcb && value < 27.5)
      ? 'fail'
      : 'pass',
  value,
  unit: 'bar',
  testedAt: new Date(start + minute * 60_000).toISOString(),
  operator: 'Chen',
});

/** The low-pressure seat values: 5.5 bar give or take 0.15, the last one 6.9 (still in its limits). */
const gasValue = (unit: number) =>
  unit === units ? 6.9 : Math.round((5.5 + 0.15 * Math.sin(unit * 1.7)) * 1000) / 1000;

/** A share as the page writes it (one decimal, the language's percent). */
const percent = (value: number, language: 'en' | 'zh') =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-TW', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);

const fixed = (value: number, language: 'en' | 'zh') =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'zh-TW', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(value)
    .replace(/^-/, '\u2212');

const rowsOf = (page: Page, testId: string) =>
  page.locator(wrapper.findTable(`[data-testid="${testId}"]`).findRows().toSelector());

describe('the Statistics page with a bench’s data', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let plan: PlanTest[];

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const created = await asAdmin<Product>('/api/products', 'POST', {
      name: productName,
      temperatureMin: -29,
      temperatureMax: 425,
      fluid: 'water',
      connection: 'Flanged, ASME 150',
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: null,
      application: 'Water supply',
      applicationMedium: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = created.body;
    plan = valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: null });
    const saved = await asAdmin(`/api/products/${product.id}/test-plan`, 'PUT', {
      tests: plan,
      allowExtraTests: false,
      version: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const range = await asAdmin('/api/serial-numbers', 'POST', {
      productId: product.id,
      startSerial: serial(1),
      endSerial: serial(60),
      productionDate: '2026-01-01',
      bodyMaterial: 'WCB',
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    const keys: string[] = [];
    for (const name of [benchA, benchB]) {
      const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', { name });
      expect(machine.status, JSON.stringify(machine.body)).toBe(201);
      keys.push(machine.body.key);
    }
    // Bench A: every unit's three tests, in unit order (the shell retests of 38-40 among them).
    const fromA = [];
    const fromB = [];
    for (let unit = 1; unit <= units; unit++) {
      const minute = unit * 5;
      if (unit >= 38) fromB.push(result(unit, shellWcb, 36.8, minute));
      fromA.push(
        result(unit, shellWcb, Math.round((38 + 0.2 * Math.cos(unit)) * 100) / 100, minute + 1),
      );
      if (unit === 37) fromB.push(result(unit, seatWcb, 26.9, minute + 2));
      else fromA.push(result(unit, seatWcb, 28.1, minute + 2));
      fromA.push(result(unit, gasSeat, gasValue(unit), minute + 3));
    }
    await ingest(keys[0]!, fromA);
    await ingest(keys[1]!, fromB);

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stack.appUrl}/login`);
    await setLook(page, 'en', 'light');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ productId: product.id, ...extra }).toString();

  /** Waits until every section shows its answer (or fails with what the page shows). */
  async function sectionsShown() {
    for (const testId of [
      'statistics-yield-by-test',
      'statistics-pareto-by-test',
      'statistics-capability-figures',
      'statistics-individuals-chart',
    ]) {
      const shown = page.locator(`[data-testid="${testId}"], [data-testid$="-error"]`);
      await shown.first().waitFor();
      if (!(await page.locator(`[data-testid="${testId}"]`).isVisible())) {
        await screenshot(page, 'statistics-failure');
        throw new Error(`The statistics page shows: ${await text(shown.first())}`);
      }
    }
    await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
  }

  /**
   * The I-MR charts and histogram, below what a whole-page screenshot holds (2,400 px): the
   * section at the top of a window as tall as it, under the top bar.
   */
  async function chartsScreenshot(name: string) {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width, height: 1500 });
    try {
      await page.locator('[data-testid="statistics-control-charts"]').evaluate((section) => {
        window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 70 });
      });
      await settled(page);
      await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
    } finally {
      await page.setViewportSize(viewport);
    }
  }

  it('the API’s figures are those of the seeded data', async () => {
    const pareto = await asAdmin<StatisticsPareto>(`/api/statistics/pareto?${query()}`);
    expect(pareto.status, JSON.stringify(pareto.body)).toBe(200);
    expect(pareto.body.totalFailures).toBe(4);
    expect(pareto.body.byTest).toEqual([
      { testName: shellWcb, failures: 3, share: 0.75, cumulativeShare: 0.75 },
      { testName: seatWcb, failures: 1, share: 0.25, cumulativeShare: 1 },
    ]);
    expect(pareto.body.byMachine).toMatchObject([
      { machineName: benchB, failures: 4, share: 1, cumulativeShare: 1 },
    ]);
    const yields = await asAdmin<StatisticsYield>(`/api/statistics/yield?${query()}`);
    expect(yields.status, JSON.stringify(yields.body)).toBe(200);
    const shell = yields.body.byTest.find((row) => row.testName === shellWcb);
    // Three of 40 units failed their first shell test and passed the next.
    expect(shell).toMatchObject({ results: 43, failures: 3, unitsTested: 40 });
    expect(shell?.firstPassYield).toBeCloseTo(37 / 40, 12);
    expect(shell?.finalYield).toBe(1);
    const values = await asAdmin<StatisticsValues>(
      `/api/statistics/values?${query({ testName: gasSeat })}`,
    );
    expect(values.status, JSON.stringify(values.body)).toBe(200);
    expect(values.body.points.map((point) => point.value)).toEqual(
      Array.from({ length: units }, (_, index) => gasValue(index + 1)),
    );
    // 6.9 bar is within the limits but far beyond the control limits.
    expect(values.body.points.at(-1)?.beyondLimits).toBe(true);
    expect(values.body).toMatchObject({ lower: 4, upper: 7, unit: 'bar', planVersion: 1 });
  });

  it.each(['en', 'zh'] as const)(
    'in %s: each chart and table with the API’s figures, CSV export, both themes',
    async (language) => {
      const words = language === 'en' ? webEn : webZh;
      const [capability, pareto, yields, values] = await Promise.all([
        asAdmin<StatisticsCapability>(`/api/statistics/capability?${query({ testName: gasSeat })}`),
        asAdmin<StatisticsPareto>(`/api/statistics/pareto?${query()}`),
        asAdmin<StatisticsYield>(`/api/statistics/yield?${query()}`),
        asAdmin<StatisticsValues>(`/api/statistics/values?${query({ testName: gasSeat })}`),
      ]);
      await setLook(page, language, 'light');
      // The page without a product asks for one; choosing it puts it in the address.
      await openPage(page, `${stack.appUrl}/statistics`, 'statistics-choose-product');
      expect(await text(page.locator('[data-testid="statistics-choose-product"]'))).toContain(
        words.statistics.chooseProduct,
      );
      await chooseFromList(page, 'statistics-product', productName, productName);
      await expect.poll(() => new URL(page.url()).searchParams.get('productId')).toBe(product.id);
      // The first test of the plan is chosen; the low-pressure seat test is chosen from the list.
      await sectionsShown();
      await page
        .locator(wrapper.findSelect('[data-testid="statistics-test"]').findTrigger().toSelector())
        .click();
      await page
        .locator(
          wrapper
            .findSelect('[data-testid="statistics-test"]')
            .findDropdown()
            .findOptions()
            .toSelector(),
        )
        .filter({ hasText: gasSeat })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('testName')).toBe(gasSeat);

      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        // A reload keeps the view: everything is in the address.
        await page.reload();
        await sectionsShown();

        // Yield by test: the API's counts and yields.
        await expect.poll(() => rowsOf(page, 'statistics-yield-by-test').count()).toBe(3);
        const shellRow = await text(
          rowsOf(page, 'statistics-yield-by-test').filter({ hasText: shellWcb }),
        );
        const shell = yields.body.byTest.find((row) => row.testName === shellWcb)!;
        expect(shellRow).toContain(percent(shell.firstPassYield!, language));
        expect(shellRow).toContain(percent(37 / 40, language));
        expect(shellRow).toContain('43');
        expect(await page.locator('[data-testid="statistics-yield-chart"] svg').count()).toBe(1);
        if (theme === 'light') {
          // Over time, the chosen test alone: its totals as the API gives them for it.
          const allTests = await text(page.locator('[data-testid="statistics-yield-totals"]'));
          const oneTest = await asAdmin<StatisticsYield>(
            `/api/statistics/yield?${query({ testName: gasSeat })}`,
          );
          expect(oneTest.body.totals.unitsTested).toBeLessThan(yields.body.totals.unitsTested);
          await page
            .locator('[data-testid="statistics-yield-scope"]')
            .getByText(gasSeat, { exact: true })
            .click();
          // The test's own totals once its answer is in (the section shows its description
          // while the first answer for the test loads).
          const units = String(oneTest.body.totals.unitsTested);
          await expect
            .poll(() => text(page.locator('[data-testid="statistics-yield-totals"]')))
            .toContain(` ${units} `);
          const scoped = await text(page.locator('[data-testid="statistics-yield-totals"]'));
          expect(scoped).not.toBe(allTests);
          expect(scoped).toContain(percent(oneTest.body.totals.firstPassYield!, language));
          await page
            .locator('[data-testid="statistics-yield-scope"]')
            .getByText(words.statistics.yield.allTests, { exact: true })
            .click();
          await expect
            .poll(() => text(page.locator('[data-testid="statistics-yield-totals"]')))
            .toBe(allTests);
        }

        // Pareto: by test, most first, with the cumulative share; by bench.
        const paretoRows = await rowsOf(page, 'statistics-pareto-by-test').allTextContents();
        expect(paretoRows).toHaveLength(2);
        expect(paretoRows[0]).toContain(shellWcb);
        expect(paretoRows[0]).toContain(percent(0.75, language));
        expect(paretoRows[1]).toContain(seatWcb);
        expect(paretoRows[1]).toContain(percent(pareto.body.byTest[1]!.cumulativeShare, language));
        expect(await text(rowsOf(page, 'statistics-pareto-by-bench').first())).toContain(benchB);
        expect(await page.locator('[data-testid="statistics-pareto-chart"] svg').count()).toBe(1);

        // Capability of the low-pressure seat test: n, Cpk and its band, as the API says.
        const figures = await text(page.locator('[data-testid="statistics-capability-figures"]'));
        expect(figures).toContain(String(capability.body.n));
        expect(capability.body.n).toBe(units);
        const cpk = page.locator(
          '[data-testid="statistics-capability-indices"] [data-index="cpk"]',
        );
        expect(await text(cpk)).toBe(fixed(capability.body.cpk!, language));
        const cp = page.locator('[data-testid="statistics-capability-indices"] [data-index="cp"]');
        expect(await text(cp)).toBe(fixed(capability.body.cp!, language));
        const band =
          capability.body.cpk! >= 1.33
            ? 'capable'
            : capability.body.cpk! >= 1
              ? 'marginal'
              : 'notCapable';
        const cpkRow = rowsOf(page, 'statistics-capability-indices').filter({
          has: page.locator('[data-index="cpk"]'),
        });
        expect(await cpkRow.locator('[data-band]').getAttribute('data-band')).toBe(band);
        expect(await text(cpkRow)).toContain(words.statistics.capability.bands[band]);
        expect(await page.locator('[data-testid="statistics-few-values"]').count()).toBe(0);

        // I-MR and histogram: drawn, with the points beyond the control limits counted.
        const beyond = values.body.points.filter((point) => point.beyondLimits).length;
        expect(await text(page.locator('[data-testid="statistics-beyond"]'))).toBe(
          (beyond === 1
            ? ((words.statistics.chart as Record<string, string>).beyondCount_one ??
              words.statistics.chart.beyondCount_other)
            : words.statistics.chart.beyondCount_other
          ).replace('{{count}}', String(beyond)),
        );
        for (const chart of ['individuals-chart', 'moving-range-chart', 'histogram']) {
          expect(await page.locator(`[data-testid="statistics-${chart}"] svg`).count(), chart).toBe(
            1,
          );
        }
        await settled(page);
        await screenshot(page, `statistics-${language}-${theme}`);
        await chartsScreenshot(`statistics-charts-${language}-${theme}`);
      }

      // Each table exports its rows under the API's names.
      const download = page.waitForEvent('download');
      await page
        .locator('[data-testid="statistics-pareto-by-test"] [data-testid="export-csv"]')
        .click();
      const csv = readFileSync(await (await download).path(), 'utf8');
      expect(csv.slice(1).trimEnd().split('\r\n')).toEqual([
        'testName,failures,share,cumulativeShare',
        `${shellWcb},3,0.75,0.75`,
        `${seatWcb},1,0.25,1`,
      ]);
      const valuesFile = page.waitForEvent('download');
      await page
        .locator('[data-testid="statistics-control-charts"] [data-testid="export-csv"]')
        .first()
        .click();
      const lines = readFileSync(await (await valuesFile).path(), 'utf8')
        .trimEnd()
        .split('\r\n');
      expect(lines).toHaveLength(units + 1);
      expect(lines.at(-1)).toContain(`,${serial(units)},`);

      const problems: string[] = [];
      if (language === 'zh') {
        for (const found of await untranslated(page, englishWords, data)) {
          problems.push(`statistics zh: "${found}"`);
        }
      }
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        await page.reload();
        await sectionsShown();
        problems.push(...(await seriousViolations(page, stack.appUrl)));
      }
      // No sideways scroll at 1366 px.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it('a bench filter and the week interval from the address; a one-sided test; a plan change splits the series and says so', async () => {
    await setLook(page, 'en', 'light');
    const benches = await asAdmin<{ machines: { id: string; name: string }[] }>(
      `/api/statistics/filters?productId=${product.id}`,
    );
    const idOfA = benches.body.machines.find((machine) => machine.name === benchA)!.id;
    await openPage(
      page,
      `${stack.appUrl}/statistics?${query({ machineId: idOfA, interval: 'week' })}`,
      'statistics-filters',
    );
    await sectionsShown();
    // Bench A sent no failure: the Pareto is empty, its tables say "No Data Found".
    await page.locator('[data-testid="statistics-pareto-by-test"]').waitFor();
    expect(await text(page.locator('[data-testid="statistics-pareto-by-test"]'))).toContain(
      webEn.table.empty,
    );
    const yields = await asAdmin<StatisticsYield>(
      `/api/statistics/yield?${query({ machineId: idOfA, interval: 'week' })}`,
    );
    expect(yields.body.interval).toBe('week');
    expect(await text(page.locator('[data-testid="statistics-yield-periods"]'))).toContain(
      `(${yields.body.periods.length})`,
    );

    // The shell test has one limit: no Cp or Pp, Cpk is the one-sided index, and its band
    // (the retested units' 36.8 bar are among the values) is the API's.
    await openPage(
      page,
      `${stack.appUrl}/statistics?${query({ testName: shellWcb })}`,
      'statistics-filters',
    );
    await sectionsShown();
    const shell = await asAdmin<StatisticsCapability>(
      `/api/statistics/capability?${query({ testName: shellWcb })}`,
    );
    expect(shell.body).toMatchObject({ lower: 37.5, upper: null, cp: null, pp: null });
    const indices = page.locator('[data-testid="statistics-capability-indices"]');
    await indices.waitFor();
    expect(await indices.locator('[data-index="cp"]').count()).toBe(0);
    expect(await text(indices.locator('[data-index="cpk"]'))).toBe(fixed(shell.body.cpk!, 'en'));
    const shellBand =
      shell.body.cpk! >= 1.33 ? 'capable' : shell.body.cpk! >= 1 ? 'marginal' : 'notCapable';
    expect(
      await rowsOf(page, 'statistics-capability-indices')
        .filter({ has: page.locator('[data-index="cpk"]') })
        .locator('[data-band]')
        .getAttribute('data-band'),
    ).toBe(shellBand);
    expect(await text(page.locator('[data-testid="statistics-capability"]'))).toContain(
      webEn.statistics.capability.oneSided,
    );
    await settled(page);
    await screenshot(page, 'statistics-one-sided-en-light');

    // Version 2 of the plan narrows the gas limits; five more units are tested under it.
    const narrowed = plan.map((test) =>
      test.name === gasSeat ? { ...test, lower: 5, upper: 6.5 } : test,
    );
    const saved = await asAdmin(`/api/products/${product.id}/test-plan`, 'PUT', {
      tests: narrowed,
      allowExtraTests: false,
      version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', {
      name: `Stats bench C ${tag}`,
    });
    await ingest(
      machine.body.key,
      [41, 42, 43, 44, 45].map((unit, index) =>
        result(unit, gasSeat, 5.4 + index * 0.05, 300 + index),
      ),
    );
    await openPage(
      page,
      `${stack.appUrl}/statistics?${query({ testName: gasSeat })}`,
      'statistics-filters',
    );
    await sectionsShown();
    const capability = await asAdmin<StatisticsCapability>(
      `/api/statistics/capability?${query({ testName: gasSeat })}`,
    );
    expect(capability.body).toMatchObject({ n: 5, planVersion: 2, lower: 5, upper: 6.5 });
    await page.locator('[data-testid="statistics-few-values"]').waitFor();
    expect(await text(page.locator('[data-testid="statistics-few-values"]'))).toContain(
      webEn.statistics.capability.fewValues_other.replace('{{count}}', '5'),
    );
    const note = await text(page.locator('[data-testid="statistics-plan-changed"]'));
    expect(note).toContain(webEn.statistics.capability.planChanged);
    expect(note).toContain('Plan version 1: Limits 4 bar to 7 bar, 40 values');
    await settled(page);
    await screenshot(page, 'statistics-plan-change-en-light');
  });
});
