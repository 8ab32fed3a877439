/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { message } from '../../lambdas/shared/contract/messages';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { ReportRequestCreated } from '../../lambdas/shared/contract/schemas/report-request';
import type { planTestSchema } from '../../lambdas/shared/contract/schemas/test-plan';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { screenshot, seriousViolations, settled, untranslated } from './checks';
import { ReportCenterPage } from './pages';

/**
 * The report on every screen (issue 25 §1): the nameplate's QR code opens the Test Report
 * Center on a phone. A unit with a plan of long-named tests (one named in Chinese), two
 * passed and two failed, and another result besides the plan; a visitor requests its report
 * at 390 × 844 in English and in Chinese, and the page is read at 390 × 844 and 320 × 640 in
 * light and dark: measured in the DOM, the page never scrolls sideways, every test's name,
 * limit, measured value, result and date lie inside the window and show, and the verdict,
 * the unit and "View PDF" come first. The same for the form and for the verification of the
 * report; at 1366 × 768 the tests are still a table. Screenshots:
 * `test-artifacts/phone-layout-*`.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Phone Valve ${tag}`;
const benchName = `Hydrostatic bench ${tag} (north hall line B)`;
const unitSerial = `PH${tag}-000001`;
const visitorEmail = (name: string) => `phone.${name}.${tag.toLowerCase()}@example.com`;

/** The plan: long names (one in Chinese, which breaks between any two characters). */
const shell = 'Hydrostatic shell strength test of body and bonnet at 1.5 × rated pressure (WCB)';
const seat = '閥座高壓密封試驗（1.1 倍額定壓力，保壓六十秒，不得有可見洩漏）';
const gasSeat = 'Seat leakage low-pressure gas closure test';
const torque = 'Operating torque at maximum differential pressure, opening and closing';
/** A result the plan does not ask for: the preview's "other results". */
const paint = 'Paint coating dry film thickness (ISO 2808, magnetic gauge)';

/** As the API takes them (the schema's input: optional fields may be left out). */
const planTests: z.input<typeof planTestSchema>[] = [
  {
    name: shell,
    method: 'API 598 shell test, water at 1.5 × rated pressure (25 bar); ISO 5208 P10',
    unit: 'bar',
    lower: 37.5,
    upper: null,
    required: true,
    holdSeconds: 60,
    materials: [],
  },
  {
    name: seat,
    method: 'API 598 高壓關閉試驗，以水加壓至 1.1 倍額定壓力；ISO 5208 P11',
    unit: 'bar',
    lower: 27.5,
    upper: null,
    required: true,
    holdSeconds: 60,
    materials: [],
  },
  {
    name: gasSeat,
    method: 'API 598 low-pressure closure test, air or nitrogen at 4–7 bar; ISO 5208 P12',
    unit: 'bar',
    lower: 4,
    upper: 7,
    required: true,
    holdSeconds: 15,
    materials: [],
  },
  {
    name: torque,
    method: 'Manufacturer’s procedure QP-17, calibrated torque wrench',
    unit: 'N·m',
    lower: null,
    upper: 120,
    required: true,
    holdSeconds: null,
    materials: [],
  },
];

/** Words of the public page that must not remain on its Chinese version. */
const englishWords = [
  'Test Report',
  'View PDF',
  'Verdict',
  'Pass',
  'Fail',
  'PASS',
  'FAIL',
  'Limit',
  'Measured value',
  'Result',
  'Tested at',
  'Machine',
  'Operator',
  'Required tests',
  'Other results',
  'Serial number',
  'Body material',
  'Verify',
];
/** Test data in English on purpose. */
const data = [tag, productName, benchName, shell, gasSeat, torque, paint, 'API 598', 'Flanged'];

const sizes = [
  { name: '390', width: 390, height: 844 },
  { name: '320', width: 320, height: 640 },
] as const;
const themes = ['light', 'dark'] as const;
type Language = 'en' | 'zh';
type Theme = (typeof themes)[number];

/**
 * What of the page does not fit the window's width: the page scrolling sideways, and each
 * element of `targets` that is missing, hidden, reaching past the window's left or right
 * edge, or whose content overflows its own box (text cut off or drawn over a neighbour).
 */
