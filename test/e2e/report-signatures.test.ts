/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import {
  signatureCheckMaxBytes,
  type ReportRequestCreated,
  type SignatureCheck,
} from '../../lambdas/shared/contract/schemas/report-request';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import { ReportCenterPage } from './pages';

/**
 * Signed reports in the browser (issue 28): the preview says the PDF is signed and offers the
 * conformity credential; the verification page says where the report stands, how it is
 * signed, and what the signature of a file a visitor gives it proves: the issued PDF is
 * valid, whole and this product's, with its signer and trusted time; a PDF with one byte
 * changed is not. In both languages and themes, on a laptop and a phone.
 */

const stack = inject('stack');

const prefix = `E2S${randomUUID().slice(0, 5).toUpperCase()}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(6, '0')}`;
const visitorEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const texts = { en: webEn.reportProof, zh: webZh.reportProof } as const;

const laptop = { name: 'laptop', width: 1366, height: 768 } as const;
const phone = { name: 'phone', width: 390, height: 844 } as const;

/** The PDF with one byte of its signed content changed (in the middle of the first range). */
function withOneByteChanged(pdf: Buffer): Buffer {
  const range = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(pdf.toString('latin1'));
  expect(range, 'the PDF has a signature with its byte range').toBeTruthy();
  const changed = Buffer.from(pdf);
  const at = Math.floor(Number(range![2]) / 2);
  changed[at] = changed[at]! ^ 0x01;
  return changed;
}

/** The parts of a compact JWS, its header and payload read. */
function readJws(token: string) {
  const parts = token.trim().split('.');
  expect(parts).toHaveLength(3);
  const json = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: json(parts[0]!), payload: json(parts[1]!) };
}

