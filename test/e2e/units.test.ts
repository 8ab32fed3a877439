/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { message } from '../../lambdas/shared/contract/messages';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SiteSettings } from '../../lambdas/shared/contract/schemas/settings';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import type { UnitView } from '../../lambdas/shared/contract/schemas/unit';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { newVisitorAddress, requestReport } from '../support/visitor';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import {
  AppShell,
  LoginPage,
  MachineDataPage,
  ReportCenterPage,
  SearchHistoryPage,
  SerialLookupPanel,
  SiteSettingsPage,
  UnitPage,
  VoidResultDialog,
} from './pages';

/**
 * A unit as a record (docs/web-app.md, "A unit's page"): the seeded admin finds a unit with
 * the Serial Numbers page's lookup, opens its page, reads its results, voids one with a
 * reason and sees it struck through and the verdict change, in English and in Chinese; the
 * site settings page shows the defaults. The units are given through the API: a product
 * with a plan from the valve template, a WCB range, a machine key and a bench's results.
 * Screenshots at 1366×768 in both languages and themes (`test-artifacts/units-*`), and the
 * public preview of a passing unit on a 390×844 phone.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Unit Valve ${tag}`;
const benchName = `Unit bench ${tag}`;
const prefix = `UN${tag}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
/** A serial holding `/`: one path segment on the page, parts encoded in the API's path. */
const slashSerial = `UN${tag}/B-0001`;
const visitorEmail = (name: string) => `${name}.${tag.toLowerCase()}@example.com`;

const shellWcb = 'Shell test (WCB)';
const seatWcb = 'Seat test high pressure (WCB)';
const gasSeat = 'Seat test low pressure (gas)';

/** The unit voided in each language (each passes every required test at first). */
const unitOf = { en: serial(1), zh: serial(2) } as const;
/** The unit whose report the phone shows. */
const passingUnit = serial(3);

/** English words of these pages that must not remain on their Chinese version. */
const englishWords = [
  'Unit',
  'Verdict',
  'Test results',
  'Reports',
  'Void',
  'Voided',
  'Reason',
  'Print label',
  'Identification link',
  'Body material',
  'Judged by',
  'Pass',
  'Incomplete',
  'History',
  'Site settings',
  'Verdicts visitors may receive',
  'Save',
  'Expired',
  'Sent',
];
/** Test data in English on purpose (names of tests, product, bench, reasons). */
const data = [tag, productName, benchName, 'Shell test', 'Seat test', 'API 598', 'Flanged'];

let adminToken = '';
let machineKey = '';
let product: Product;
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: adminToken });
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