async function fitProblems(
  page: Page,
  look: string,
  targets: readonly (readonly [string, Locator])[],
): Promise<string[]> {
  const problems: string[] = [];
  const width = await page.evaluate(() => ({
    page: document.scrollingElement?.scrollWidth ?? Infinity,
    window: window.innerWidth,
  }));
  if (width.page > width.window) {
    problems.push(`${look}: the page scrolls sideways (${width.page} > ${width.window} px)`);
  }
  for (const [name, locator] of targets) {
    const count = await locator.count();
    if (count === 0) problems.push(`${look}: no ${name}`);
    for (let index = 0; index < count; index++) {
      const item = locator.nth(index);
      const box = await item.boundingBox();
      if (!box || box.width === 0 || box.height === 0 || !(await item.isVisible())) {
        problems.push(`${look}: ${name} #${index} is not visible`);
        continue;
      }
      if (box.x < 0 || box.x + box.width > width.window + 0.5) {
        problems.push(
          `${look}: ${name} #${index} spans ${Math.round(box.x)}–${Math.round(box.x + box.width)} px of ${width.window}`,
        );
      }
      const overflow = await item.evaluate((element) => element.scrollWidth - element.clientWidth);
      if (overflow > 1) problems.push(`${look}: ${name} #${index} overflows by ${overflow} px`);
    }
  }
  return problems;
}

/** Shows the page in `theme` as the device's choice, followed live (no reload). */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect
    .poll(() => page.evaluate(() => document.body.classList.contains('awsui-dark-mode')))
    .toBe(theme === 'dark');
}

