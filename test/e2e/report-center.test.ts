/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { message } from '../../lambdas/shared/contract/messages';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import {
  reportNumberPattern,
  type ReportRequestCreated,
} from '../../lambdas/shared/contract/schemas/report-request';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { callApi, mailsTo } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { newVisitorAddress, visitorRequest } from '../support/visitor';
import { settled } from './checks';
import { ReportCenterPage } from './pages';

const stack = inject('stack');

/** The budget for the public page's first download (JS, gzip). */
const initialJsBudgetBytes = 130 * 1024;

const prefix = `E2E${randomUUID().slice(0, 5).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(6, '0')}`;
const visitorEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const productName = `E2E Globe Valve ${prefix}`;

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical accessibility violations axe-core finds on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  // The CSP allows scripts from the app's origin only: serve axe from there.
  await page.route('**/__axe.js', (route) =>
    route.fulfill({ body: axeSource, contentType: 'application/javascript' }),
  );
  await page.addScriptTag({ url: `${new URL(page.url()).origin}/__axe.js` });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(
      document,
    ),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`);
}

/** Waits for the mail to `to` in the SES emulator's store. */
async function mailTo(to: string) {
  await expect.poll(async () => (await mailsTo(stack, to)).length, { timeout: 20_000 }).toBe(1);
  return (await mailsTo(stack, to))[0]!;
}

/** Remembers language and theme the way the pages do, for the next load. */
async function setLook(page: Page, language: 'en' | 'zh', theme: 'light' | 'dark') {
  await page.evaluate(
    ({ language, theme }) => {
      localStorage.setItem('lang', language);
      localStorage.setItem('ui-preferences', JSON.stringify({ theme }));
    },
    { language, theme },
  );
}

describe('the Test Report Center in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let center: ReportCenterPage;
  /** The English report, verified further down. */
  let english: ReportRequestCreated;
  const shot = (name: string, fullPage = true) =>
    page.screenshot({ path: join(artifactsDir, `report-center-${name}.png`), fullPage });

  beforeAll(async () => {
    const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const product = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: productName,
        temperatureMin: -29,
        temperatureMax: 425,
        fluid: 'steam',
        connection: 'Flanged, ASME 300',
        pressureFC: null,
        pressureWCB: 51,
        pressureSUS: 49.6,
        application: 'Power plant',
        applicationMedium: 'Superheated steam',
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const range = await callApi<SerialRange>(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: serial(1),
        endSerial: serial(100),
        productionDate: '2026-05-20',
        // The product is rated in WCB and SUS: the range records which.
        bodyMaterial: 'WCB',
      },
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    // Bench results for unit 7: the English report shows them. An upload may name only an
    // active bench: Bench 2 is created first (or was, by an earlier file on this stack).
    const machine = await callApi(stack, '/api/machines', {
      method: 'POST',
      token,
      body: { name: 'Bench 2' },
    });
    expect([201, 409], JSON.stringify(machine.body)).toContain(machine.status);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const csv = [
      'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes',
      `${serial(7)},Shell test,pass,76.5,bar,${at},Bench 2,Lin,`,
      `${serial(7)},Seat leakage,pass,0.2,ml/min,${at},Bench 2,Lin,`,
    ].join('\n');
    const upload = await fetch(`${stack.appUrl}/api/machine-data`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: csv,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    browser = await launchBrowser();
    page = await browser.context.newPage();
    center = new ReportCenterPage(page);
    await page.goto(`${stack.appUrl}/search`);
    await setLook(page, 'en', 'light');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('loads only its own light page: no back-office code, within the JS budget', async () => {
    const scripts: Promise<[string, number]>[] = [];
    const fresh = await browser.context.newPage();
    fresh.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => [response.url(), gzipSync(body).length]));
    });
    await fresh.goto(`${stack.appUrl}/search`, { waitUntil: 'networkidle' });
    await new ReportCenterPage(fresh).root().waitFor();
    const loaded = await Promise.all(scripts);
    await fresh.close();
    const adminEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(
      await (await fetch(`${stack.appUrl}/index.html`)).text(),
    )?.[1];
    expect(adminEntry).toBeTruthy();
    expect(loaded.map(([url]) => new URL(url).pathname)).not.toContain(adminEntry);
    const total = loaded.reduce((sum, [, size]) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(initialJsBudgetBytes);
  });

  it('English: a nameplate link pre-fills the serial; the visitor gets the preview, the PDF and the mail', async () => {
    const to = visitorEmail('en');
    await page.goto(`${stack.appUrl}/search?serial=${encodeURIComponent(serial(7))}`);
    await center.root().waitFor();
    expect(await center.serial().inputValue()).toBe(serial(7));
    expect(await center.submit().isDisabled()).toBe(true);
    await shot('en-light-desktop-empty');

    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/report-requests') && response.request().method() === 'POST',
    );
    await center.search(serial(7), to);
    const response = await answer;
    expect(response.status()).toBe(201);
    english = (await response.json()) as ReportRequestCreated;
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
      serialNumber: serial(7),
      email: to,
      consent: true,
      language: 'en',
    });

    await expect
      .poll(async () => (await center.toasts().allTextContents()).join(' | '))
      .toContain(webEn.reportCenter.success);
    await center.preview().waitFor();
    const preview = (await center.preview().textContent()) ?? '';
    expect(english.reportNumber).toMatch(reportNumberPattern);
    for (const text of [english.reportNumber, serial(7), productName, 'Flanged, ASME 300', to]) {
      expect(preview, text).toContain(text);
    }
    expect(preview).toContain(message('product.fluids.steam'));
    expect(preview).toContain(message('report.notOffered')); // no cast-iron body
    expect(await center.results().count()).toBe(2);
    expect(await center.verdict().textContent()).toContain(message('report.verdicts.pass'));
    await shot('en-light-desktop-preview');

    // "View PDF" opens the PDF in a new tab.
    const href = await center.pdfLink().getAttribute('href');
    expect(href).toBe(english.pdfUrl);
    expect(await center.pdfLink().getAttribute('target')).toBe('_blank');
    const pdf = await page.request.get(`${stack.appUrl}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(english.fingerprint);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      center.pdfLink().click(),
    ]);
    expect(new URL(tab.url()).pathname).toBe(english.pdfUrl);
    await tab.close();

    const mail = await mailTo(to);
    expect(mail.subject).toBe(
      message('mail.report.subject', {
        reportNumber: english.reportNumber,
        serialNumber: serial(7),
      }),
    );
  });

  it('Chinese: the page, the report and the mail come in Chinese; the choice is remembered', async () => {
    const to = visitorEmail('zh');
    await page.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    await center.switchLanguage('zh');
    expect(await page.title()).toBe(webZh.reportCenter.pageTitle);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests'),
    );
    await center.search(serial(8), to);
    const report = (await (await answer).json()) as ReportRequestCreated;
    expect(report.language).toBe('zh');
    await center.preview().waitFor();
    await expect
      .poll(async () => (await center.toasts().allTextContents()).join(' | '))
      .toContain(webZh.reportCenter.success);
    const preview = (await center.preview().textContent()) ?? '';
    for (const key of ['report.title', 'report.specifications', 'product.fluids.steam'] as const) {
      expect(preview, key).toContain(message(key, {}, 'zh'));
    }
    expect(preview).toContain(message('report.noResults', {}, 'zh'));
    // A unit of a product without a plan and without results: no verdict banner, there is
    // nothing to judge (docs/report-center.md).
    expect(await center.verdict().count()).toBe(0);
    await shot('zh-light-desktop-preview');

    const mail = await mailTo(to);
    expect(mail.subject).toBe(
      message(
        'mail.report.subject',
        { reportNumber: report.reportNumber, serialNumber: serial(8) },
        'zh',
      ),
    );
    const cookies = await browser.context.cookies(stack.appUrl);
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('zh');
    await center.switchLanguage('en');
  });

  it('says what is wrong, in the page’s language, and keeps what was typed', async () => {
    await page.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    await center.consent().check();
    await center.submit().click();
    await center.fieldError('report-serial').waitFor();
    expect(await center.fieldError('report-serial').textContent()).toBe(
      message('validation.required'),
    );
    expect(await center.fieldError('report-email').textContent()).toBe(
      message('validation.required'),
    );
    await center.email().fill('not-an-email');
    await expect
      .poll(() => center.fieldError('report-email').textContent())
      .toBe(message('validation.email'));

    const unknown = `${prefix}999999`;
    const to = visitorEmail('unknown');
    await center.search(unknown, to);
    await center.failure().waitFor();
    expect(await center.failure().textContent()).toBe(message('errors.serialNotFound'));
    expect(await center.serial().inputValue()).toBe(unknown);
    expect(await center.email().inputValue()).toBe(to);
    await shot('en-light-desktop-not-found');
    await center.switchLanguage('zh');
    expect(await center.failure().textContent()).toBe(message('errors.serialNotFound', {}, 'zh'));
    await center.switchLanguage('en');
    expect(await mailsTo(stack, to)).toEqual([]);
  });

  it('says so when it cannot start, and offers to reload', async () => {
    await page.route('**/config.json', (route) => route.fulfill({ status: 503, body: '' }));
    try {
      await page.goto(`${stack.appUrl}/search`);
      await center.startupFailure().waitFor();
      const text = (await center.startupFailure().textContent()) ?? '';
      expect(text).toContain(webEn.reportCenter.startupFailedTitle);
      expect(text).toContain(webEn.reportCenter.startupFailed);
      await settled(page); // the alert fades in
      await shot('en-light-desktop-startup-failure');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.unroute('**/config.json');
    }
    await page.getByRole('button', { name: webEn.reportCenter.reload }).click();
    await center.serial().waitFor();
  });

  it('verifies a report by its number, and a PDF file by its fingerprint, in the browser', async () => {
    expect(english, 'the English search ran first').toBeDefined();
    await page.goto(`${stack.appUrl}/search?verify=${english.reportNumber}`);
    await center.verifiedReport().waitFor();
    expect(await center.verifiedFingerprint().textContent()).toBe(english.fingerprint);
    const facts = (await center.verifiedReport().textContent()) ?? '';
    for (const text of [english.reportNumber, serial(7), productName]) {
      expect(facts, text).toContain(text);
    }

    const pdf = await (await page.request.get(`${stack.appUrl}${english.pdfUrl}`)).body();
    await center.checkFile('report.pdf', pdf);
    await center.verifyOutcome().waitFor();
    expect(await center.verifyOutcome().textContent()).toContain(webEn.reportCenter.verify.match);
    await shot('en-light-desktop-verify-match');
    const altered = Buffer.concat([pdf, Buffer.from('\n% altered\n')]);
    await center.checkFile('altered.pdf', altered);
    await expect
      .poll(() => center.verifyOutcome().textContent())
      .toContain(webEn.reportCenter.verify.mismatch);

    await page.goto(`${stack.appUrl}/search?verify=TR-00000-00000`);
    await center.verifyFailure().waitFor();
    expect(await center.verifyFailure().textContent()).toContain(message('errors.reportNotFound'));
  });

  it('on a report host, every other page leads to /search, which works there', async () => {
    const reportHost = `http://report.localhost:${new URL(stack.appUrl).port}`;
    const address = newVisitorAddress();
    for (const path of ['/', '/login', '/dashboard', '/products', '/api/products']) {
      const response = await visitorRequest(stack, path, {
        address,
        headers: { host: new URL(reportHost).host },
      });
      expect(response.status, path).toBe(302);
      expect(response.headers.location, path).toBe('/search');
    }
    // Chromium resolves *.localhost to this machine: a visitor's browser on a report host.
    await page.goto(`${reportHost}/dashboard?serial=${serial(9)}`);
    await center.root().waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(await center.serial().inputValue()).toBe(serial(9));
    await center.search(serial(9), visitorEmail('host'));
    await center.preview().waitFor();
    const href = await center.pdfLink().getAttribute('href');
    // The PDF link works on the report host too (fetched by the page: only the browser
    // resolves *.localhost).
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        type: response.headers.get('content-type'),
        start: (await response.text()).slice(0, 5),
      };
    }, href ?? '');
    expect(pdf).toEqual({ type: expect.stringContaining('application/pdf'), start: '%PDF-' });
  });

  it('the back office’s sign-in page links to it with a full page load', async () => {
    await page.goto(`${stack.appUrl}/login`);
    await page.locator('[data-testid="report-center-link"]').click();
    await center.root().waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    // The page is search.html, not the back office showing a route.
    expect(await page.locator('script[src*="/assets/search-"]').count()).toBe(1);
  });

  it('both languages and themes, desktop and phone: screenshots, and no serious axe finding', async () => {
    const problems: string[] = [];
    for (const viewport of [
      { name: 'desktop', width: 1400, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const language of ['en', 'zh'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          const look = `${language}-${theme}-${viewport.name}`;
          await setLook(page, language, theme);
          await page.goto(`${stack.appUrl}/search`);
          await center.root().waitFor();
          expect(
            await page.evaluate(() => document.body.classList.contains('awsui-dark-mode')),
          ).toBe(theme === 'dark');
          await shot(`${look}-empty`);
          if (theme === 'dark' && language === 'en') {
            problems.push(...(await seriousViolations(page)).map((v) => `empty ${look}: ${v}`));
          }
          await center.consent().check();
          await center.email().fill('not-an-email');
          await center.submit().click();
          await center.fieldError('report-serial').waitFor();
          await shot(`${look}-errors`);
          await center.search(serial(10), visitorEmail(`look-${language}`));
          await center.preview().waitFor();
          await settled(page); // the preview scrolls into view
          await shot(`${look}-preview`, false);
          await shot(`${look}-preview-full`);
          if (language === 'en') {
            problems.push(...(await seriousViolations(page)).map((v) => `preview ${look}: ${v}`));
          }
          await page.goto(`${stack.appUrl}/search?verify=${english.reportNumber}`);
          await center.verifiedReport().waitFor();
          await shot(`${look}-verify`);
          if (language === 'en' && theme === 'light') {
            problems.push(...(await seriousViolations(page)).map((v) => `verify ${look}: ${v}`));
          }
        }
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    await setLook(page, 'en', 'light');
    expect(problems).toEqual([]);
  }, 300_000);
});