describe('signed reports and their credentials in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let center: ReportCenterPage;
  /** The English report the first test requests (one request: they are limited per address). */
  let english: ReportRequestCreated;

  const signatureStatus = () => page.locator('[data-testid="verify-signature-status"]');
  const signatureOutcome = () => page.locator('[data-testid="verify-signature"]');
  const credentialLink = (testId: string) => page.locator(`a[data-testid="${testId}"]`);

  beforeAll(async () => {
    const token = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const product = await callApi<Product>(stack, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: `E2E Signed Valve ${prefix}`,
        temperatureMin: -29,
        temperatureMax: 425,
        fluid: 'water',
        connection: 'Flanged',
        pressureFC: null,
        pressureWCB: 25,
        pressureSUS: null,
        application: null,
        applicationMedium: null,
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const range = await callApi<SerialRange>(stack, '/api/serial-numbers', {
      method: 'POST',
      token,
      body: {
        productId: product.body.id,
        startSerial: serial(1),
        endSerial: serial(20),
        productionDate: '2026-05-20',
        bodyMaterial: 'WCB',
      },
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    const machine = await callApi(stack, '/api/machines', {
      method: 'POST',
      token,
      body: { name: 'Bench 2' },
    });
    expect([201, 409], JSON.stringify(machine.body)).toContain(machine.status);
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const upload = await fetch(`${stack.appUrl}/api/machine-data`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: [
        'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes',
        `${serial(3)},Shell test,pass,38.5,bar,${at},Bench 2,Lin,`,
      ].join('\n'),
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    browser = await launchBrowser();
    page = await browser.context.newPage();
    center = new ReportCenterPage(page);
    await page.setViewportSize(laptop);
    await page.goto(`${stack.appUrl}/search`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Requests the report of unit 3 in the page's language; its answer. With `replay`, the
   * server's earlier answer is given again instead (for screenshots: the report requests
   * of a client address are limited, and every e2e file shares the browser's).
   */
  async function requestReport(
    tag: string,
    replay?: ReportRequestCreated,
  ): Promise<ReportRequestCreated> {
    await page.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    if (replay) {
      await page.route(
        '**/api/report-requests',
        (route) => route.fulfill({ status: 201, json: replay }),
        { times: 1 },
      );
    }
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/report-requests') && response.request().method() === 'POST',
    );
    await center.search(serial(3), visitorEmail(tag));
    const response = await answer;
    expect(response.status()).toBe(201);
    await center.preview().waitFor();
    return (await response.json()) as ReportRequestCreated;
  }

  /** Gives the verify page a file and waits for what the signature check says of it. */
  async function checkFile(name: string, bytes: Buffer): Promise<SignatureCheck> {
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests/signature-check'),
    );
    await center.checkFile(name, bytes);
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    const check = (await response.json()) as SignatureCheck;
    await signatureOutcome().waitFor();
    return check;
  }

  it('the preview says the PDF is signed and timestamped, and gives the PDF and the credential', async () => {
    await setLook(page, 'en', 'light');
    const report = await requestReport('signed');
    english = report;
    expect(report.signature).toEqual({ timestamped: true });
    const signature = page.locator('[data-testid="report-signature"]');
    expect(await signature.getAttribute('data-timestamped')).toBe('true');
    expect(await signature.textContent()).toContain(texts.en.preview.signed);

    // The PDF, as "View PDF" gives it: the issued file, signed.
    const pdf = await (await page.request.get(`${stack.appUrl}${report.pdfUrl}`)).body();
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(report.fingerprint);
    expect(pdf.toString('latin1')).toContain('/ETSI.CAdES.detached');

    // The credential, downloaded as <report number>.jwt: a JWS whose payload is a
    // verifiable credential naming this report.
    const link = credentialLink('report-credential-link');
    expect(await link.getAttribute('href')).toBe(report.credentialUrl);
    expect(await link.getAttribute('download')).toBe(`${report.reportNumber}.jwt`);
    expect(await page.locator('[data-testid="report-preview"]').textContent()).toContain(
      texts.en.preview.credentialHelp,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${report.reportNumber}.jwt`);
    const credential = readFileSync((await download.path())!, 'utf8');
    const { header, payload } = readJws(credential);
    expect(header.alg).toBe('ES256');
    expect(payload.type).toEqual(expect.arrayContaining(['VerifiableCredential']));
    expect(JSON.stringify(payload)).toContain(report.reportNumber);
    const served = await page.request.get(report.credentialUrl);
    expect(served.headers()['content-type']).toContain('application/vc+jwt');
    expect(await served.text()).toBe(credential);
  });

  it('the verify page: standing, signature and credential; the issued PDF is valid, one byte changed is not', async () => {
    expect(english, 'the report was requested first').toBeDefined();
    const report = english;
    const pdf = await (await page.request.get(`${stack.appUrl}${report.pdfUrl}`)).body();

    await page.goto(`${stack.appUrl}/search?verify=${report.reportNumber}`);
    await center.verifiedReport().waitFor();
    expect(await page.locator('[data-testid="verify-current"]').textContent()).toContain(
      texts.en.verify.current,
    );
    expect(await signatureStatus().getAttribute('data-signature')).toBe('timestamped');
    expect(await signatureStatus().textContent()).toBe(texts.en.verify.signed);
    const link = credentialLink('verify-credential-link');
    expect(await link.getAttribute('href')).toBe(report.credentialUrl);
    expect(await link.getAttribute('download')).toBe(`${report.reportNumber}.jwt`);

    const check = await checkFile('report.pdf', pdf);
    expect(check).toMatchObject({
      signed: true,
      valid: true,
      wholeDocument: true,
      trusted: true,
      timestamped: true,
    });
    expect(await signatureOutcome().getAttribute('data-verdict')).toBe('valid');
    const shown = (await signatureOutcome().textContent()) ?? '';
    for (const text of [
      texts.en.check.valid,
      texts.en.check.intact,
      texts.en.check.whole,
      texts.en.check.trusted,
    ]) {
      expect(shown, text).toContain(text);
    }
    const signer = [...new Set([check.signer?.commonName, check.signer?.organization])]
      .filter(Boolean)
      .join(', ');
    expect(signer).not.toBe('');
    expect(await page.locator('[data-testid="verify-signature-signer"]').textContent()).toBe(
      texts.en.check.signer.replace('{{signer}}', signer),
    );
    // The trusted time, as the page writes times (the year, and the authority named).
    const time = (await page.locator('[data-testid="verify-signature-time"]').textContent()) ?? '';
    expect(time).toContain(String(new Date(check.signedAt!).getFullYear()));
    expect(time).toContain('a time confirmed by a trusted timestamp authority');
    expect(await center.verifyOutcome().textContent()).toContain(webEn.reportCenter.verify.match);

    const changed = await checkFile('changed.pdf', withOneByteChanged(pdf));
    expect(changed.valid).toBe(false);
    await expect.poll(() => signatureOutcome().getAttribute('data-verdict')).toBe('invalid');
    expect(await signatureOutcome().textContent()).toContain(texts.en.check.invalid);
    expect(await page.locator('[data-testid="verify-signature-intact"]').textContent()).toBe(
      texts.en.check.changed,
    );
    expect(await page.locator('[data-testid="verify-signature-trusted"]').count()).toBe(0);
    await expect
      .poll(() => center.verifyOutcome().textContent())
      .toContain(webEn.reportCenter.verify.mismatch);
  });

  it('refuses a file above the limit in the page, sending nothing', async () => {
    expect(english, 'the report was requested first').toBeDefined();
    const report = english;
    await page.goto(`${stack.appUrl}/search?verify=${report.reportNumber}`);
    await center.verifiedReport().waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/signature-check')) sent.push(request.url());
    });
    const large = Buffer.alloc(signatureCheckMaxBytes + 1, 0x20);
    large.write('%PDF-1.7\n');
    await center.checkFile('large.pdf', large);
    await expect
      .poll(() => center.verifyOutcome().textContent())
      .toBe(texts.en.check.tooLarge.replace('{{size}}', '750'));
    // The refusal is the page's own: nothing went to the server, nor is on its way.
    expect(await signatureOutcome().count()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('both languages and themes, laptop and phone: preview, valid and changed files (screenshots, axe, no raw keys)', async () => {
    const answers: Partial<Record<'en' | 'zh', ReportRequestCreated>> = { en: english };
    const problems: string[] = [];
    for (const viewport of [laptop, phone]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const language of ['en', 'zh'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          const look = `report-signatures-${language}-${theme}-${viewport.name}`;
          await setLook(page, language, theme);
          const report = await requestReport(`look-${language}`, answers[language]);
          answers[language] = report;
          expect(await page.locator('[data-testid="report-signature"]').textContent()).toBe(
            texts[language].preview.signed,
          );
          // The end of the preview: fingerprint, signature, credential.
          await credentialLink('report-credential-link').scrollIntoViewIfNeeded();
          await settled(page);
          await page.screenshot({ path: join(artifactsDir, `${look}-preview.png`) });

          const pdf = await (await page.request.get(`${stack.appUrl}${report.pdfUrl}`)).body();
          await page.goto(`${stack.appUrl}/search?verify=${report.reportNumber}`);
          await center.verifiedReport().waitFor();
          expect(await signatureStatus().textContent()).toBe(texts[language].verify.signed);
          await checkFile('report.pdf', pdf);
          expect(await signatureOutcome().getAttribute('data-verdict')).toBe('valid');
          expect(await signatureOutcome().textContent()).toContain(texts[language].check.valid);
          await settled(page);
          await screenshot(page, `${look}-verify-valid`);
          if (theme === 'light' && viewport === laptop) {
            problems.push(
              ...(await seriousViolations(page, stack.appUrl)).map((found) => `${look}: ${found}`),
            );
          }
          if (language === 'zh') {
            // Keys without a translation show as keys ("reportProof.check.valid").
            problems.push(
              ...(await untranslated(page, [], [])).map((found) => `${look}: "${found}"`),
            );
          }
          await checkFile('changed.pdf', withOneByteChanged(pdf));
          await expect.poll(() => signatureOutcome().getAttribute('data-verdict')).toBe('invalid');
          expect(await signatureOutcome().textContent()).toContain(texts[language].check.invalid);
          await settled(page);
          await screenshot(page, `${look}-verify-changed`);
        }
      }
    }
    await page.setViewportSize(laptop);
    await setLook(page, 'en', 'light');
    expect(problems).toEqual([]);
  }, 300_000);
});