describe('the public report on a phone', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  /** The report each language's visitor got, verified further down. */
  const reports: Partial<Record<Language, ReportRequestCreated>> = {};
  /** The bench's key, for results sent after the reports. */
  let machineKey = '';

  beforeAll(async () => {
    const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const asAdmin = <T>(path: string, method: string, body: unknown) =>
      callApi<T>(stack, path, { method, body, token });
    const product = await asAdmin<Product>('/api/products', 'POST', {
      name: productName,
      temperatureMin: -29,
      temperatureMax: 425,
      fluid: 'water',
      connection: 'Flanged, ASME 150',
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: 20,
      application: 'Water supply',
      applicationMedium: null,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const plan = await asAdmin(`/api/products/${product.body.id}/test-plan`, 'PUT', {
      tests: planTests,
      allowExtraTests: true,
      version: 0,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const range = await asAdmin('/api/serial-numbers', 'POST', {
      productId: product.body.id,
      startSerial: unitSerial,
      endSerial: `PH${tag}-000009`,
      productionDate: '2026-06-01',
      bodyMaterial: 'WCB',
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', { name: benchName });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    machineKey = machine.body.key;
    // Every required test has a result (the site's default settings give visitors only PASS
    // and FAIL reports): two pass, two fail; the verdict is FAIL.
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const result = (testName: string, outcome: 'pass' | 'fail', value: number, unit: string) => ({
      serialNumber: unitSerial,
      testName,
      result: outcome,
      value,
      unit,
      testedAt: at(30),
      operator: 'Chen Wei-Ting',
    });
    const ingest = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        results: [
          result(shell, 'pass', 38.2, 'bar'),
          result(seat, 'pass', 28.1, 'bar'),
          result(gasSeat, 'fail', 3.2, 'bar'),
          result(torque, 'fail', 135.5, 'N·m'),
          result(paint, 'pass', 120, 'µm'),
        ],
      }),
    });
    expect(ingest.status, await ingest.clone().text()).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A visitor's tab in `language`, its theme following the device (set per look). */
  async function visitorPage(language: Language): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.setViewportSize({ width: sizes[0].width, height: sizes[0].height });
    await page.goto(`${stack.appUrl}/search`);
    await page.evaluate((language) => {
      localStorage.setItem('lang', language);
      localStorage.setItem('ui-preferences', JSON.stringify({ theme: 'system' }));
    }, language);
    await page.emulateMedia({ colorScheme: 'light' });
    return page;
  }

  let sentNewerResult: Promise<void> | undefined;
  /** A retest after both reports (once): their verification says newer results exist. */
  function newerResult(): Promise<void> {
    sentNewerResult ??= (async () => {
      const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          results: [
            {
              serialNumber: unitSerial,
              testName: torque,
              result: 'pass',
              value: 110,
              unit: 'N·m',
              testedAt: new Date().toISOString(),
              operator: 'Chen Wei-Ting',
            },
          ],
        }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    })();
    return sentNewerResult;
  }

  it.each(['en', 'zh'] as const)(
    '%s: the form and the report fit 390 and 320 wide, light and dark; the verdict, the unit and the PDF come first',
    async (language) => {
      const page = await visitorPage(language);
      const center = new ReportCenterPage(page);
      const texts = language === 'en' ? webEn : webZh;
      const problems: string[] = [];
      await page.goto(`${stack.appUrl}/search?serial=${unitSerial}`);
      await center.root().waitFor();

      // The form.
      for (const size of sizes) {
        await page.setViewportSize(size);
        for (const theme of themes) {
          const look = `form ${language} ${theme} ${size.name}`;
          await showTheme(page, theme);
          await settled(page);
          problems.push(
            ...(await fitProblems(page, look, [
              ['serial field', center.serial()],
              ['email field', center.email()],
              ['consent', page.locator('[data-testid="report-consent"]')],
              ['submit button', center.submit()],
            ])),
          );
          await screenshot(page, `phone-layout-form-${language}-${theme}-${size.name}`);
        }
      }

      // The visitor asks at 390 × 844, the size the issue measured.
      await page.setViewportSize(sizes[0]);
      await showTheme(page, 'light');
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/api/report-requests'),
      );
      await center.search(unitSerial, visitorEmail(language));
      const response = await answer;
      expect(response.status(), await response.text()).toBe(201);
      const report = (await response.json()) as ReportRequestCreated;
      reports[language] = report;
      expect(report.verdict).toBe('fail');
      await center.preview().waitFor();
      await expect.poll(() => center.toasts().count(), { timeout: 15_000 }).toBe(0);
      await settled(page); // the preview scrolls into view

      // From here the page changes only size and theme: the card form and the table are
      // its stylesheet's, so no request follows (but axe's own script, served by the test).
      const requested: string[] = [];
      page.on('request', (request) => {
        if (!request.url().endsWith('/__axe.js')) requested.push(request.url());
      });
      const required = page.locator('[data-testid="report-tests-required"] tbody tr');
      const other = page.locator('[data-testid="report-tests-other"] tbody tr');
      expect(await required.count()).toBe(4);
      expect(await other.count()).toBe(1);
      // The cells say what the PDF says, in the page's language.
      const cell = (row: Locator, name: string) => row.locator(`[data-cell="${name}"]`);
      const torqueRow = required.filter({ hasText: torque });
      expect(await torqueRow.getAttribute('data-outcome')).toBe('fail');
      expect(await cell(torqueRow, 'limit').innerText()).toContain('≤ 120 N·m');
      expect(await cell(torqueRow, 'value').innerText()).toContain('135.5 N·m');
      expect(await cell(torqueRow, 'result').innerText()).toContain(
        message('report.outcomes.fail', {}, language),
      );
      expect(await cell(torqueRow, 'tested').innerText()).toContain(benchName);
      expect(await center.verdict().getAttribute('data-verdict')).toBe('fail');

      // Each test's name, limit, measured value, result and date (with bench and operator);
      // the other results have no limit column (none of them has one).
      const cells = (rows: Locator, names = ['test', 'limit', 'value', 'result', 'tested']) =>
        names.map((name) => [`${name} of a test`, rows.locator(`[data-cell="${name}"]`)] as const);
      const top = [
        ['verdict', center.verdict()],
        ['View PDF', center.pdfLink()],
        ['serial number', center.preview().getByText(unitSerial, { exact: true })],
        ['body material', page.locator('[data-testid="report-material"]')],
      ] as const;
      for (const size of sizes) {
        await page.setViewportSize(size);
        for (const theme of themes) {
          const look = `preview ${language} ${theme} ${size.name}`;
          await showTheme(page, theme);
          await settled(page);
          problems.push(
            ...(await fitProblems(page, look, [
              ...top,
              ['product', center.preview().getByText(productName, { exact: true }).first()],
              ...cells(required),
              ...cells(other, ['test', 'value', 'result', 'tested']),
              ['tests box', page.locator('.report-table-scroll')],
            ])),
          );
          // One test per card: its labels show, the table's header row does not.
          if (await page.locator('[data-testid="report-tests-required"] thead').isVisible()) {
            problems.push(`${look}: the tests are a table, not cards`);
          }
          const label = cell(required.first(), 'value').locator('.report-table__label');
          if (!(await label.isVisible())) {
            problems.push(`${look}: a card's cell shows no label`);
          } else {
            expect(await label.innerText()).toBe(message('report.value', {}, language));
          }
          // The first things read: once the preview is scrolled to, the verdict, the unit
          // and "View PDF" are on its first screen (under the toast's margin, 80 px).
          await page.evaluate(() =>
            document
              .querySelector('.report-preview__heading')
              ?.scrollIntoView({ block: 'start', behavior: 'instant' }),
          );
          await settled(page);
          for (const [name, locator] of top) {
            const box = await locator.boundingBox();
            expect(box, `${look}: ${name}`).not.toBeNull();
            expect(
              box!.y + box!.height,
              `${look}: ${name} on the first screen`,
            ).toBeLessThanOrEqual(size.height);
          }
          await page.screenshot({
            path: join(
              artifactsDir,
              `phone-layout-preview-${language}-${theme}-${size.name}-first-screen.png`,
            ),
          });
          await screenshot(page, `phone-layout-preview-${language}-${theme}-${size.name}`);
          if (theme === 'dark' || size.name === '320') {
            problems.push(
              ...(await seriousViolations(page, stack.appUrl)).map((v) => `${look}: ${v}`),
            );
          }
        }
      }
      if (language === 'zh') {
        expect(await untranslated(page, englishWords, data)).toEqual([]);
      }
      // The same page on a laptop: the tests are a table again, whole in its box.
      await page.setViewportSize({ width: 1366, height: 768 });
      await showTheme(page, 'light');
      await settled(page);
      expect(await page.locator('[data-testid="report-tests-required"] thead').isVisible()).toBe(
        true,
      );
      expect(
        await cell(required.first(), 'value').locator('.report-table__label').isVisible(),
      ).toBe(false);
      problems.push(
        ...(await fitProblems(page, `preview ${language} light 1366`, [
          ...top,
          ...cells(required),
          ['tests box', page.locator('.report-table-scroll')],
        ])),
      );
      // The table's rows: one line of cells each (a card would stack them).
      const rowTops = await required
        .first()
        .locator('[data-cell]')
        .evaluateAll((found) => found.map((element) => element.getBoundingClientRect().top));
      expect(new Set(rowTops).size, 'the cells of a row side by side').toBe(1);
      await screenshot(page, `phone-layout-preview-${language}-light-1366`);
      expect(problems).toEqual([]);
      expect(requested, 'requests while the report changed size and theme').toEqual([]);
      expect(await page.title()).toBe(texts.reportCenter.pageTitle);
      await page.context().close();
    },
    240_000,
  );

  it.each(['en', 'zh'] as const)(
    '%s: the verification of the report fits 390 and 320 wide, light and dark',
    async (language) => {
      const report = reports[language];
      expect(report, 'the report was requested above').toBeDefined();
      await newerResult();
      const page = await visitorPage(language);
      const center = new ReportCenterPage(page);
      const problems: string[] = [];
      await page.goto(`${stack.appUrl}/search?verify=${report!.reportNumber}`);
      await center.verifiedReport().waitFor();
      expect(await center.verifiedFingerprint().textContent()).toBe(report!.fingerprint);
      // The verdict the report states, in the page's language.
      expect(await page.locator('[data-testid="verify-verdict"]').textContent()).toContain(
        message(`report.verdicts.${report!.verdict}`, {}, language),
      );
      const verified = center.verifiedReport();
      const notice = page.locator('[data-testid="verify-superseded"]');
      await notice.waitFor();
      for (const size of sizes) {
        await page.setViewportSize(size);
        for (const theme of themes) {
          const look = `verify ${language} ${theme} ${size.name}`;
          await showTheme(page, theme);
          await settled(page);
          problems.push(
            ...(await fitProblems(page, look, [
              ['verified report', verified],
              ['report number', verified.getByText(report!.reportNumber, { exact: true })],
              ['serial number', verified.getByText(unitSerial, { exact: true })],
              ['product', verified.getByText(productName, { exact: true })],
              ['verdict', page.locator('[data-testid="verify-verdict"]')],
              ['fingerprint', center.verifiedFingerprint()],
              // Its button (the native file input beside it is hidden by Cloudscape).
              ['file check', page.locator('[data-testid="verify-file"] button')],
              ['newer results notice', notice],
              ['its request button', page.locator('[data-testid="verify-request-new"]')],
            ])),
          );
          await screenshot(page, `phone-layout-verify-${language}-${theme}-${size.name}`);
          if (theme === 'dark' && size.name === '320') {
            problems.push(
              ...(await seriousViolations(page, stack.appUrl)).map((v) => `${look}: ${v}`),
            );
          }
        }
      }
      if (language === 'zh') {
        expect(await untranslated(page, englishWords, data)).toEqual([]);
      }
      // Without a number (a unit's verification link): the field and its button.
      await page.goto(`${stack.appUrl}/search?verify=`);
      await page.locator('[data-testid="verify-number"]').waitFor();
      for (const size of sizes) {
        await page.setViewportSize(size);
        await settled(page);
        problems.push(
          ...(await fitProblems(page, `verify ask ${language} ${size.name}`, [
            ['number field', page.locator('[data-testid="verify-number"] input')],
            ['verify button', page.locator('[data-testid="verify-submit"]')],
          ])),
        );
        await screenshot(page, `phone-layout-verify-ask-${language}-dark-${size.name}`);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});