/** The bench's side: a batch sent with its machine key, as docs/machine-data.md shows. */
async function ingest(results: unknown[]) {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A result of a plan test within its limit, tested a few minutes ago. */
const passed = (unit: string, testName: string, value: number, minutesAgo: number) => ({
  serialNumber: unit,
  testName,
  result: 'pass',
  value,
  unit: 'bar',
  testedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  operator: 'Chen',
});

/** Every required test of a WCB unit, passed. */
const fullyTested = (unit: string) => [
  passed(unit, shellWcb, 38.2, 30),
  passed(unit, seatWcb, 28.1, 20),
  passed(unit, gasSeat, 5.5, 10),
];

describe('a unit’s page, voiding a result, and the site settings', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let unitPage: UnitPage;
  /** Whether the lookup linked to the unit's page when this ran (the other side's work). */
  let lookupLinks = true;

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
      pressureSUS: 20,
      application: 'Water supply',
      applicationMedium: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = created.body;
    const plan = await asAdmin(`/api/products/${product.id}/test-plan`, 'PUT', {
      tests: valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: 20 }),
      allowExtraTests: false,
      version: 0,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    for (const [startSerial, endSerial] of [
      [serial(1), serial(100)],
      [slashSerial, `UN${tag}/B-0009`],
    ] as const) {
      const range = await asAdmin('/api/serial-numbers', 'POST', {
        productId: product.id,
        startSerial,
        endSerial,
        productionDate: '2026-06-01',
        // The product is rated in two materials: the range records which.
        bodyMaterial: 'WCB',
      });
      expect(range.status, JSON.stringify(range.body)).toBe(201);
    }
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', { name: benchName });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    machineKey = machine.body.key;
    const stored = await ingest([
      ...fullyTested(unitOf.en),
      ...fullyTested(unitOf.zh),
      ...fullyTested(passingUnit),
      passed(slashSerial, shellWcb, 38, 5),
    ]);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    // A report of each voided unit, so its page lists one (issued while it passed).
    for (const [language, unit] of Object.entries(unitOf)) {
      const report = await requestReport(
        stack,
        { serialNumber: unit, email: visitorEmail(language), consent: true, language },
        newVisitorAddress(),
      );
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      expect(report.body.verdict).toBe('pass');
    }

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stack.appUrl}/login`);
    await setLook(page, 'en', 'light');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
    unitPage = new UnitPage(page);
  });

  afterAll(async () => {
    await browser?.close();
    if (!lookupLinks) {
      console.warn(
        'units.test.ts: the serial lookup had no link to the unit page; the page was opened by its address.',
      );
    }
  });

  /** Waits for the unit's page to show the unit (or fails with what it shows instead). */
  async function unitShown() {
    const shown = page.locator(
      '[data-testid="unit-results"], [data-testid="unit-load-error"], [data-testid="unit-not-found"]',
    );
    await shown.first().waitFor();
    if (!(await unitPage.results().isVisible())) {
      await screenshot(page, 'units-failure');
      throw new Error(`The unit's page shows: ${await text(shown.first())}`);
    }
    await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
  }

  /** Opens the unit's page from the Serial Numbers page's lookup (or by address, see above). */
  async function openFromLookup(unit: string) {
    await openPage(page, `${stack.appUrl}/serial-numbers`, 'serial-lookup-input');
    const lookup = new SerialLookupPanel(page);
    await lookup.find(unit.toLowerCase());
    if ((await lookup.unitLink().count()) > 0) {
      await lookup.unitLink().click();
    } else {
      lookupLinks = false;
      await page.goto(`${stack.appUrl}/units/${encodeURIComponent(unit)}`);
    }
    await unitShown();
  }

  it.each(['en', 'zh'] as const)(
    'in %s: the unit’s page from the lookup; a result voided with a reason is struck through and the verdict changes',
    async (language) => {
      const words = language === 'en' ? webEn : webZh;
      const catalogue = (key: Parameters<typeof message>[0], params = {}) =>
        message(key, params, language);
      const unit = unitOf[language];
      await setLook(page, language, 'light');
      await openFromLookup(unit);
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/units/${unit}`);
      expect(await text(unitPage.serial())).toBe(unit);

      // What it is: product and range (links to their pages), material and rating, verdict.
      expect(await text(unitPage.product())).toBe(productName);
      expect(await unitPage.product().getAttribute('href')).toBe(`/edit-product/${product.id}`);
      expect(await text(unitPage.range())).toContain(`${serial(1)} – ${serial(100)}`);
      expect(await text(unitPage.material())).toBe(
        catalogue('report.materialRating', {
          material: catalogue('report.materials.WCB'),
          rating: '25 bar',
        }),
      );
      expect(await unitPage.verdict().getAttribute('data-verdict')).toBe('pass');
      expect(await text(unitPage.judgedBy())).toBe(
        words.unit.overview.judgedBy.replace('{{version}}', '1'),
      );
      // Its results, newest first, each from the bench; the report issued while it passed.
      await expect.poll(() => unitPage.resultRows().count()).toBe(3);
      const rows = await unitPage.resultRows().allTextContents();
      expect(rows[0]).toContain(gasSeat);
      expect(rows[2]).toContain(shellWcb);
      expect(rows.join(' ')).toContain(benchName);
      expect(await unitPage.reportRows().count()).toBe(1);
      expect(await text(unitPage.reportRows().first())).toContain(words.verdict.pass);
      expect(await text(unitPage.identity())).toContain(`/${unit}`);
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        await page.reload();
        await unitShown();
        await settled(page);
        await screenshot(page, `units-page-${language}-${theme}`);
      }

      // The void dialog in both themes (closed again unsent), then the void itself in light.
      for (const theme of ['dark', 'light'] as const) {
        await setLook(page, language, theme);
        await page.reload();
        await unitShown();
        const shown = await unitPage.startVoid(shellWcb);
        expect(await text(shown.root())).toContain(shellWcb);
        if (theme === 'light') break;
        await shown.reason().fill('ab');
        await shown.confirm();
        await shown.reasonError().waitFor();
        await settled(page);
        await screenshot(page, `units-void-modal-${language}-${theme}`);
        await page.locator('[data-testid="void-cancel"]:visible').click();
        await shown.root().waitFor({ state: 'detached' });
      }
      // The reason is checked with the API's schema before anything is sent.
      const dialog = new VoidResultDialog(page);
      await dialog.confirm();
      expect(await text(dialog.reasonError())).toBe(catalogue('validation.required'));
      await dialog.reason().fill('ab');
      await expect
        .poll(() => text(dialog.reasonError()))
        .toBe(catalogue('validation.minLength', { min: 3 }));
      const reason =
        language === 'en' ? `Gauge out of calibration ${tag}` : `壓力錶校正逾期 ${tag}`;
      await dialog.reason().fill(reason);
      await expect.poll(() => dialog.reasonError().count()).toBe(0);
      await settled(page);
      await screenshot(page, `units-void-modal-${language}-light`);
      const voided = page.waitForResponse(
        (response) => response.url().endsWith('/void') && response.request().method() === 'POST',
      );
      await dialog.confirm();
      expect((await voided).status()).toBe(200);
      await dialog.root().waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
        .toContain(words.unit.void.done);

      // It stays listed, struck through, with who voided it, when and why; it no longer counts.
      await expect.poll(() => unitPage.isStruck(shellWcb)).toBe(true);
      expect(await unitPage.isStruck(seatWcb)).toBe(false);
      const after = await asAdmin<UnitView>(`/api/serial-numbers/units/${unit}`);
      const shell = after.body.results.find((result) => result.testName === shellWcb)!;
      expect(shell).toMatchObject({ voidReason: reason, result: 'pass', value: 38.2 });
      const row = await text(unitPage.resultRow(shellWcb));
      expect(row).toContain(words.unit.results.voided);
      expect(row).toContain(reason);
      expect(row).toContain(shell.voidedBy!);
      expect(
        await unitPage.resultRow(shellWcb).locator('[data-testid="result-void"]').count(),
      ).toBe(0);
      await expect.poll(() => unitPage.verdict().getAttribute('data-verdict')).toBe('incomplete');
      expect(await text(unitPage.verdict())).toBe(words.verdict.incomplete);
      // The void is in the unit's history.
      await expect
        .poll(async () => (await unitPage.historyRows().allTextContents()).join(' | '))
        .toContain(reason);
      expect(await text(unitPage.historyRows().first())).toContain(words.audit.actions.void);

      const problems: string[] = [];
      if (language === 'zh') {
        for (const found of await untranslated(page, englishWords, [...data, reason])) {
          problems.push(`unit zh: "${found}"`);
        }
      } else {
        problems.push(...(await seriousViolations(page, stack.appUrl)));
      }
      expect(problems).toEqual([]);
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        await page.reload();
        await unitShown();
        await expect.poll(() => unitPage.isStruck(shellWcb)).toBe(true);
        await settled(page);
        await screenshot(page, `units-voided-${language}-${theme}`);
      }
      // Machine Data lists the voided result as voided, struck through, each row linking to
      // the unit's page; the search history's row of the unit's report links there too.
      await openPage(page, `${stack.appUrl}/machine-data?serial=${unit}`, 'results-table');
      const machineData = new MachineDataPage(page);
      await expect.poll(() => machineData.resultRows().count()).toBe(3);
      const listed = machineData.resultRows().filter({ hasText: shellWcb });
      expect(await text(listed)).toContain(words.unit.results.voided);
      expect(await text(listed)).toContain(reason);
      expect(await listed.locator('.unit-voided').count()).toBeGreaterThan(0);
      expect(await listed.locator('[data-testid="result-void"]').count()).toBe(0);
      expect(
        await machineData
          .resultRows()
          .filter({ hasText: seatWcb })
          .locator('[data-testid="result-void"]')
          .count(),
      ).toBe(1);
      expect(await listed.locator('[data-testid="result-unit-link"]').getAttribute('href')).toBe(
        `/units/${unit}`,
      );
      await settled(page);
      await screenshot(page, `units-machine-data-${language}-light`);
      await openPage(page, `${stack.appUrl}/searches?serial=${unit}`, 'searches-table');
      const searches = new SearchHistoryPage(page);
      await expect.poll(() => searches.rows().count()).toBe(1);
      expect(
        await searches
          .rows()
          .first()
          .locator('[data-testid="search-unit-link"]')
          .getAttribute('href'),
      ).toBe(`/units/${unit}`);

      // A second void of the same result is refused.
      const twice = await asAdmin(`/api/machine-data/${shell.id}/void`, 'POST', {
        reason: 'once more',
      });
      expect(twice.status).toBe(400);
    },
    180_000,
  );

  it('a serial holding a slash has a page of its own', async () => {
    await setLook(page, 'en', 'light');
    await openPage(
      page,
      `${stack.appUrl}/units/${encodeURIComponent(slashSerial)}`,
      'unit-results',
    );
    expect(await text(unitPage.serial())).toBe(slashSerial);
    await expect.poll(() => unitPage.resultRows().count()).toBe(1);
    expect(await unitPage.verdict().getAttribute('data-verdict')).toBe('incomplete');
    // "Print label": the Serial Numbers page's label dialog, this one unit chosen.
    await page.locator('[data-testid="unit-print-label"]').click();
    const labels = page.locator('[data-testid="labels-modal"]:visible');
    await labels.waitFor();
    expect(await page.locator('[data-testid="labels-from"] input').inputValue()).toBe(slashSerial);
    expect(await page.locator('[data-testid="labels-to"] input').inputValue()).toBe(slashSerial);
    expect(await text(page.locator('[data-testid="labels-summary"]'))).toContain(
      '1 label on 1 page',
    );
    await page.locator('[data-testid="labels-create"]:visible').click();
    await page.locator('[data-testid="labels-done"]').waitFor();
    expect(await page.locator('[data-testid="labels-download"]').count()).toBe(1);
    await page.locator('[data-testid="labels-close"]:visible').click();
    await labels.waitFor({ state: 'detached' });
    // An unknown serial says so, with the way back to the list.
    await openPage(page, `${stack.appUrl}/units/${prefix}9999`, 'unit-not-found');
    expect(await text(page.locator('[data-testid="unit-not-found"]'))).toContain(
      message('errors.serialNotInRange', {}, 'en'),
    );
  });

  it('the site settings page shows the defaults, in both languages and themes', async () => {
    const settings = await asAdmin<SiteSettings>('/api/settings');
    expect(settings.status).toBe(200);
    const settingsPage = new SiteSettingsPage(page);
    const problems: string[] = [];
    for (const language of ['en', 'zh'] as const) {
      const words = language === 'en' ? webEn : webZh;
      for (const theme of ['light', 'dark'] as const) {
        await setLook(page, language, theme);
        await openPage(page, `${stack.appUrl}/settings`, 'settings-form');
        // As saved, or the defaults (PASS and FAIL) while nobody saved them.
        for (const verdict of ['pass', 'fail', 'incomplete', 'untested'] as const) {
          expect(await settingsPage.verdict(verdict).isChecked(), verdict).toBe(
            settings.body.publicVerdicts.includes(verdict),
          );
        }
        if (settings.body.version === 0) {
          expect(settings.body.publicVerdicts).toEqual(['pass', 'fail']);
          expect(await text(settingsPage.saved())).toBe(words.siteSettings.defaults);
        }
        expect(await text(settingsPage.explanation())).toBe(
          words.siteSettings.verdicts.explanation,
        );
        expect(await text(settingsPage.form())).toContain(words.verdict.untested);
        if (theme === 'light') {
          if (language === 'zh') {
            for (const found of await untranslated(page, englishWords, data)) {
              problems.push(`settings zh: "${found}"`);
            }
          } else {
            problems.push(...(await seriousViolations(page, stack.appUrl)));
          }
        }
        await settled(page);
        await screenshot(page, `units-settings-${language}-${theme}`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing was saved by looking.
    expect((await asAdmin<SiteSettings>('/api/settings')).body).toEqual(settings.body);
  });

  it('a unit whose verdict visitors may not receive: the public page says so as information, the history lists it withheld', async () => {
    // The slash unit lacks two required results: incomplete, not among the defaults.
    const visitor = await (await browser.newContext()).newPage();
    const center = new ReportCenterPage(visitor);
    await visitor.goto(`${stack.appUrl}/search`);
    await setLook(visitor, 'zh', 'light');
    await visitor.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    await center.search(slashSerial, visitorEmail('withheld'));
    const withheld = visitor.locator('[data-testid="report-withheld"]');
    await withheld.waitFor();
    const sentence = message('errors.reportWithheld', { provider: '\u0000' }, 'zh').split(
      '\u0000',
    )[0]!;
    expect(await text(withheld)).toContain(sentence);
    expect(await center.failure().count()).toBe(0);
    expect(await center.preview().count()).toBe(0);
    await settled(visitor);
    await screenshot(visitor, 'units-withheld-zh-light');

    await setLook(page, 'en', 'light');
    await openPage(
      page,
      `${stack.appUrl}/searches?serial=${encodeURIComponent(slashSerial)}`,
      'searches-table',
    );
    const searches = new SearchHistoryPage(page);
    await expect.poll(() => searches.rows().count()).toBe(1);
    expect(await text(searches.rows().first())).toContain(webEn.deliveryStatus.withheld);
    expect(await searches.rows().first().locator('[data-testid^="resend-"]').count()).toBe(0);
  });

  it('a passing unit’s public report on a phone: material and rating, verdict, screenshots', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    const center = new ReportCenterPage(visitor);
    await visitor.goto(`${stack.appUrl}/search`);
    for (const language of ['en', 'zh'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await setLook(visitor, language, theme);
        await visitor.goto(`${stack.appUrl}/search?serial=${passingUnit}`);
        await center.root().waitFor();
        await center.search(passingUnit, visitorEmail(`phone-${language}-${theme}`));
        await center.preview().waitFor();
        expect(await center.verdict().getAttribute('data-verdict')).toBe('pass');
        expect(await text(visitor.locator('[data-testid="report-material"]'))).toBe(
          message(
            'report.materialRating',
            { material: message('report.materials.WCB', {}, language), rating: '25 bar' },
            language,
          ),
        );
        await settled(visitor);
        await screenshot(visitor, `units-report-phone-${language}-${theme}`);
      }
    }
  });
});
