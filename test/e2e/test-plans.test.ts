import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { message } from '../../lambdas/shared/contract/messages';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type {
  ReportRequestCreated,
  ReportVerdict,
} from '../../lambdas/shared/contract/schemas/report-request';
import type { SiteSettings } from '../../lambdas/shared/contract/schemas/settings';
import type { TestPlan } from '../../lambdas/shared/contract/schemas/test-plan';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { createStaffAccount } from '../support/staff-accounts';
import { pdfText } from '../support/pdf';
import { openPage, screenshot, seriousViolations, setLook, settled, untranslated } from './checks';
import {
  AppShell,
  LoginPage,
  MachineDataPage,
  RecordHistory,
  ReportCenterPage,
  SearchHistoryPage,
  TestPlanEditor,
} from './pages';

/**
 * Test plans as a plant meets them (issue 16): a staff member builds a product's plan
 * from the valve template on its page and saves it (then saves over a colleague's newer
 * version knowingly); a bench sends results through the machine-data API; a visitor gets
 * a `pass` report for a fully tested unit and an `incomplete` one for a unit missing a
 * required test, in English and Chinese, with its PDF; verifying that report later says
 * newer results exist and leads to a new request. Screenshots in both languages and
 * themes (`test-artifacts/test-plans-*`), PDFs rendered to PNG, axe on every page.
 */
const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Plan Valve ${tag}`;
const approverName = `Plan Approver ${tag}`;
const staffEmail = `plan.staff.${tag.toLowerCase()}@example.com`;
const staffPassword = 'Plan-Approver-2026!';
const prefix = `PL${tag}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
const visitorEmail = (name: string) => `${name}.${tag.toLowerCase()}@example.com`;

const shellWcb = 'Shell test (WCB)';
const seatWcb = 'Seat test high pressure (WCB)';
const gasSeat = 'Seat test low pressure (gas)';

/** English words of these pages that must not remain on their Chinese version. */
const englishWords = [
  'Test plan',
  'Fill from valve template',
  'Save test plan',
  'Add test',
  'Required',
  'Lower limit',
  'Upper limit',
  'Hold time',
  'Remove',
  'Version',
  'Approved',
  'Method',
  'Limit',
  'Measured value',
  'Not yet tested',
  'Other results',
  'Required tests',
  'INCOMPLETE',
  'PASS',
  'Incomplete',
  'Pass',
  'Verdict',
  'History',
  'Test results',
  'newer result',
];
/** Test data in English on purpose (test names, methods, names). */
const data = [
  productName,
  approverName,
  'Shell test',
  'Seat test',
  'API 598',
  'Paint',
  'Flanged',
  'Water supply',
  tag,
  'E2E',
];

/**
 * The approver as the API names it: the account's name from its ID token, else its email
 * (cognito-local's tokens carry no `name`, so locally it is the email).
 */
let approver = '';
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
const bench = (
  n: number,
  testName: string,
  result: 'pass' | 'fail',
  value: number,
  unit = 'bar',
) => ({
  serialNumber: serial(n),
  testName,
  result,
  value,
  unit,
  testedAt: new Date(Date.now() - 120_000).toISOString(),
  operator: 'Chen',
});

/** Saves the verdicts visitors may receive (site settings), over the version read just before. */
async function publicVerdicts(verdicts: ReportVerdict[]) {
  const current = await asAdmin<SiteSettings>('/api/settings');
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  const saved = await asAdmin('/api/settings', 'PUT', {
    publicVerdicts: verdicts,
    version: current.body.version,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Keeps a report's PDF in the artifacts and renders its pages to PNG (60 dpi) for a person to look at. */
function keepPdf(name: string, bytes: Buffer): string[] {
  const file = join(artifactsDir, `test-plans-${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    file,
    join(artifactsDir, `test-plans-${name}-pdf`),
  ]);
  return readdirSync(artifactsDir).filter(
    (entry) => entry.startsWith(`test-plans-${name}-pdf`) && entry.endsWith('.png'),
  );
}

describe('test plans in the browser: the editor, judged results and verdicts', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  /** The staff member's page (signed in), and a visitor's (never signed in). */
  let staff: Page;
  let visitor: Page;
  let center: ReportCenterPage;
  /** The plan's PUTs the staff member's page sent. */
  const planWrites: Request[] = [];
  /** The English `incomplete` report, verified once newer results arrive. */
  let incomplete: ReportRequestCreated;

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    // An account an admin made, whose person has chosen their own password at first sign-in.
    await createStaffAccount(stack, adminToken, {
      name: approverName,
      email: staffEmail,
      password: staffPassword,
      role: 'staff',
    });
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
    const range = await asAdmin('/api/serial-numbers', 'POST', {
      productId: product.id,
      startSerial: serial(1),
      endSerial: serial(100),
      productionDate: '2026-06-01',
      // The product is rated in WCB and SUS: the units are WCB, as the bench's tests are.
      bodyMaterial: 'WCB',
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', {
      name: `Plan bench ${tag}`,
    });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    machineKey = machine.body.key;
    // This file reads incomplete reports: visitors may receive every verdict meanwhile.
    await publicVerdicts(['pass', 'fail', 'incomplete', 'untested']);

    browser = await launchBrowser();
    staff = await browser.context.newPage();
    staff.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/test-plan')) {
        planWrites.push(request);
      }
    });
    await staff.goto(`${stack.appUrl}/login`);
    await setLook(staff, 'en', 'light');
    await new LoginPage(staff).signIn(staffEmail, staffPassword);
    await staff.waitForURL(/\/dashboard$/);
    // A profile (and window) of its own: never signed in, and not a tab behind the staff page.
    visitor = await (await browser.newContext()).newPage();
    center = new ReportCenterPage(visitor);
  });

  afterAll(async () => {
    await browser?.close();
    // The defaults again: PASS and FAIL only.
    if (adminToken) await publicVerdicts(['pass', 'fail']);
  });

  it('a staff member fills the plan from the valve template, reviews it and saves version 1', async () => {
    await openPage(staff, `${stack.appUrl}/edit-product/${product.id}`, 'test-plan-form');
    const editor = new TestPlanEditor(staff);
    expect(await text(editor.root())).toContain(webEn.testPlan.none);

    await editor.fillFromTemplate();
    expect(await editor.names()).toEqual([
      shellWcb,
      seatWcb,
      'Shell test (SUS)',
      'Seat test high pressure (SUS)',
      gasSeat,
    ]);
    // The template's numbers, from the product's own ratings (WCB 25 bar, SUS 20 bar).
    expect(await editor.field(0, 'lower').inputValue()).toBe('37.5');
    expect(await editor.field(1, 'lower').inputValue()).toBe('27.5');
    expect(await editor.field(2, 'lower').inputValue()).toBe('30');
    expect(await editor.field(4, 'lower').inputValue()).toBe('4');
    expect(await editor.field(4, 'upper').inputValue()).toBe('7');
    const notice = await text(editor.templateNotice());
    for (const part of ['WCB 25 bar', 'SUS 20 bar', '1.5 ×', '1.1 ×', 'API 598', 'ISO 5208 P12']) {
      expect(notice, part).toContain(part);
    }
    await screenshot(staff, 'test-plans-editor-template-en-light');

    // Checked in the browser with the shared schema: nothing is sent while a test is wrong.
    await editor.field(0, 'upper').fill('10');
    await editor.field(1, 'method').fill('');
    await editor.save().click();
    await editor.fieldError(0, 'upper').waitFor();
    expect(await text(editor.fieldError(0, 'upper'))).toBe(message('validation.limitOrder'));
    expect(await text(editor.fieldError(1, 'method'))).toBe(message('validation.required'));
    // The first field with a message has the focus.
    expect(
      await editor.field(0, 'upper').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    expect(planWrites).toEqual([]);
    await screenshot(staff, 'test-plans-editor-errors-en-light');
    await editor.field(0, 'upper').fill('');
    await editor
      .field(1, 'method')
      .fill(
        'API 598 high-pressure closure test, water at 1.1 × rated pressure (25 bar); ISO 5208 P11',
      );
    expect(await editor.fieldError(0, 'upper').count()).toBe(0);

    // A unit is made of one material: this product's units are WCB; a 4" valve holds 120 s.
    await staff.getByRole('button', { name: 'Remove Seat test high pressure (SUS)' }).click();
    await staff.getByRole('button', { name: 'Remove Shell test (SUS)' }).click();
    await editor.field(0, 'holdSeconds').fill('120');
    // Move the gas test up and back again, as a person trying the order might.
    await staff.getByRole('button', { name: `Move ${gasSeat} up` }).click();
    expect(await editor.names()).toEqual([shellWcb, gasSeat, seatWcb]);
    await staff.getByRole('button', { name: `Move ${gasSeat} down` }).click();
    expect(await editor.names()).toEqual([shellWcb, seatWcb, gasSeat]);

    await editor.save().click();
    await expect
      .poll(async () => (await new AppShell(staff).toasts().allTextContents()).join(' | '))
      .toContain('Test plan saved as version 1');
    expect(planWrites).toHaveLength(1);
    const sent = planWrites[0]!.postDataJSON() as {
      tests: { name: string; lower: number | null; upper: number | null; holdSeconds: number }[];
      version: number;
      allowExtraTests: boolean;
    };
    expect(sent.version).toBe(0);
    expect(sent.allowExtraTests).toBe(false);
    expect(sent.tests.map((test) => [test.name, test.lower, test.upper, test.holdSeconds])).toEqual(
      [
        [shellWcb, 37.5, null, 120],
        [seatWcb, 27.5, null, 60],
        [gasSeat, 4, 7, 60],
      ],
    );
    const stored = await asAdmin<TestPlan>(`/api/products/${product.id}/test-plan`);
    expect(stored.body).toMatchObject({ version: 1, approvedBy: { email: staffEmail } });
    approver = stored.body.approvedBy.name;
    expect([approverName, staffEmail]).toContain(approver);
    const version = await text(editor.version());
    expect(version).toContain('Version 1');
    expect(version).toContain(`${approver} (Staff)`);
    expect(await editor.templateNotice().count()).toBe(0);

    const history = new RecordHistory(staff);
    await history.expand();
    await expect.poll(() => history.rows().count()).toBeGreaterThan(1);
    const newest = await text(history.rows().first());
    for (const part of [
      staffEmail,
      'Test plan',
      '— →changed to Version 1',
      `Test: ${shellWcb}`,
      'limit ≥ 37.5 bar; for WCB; required; held 120 s; method: API 598 shell test',
      `Test: ${gasSeat}`,
      'limit 4 – 7 bar',
    ]) {
      expect(newest, part).toContain(part);
    }
  });

  it('saves over a colleague’s newer version only after reloading it, and History shows each version', async () => {
    // An admin changes the gas test's hold time meanwhile (version 2).
    const current = await asAdmin<TestPlan>(`/api/products/${product.id}/test-plan`);
    const saved = await asAdmin<TestPlan>(`/api/products/${product.id}/test-plan`, 'PUT', {
      tests: current.body.tests.map((test) =>
        test.name === gasSeat ? { ...test, holdSeconds: 30 } : test,
      ),
      allowExtraTests: false,
      version: current.body.version,
    });
    expect(saved.body.version).toBe(2);

    const editor = new TestPlanEditor(staff);
    await staff.locator('[data-testid="test-plan-allow-extra"] input').check();
    await editor.save().click();
    await staff.locator('[data-testid="test-plan-stale"]').waitFor();
    expect(await text(staff.locator('[data-testid="test-plan-stale"]'))).toContain(
      message('errors.aborted'),
    );
    await staff.locator('[data-testid="test-plan-reload"]').click();
    await staff.locator('[data-testid="test-plan-reloaded"]').waitFor();
    expect(await text(staff.locator('[data-testid="test-plan-reloaded"]'))).toContain(gasSeat);
    // What was typed stays.
    expect(await staff.locator('[data-testid="test-plan-allow-extra"] input').isChecked()).toBe(
      true,
    );
    await editor.save().click();
    await expect
      .poll(async () => (await new AppShell(staff).toasts().allTextContents()).join(' | '))
      .toContain('Test plan saved as version 3');
    expect(
      planWrites.map((request) => (request.postDataJSON() as { version: number }).version),
    ).toEqual([0, 1, 2]);
    expect(await text(editor.version())).toContain('Version 3');

    // Saving the same plan again makes no version: there is nothing to change.
    await editor.save().click();
    await expect.poll(() => text(editor.root())).toContain(message('validation.emptyUpdate'));
    expect(planWrites).toHaveLength(3);

    const history = new RecordHistory(staff);
    await expect
      .poll(() => text(history.rows().first()))
      .toContain('Version 2 →changed to Version 3');
    const newest = await text(history.rows().first());
    expect(newest).toContain(`Test: ${gasSeat}`);
    expect(newest).toContain('held 30 s →changed to held 60 s');
    expect(newest).toContain('Other tests accepted');
    expect(newest).not.toContain(`Test: ${shellWcb}`);
    expect(await text(history.rows().nth(1))).toContain('held 60 s →changed to held 30 s');
    await screenshot(staff, 'test-plans-editor-en-light');
  });

  it('shows the editor and its History in both languages and themes, translated and accessible', async () => {
    const problems: string[] = [];
    for (const [language, theme] of [
      ['zh', 'light'],
      ['zh', 'dark'],
      ['en', 'dark'],
    ] as const) {
      await setLook(staff, language, theme);
      await openPage(staff, `${stack.appUrl}/edit-product/${product.id}`, 'test-plan-form');
      const editor = new TestPlanEditor(staff);
      await expect.poll(() => editor.tests().count()).toBe(3);
      await new RecordHistory(staff).expand();
      await expect.poll(() => new RecordHistory(staff).rows().count()).toBeGreaterThan(2);
      if (language === 'zh') {
        const shown = await text(editor.root());
        expect(shown).toContain(webZh.testPlan.title);
        expect(shown).toContain('第 3 版');
        expect(shown).toContain(`${approver}（員工）`);
        if (theme === 'light') {
          await editor.fillFromTemplate();
          await staff.locator('[data-testid="test-plan-template-modal-confirm"]').click();
          await editor.templateNotice().waitFor();
          for (const found of await untranslated(staff, englishWords, data)) {
            problems.push(`editor ${language}: "${found}"`);
          }
        }
      } else {
        for (const violation of await seriousViolations(staff, stack.appUrl)) {
          problems.push(`editor ${language}-${theme}: ${violation}`);
        }
      }
      await screenshot(staff, `test-plans-editor-${language}-${theme}`);
    }
    expect(problems).toEqual([]);
    await setLook(staff, 'en', 'light');
  });

  it('a bench sends results; each is judged against the plan, and machine data shows the limit and version', async () => {
    const refused = await ingest([bench(1, shellWcb, 'pass', 30)]);
    expect(refused.status).toBe(400);
    const stored = await ingest([
      bench(1, shellWcb, 'pass', 38),
      bench(1, seatWcb, 'pass', 28),
      bench(1, gasSeat, 'pass', 6),
      // Version 3 accepts other tests: shown as other results, never deciding the verdict.
      bench(1, 'Paint thickness', 'pass', 120, 'µm'),
      bench(2, shellWcb, 'pass', 38.5),
    ]);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({ stored: 5 });

    await setLook(staff, 'en', 'light');
    await openPage(staff, `${stack.appUrl}/machine-data?serial=${serial(1)}`, 'results-table');
    const machineData = new MachineDataPage(staff);
    await expect.poll(() => machineData.resultRows().count()).toBe(4);
    const shell = await text(machineData.resultRows().filter({ hasText: shellWcb }));
    expect(shell).toContain('≥ 37.5 bar');
    expect(shell).toContain('Plan version 3');
    expect(shell).toContain('Pass');
    await screenshot(staff, 'test-plans-machine-data-en-light');
  });

  it('a visitor gets a pass report with the plan’s rows, its approver and the PDF', async () => {
    await visitor.goto(`${stack.appUrl}/search`);
    await setLook(visitor, 'en', 'light');
    await visitor.goto(`${stack.appUrl}/search?serial=${serial(1)}`);
    await center.root().waitFor();
    const answer = visitor.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests'),
    );
    await center.search(serial(1), visitorEmail('pass'));
    const report = (await (await answer).json()) as ReportRequestCreated;
    expect(report.verdict).toBe('pass');
    await center.preview().waitFor();
    expect(await center.verdict().getAttribute('data-verdict')).toBe('pass');
    expect(await text(center.verdict())).toContain(message('report.verdicts.pass'));

    const required = visitor.locator('[data-testid="report-tests-required"] tbody tr');
    expect(await required.count()).toBe(3);
    const shell = await text(required.first());
    for (const part of [shellWcb, 'API 598 shell test', '≥ 37.5 bar', '38 bar', 'Pass', 'Chen']) {
      expect(shell, part).toContain(part);
    }
    expect(await required.nth(2).textContent()).toContain('4 – 7 bar');
    const other = visitor.locator('[data-testid="report-tests-other"] tbody tr');
    expect(await other.count()).toBe(1);
    expect(await text(other.first())).toContain('120 µm');
    const preview = await text(center.preview());
    expect(preview).toContain('Required tests (test plan version 3)');
    expect(preview).toMatch(
      new RegExp(`Test plan version 3 approved by ${approver} \\(Staff member\\) on `),
    );
    expect(preview).toContain(message('report.resultsRelate'));
    await settled(visitor); // the preview scrolls into view
    await screenshot(visitor, 'test-plans-preview-pass-en-light');

    const pdf = await visitor.request.get(`${stack.appUrl}${report.pdfUrl}`);
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    const pdfWords = pdfText(bytes).replace(/\s+/g, ' ');
    for (const part of [
      'PASS',
      'Required tests (test plan version 3)',
      '≥ 37.5 bar',
      `approved by ${approver} (Staff member)`,
    ]) {
      expect(pdfWords, part).toContain(part);
    }
    expect(keepPdf('pass-en', bytes).length).toBeGreaterThan(0);
  });

  it('a visitor gets an incomplete report for a unit missing required tests, in English and Chinese', async () => {
    await visitor.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    const answer = visitor.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests'),
    );
    await center.search(serial(2), visitorEmail('incomplete'));
    incomplete = (await (await answer).json()) as ReportRequestCreated;
    expect(incomplete.verdict).toBe('incomplete');
    await center.preview().waitFor();
    expect(await center.verdict().getAttribute('data-verdict')).toBe('incomplete');
    expect(await text(center.verdict())).toContain(message('report.verdicts.incomplete'));
    const required = visitor.locator('[data-testid="report-tests-required"] tbody tr');
    expect(await required.count()).toBe(3);
    expect(await required.first().getAttribute('data-outcome')).toBe('pass');
    for (const index of [1, 2]) {
      expect(await required.nth(index).getAttribute('data-outcome')).toBe('missing');
      expect(await text(required.nth(index))).toContain(message('report.notYetTested'));
    }
    await settled(visitor);
    await screenshot(visitor, 'test-plans-preview-incomplete-en-light');
    const problems: string[] = [];
    for (const violation of await seriousViolations(visitor, stack.appUrl)) {
      problems.push(`preview en-light: ${violation}`);
    }
    // The theme "system" follows the device, live: the same preview in dark.
    await visitor.evaluate(() =>
      localStorage.setItem('ui-preferences', JSON.stringify({ theme: 'system' })),
    );
    const bytes = await (await visitor.request.get(`${stack.appUrl}${incomplete.pdfUrl}`)).body();
    const pdfWords = pdfText(bytes).replace(/\s+/g, ' ');
    for (const part of ['INCOMPLETE', 'Not yet tested', gasSeat, '— End of report —']) {
      expect(pdfWords, part).toContain(part);
    }
    keepPdf('incomplete-en', bytes);

    // Chinese: the page, the preview and the PDF.
    await visitor.emulateMedia({ colorScheme: 'light' });
    await visitor.goto(`${stack.appUrl}/search`);
    await center.root().waitFor();
    await center.switchLanguage('zh');
    const zhAnswer = visitor.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests'),
    );
    await center.search(serial(2), visitorEmail('incomplete.zh'));
    const zhReport = (await (await zhAnswer).json()) as ReportRequestCreated;
    expect(zhReport.language).toBe('zh');
    await center.preview().waitFor();
    const preview = await text(center.preview());
    for (const key of [
      'report.verdicts.incomplete',
      'report.notYetTested',
      'report.method',
      'report.limit',
    ] as const) {
      expect(preview, key).toContain(message(key, {}, 'zh'));
    }
    expect(preview).toContain(message('report.requiredTests', { version: 3 }, 'zh'));
    expect(preview).toContain(`${approver}（員工）`);
    for (const found of await untranslated(visitor, englishWords, [...data, 'Chen', 'bar'])) {
      problems.push(`preview zh: "${found}"`);
    }
    await settled(visitor);
    await screenshot(visitor, 'test-plans-preview-incomplete-zh-light');
    await visitor.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => visitor.evaluate(() => document.body.classList.contains('awsui-dark-mode')))
      .toBe(true);
    await screenshot(visitor, 'test-plans-preview-incomplete-zh-dark');
    const zhBytes = await (await visitor.request.get(`${stack.appUrl}${zhReport.pdfUrl}`)).body();
    const zhWords = pdfText(zhBytes).replace(/\s+/g, ' ');
    expect(zhWords).toContain(message('report.verdicts.incomplete', {}, 'zh'));
    expect(zhWords).toContain(message('report.notYetTested', {}, 'zh'));
    keepPdf('incomplete-zh', zhBytes);
    await center.switchLanguage('en');
    await screenshot(visitor, 'test-plans-preview-incomplete-en-dark');
    for (const violation of await seriousViolations(visitor, stack.appUrl)) {
      problems.push(`preview en-dark: ${violation}`);
    }
    await visitor.emulateMedia({ colorScheme: 'light' });
    expect(problems).toEqual([]);
  });

  it('verifying the incomplete report after the missing results arrive leads to a new, passing report', async () => {
    const stored = await ingest([bench(2, seatWcb, 'pass', 27.6), bench(2, gasSeat, 'pass', 5)]);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const problems: string[] = [];
    for (const [language, theme] of [
      ['en', 'light'],
      ['zh', 'light'],
      ['zh', 'dark'],
      ['en', 'dark'],
    ] as const) {
      await visitor.emulateMedia({ colorScheme: theme });
      // The theme "system" follows the device: the emulated colour scheme chooses.
      await visitor.evaluate((chosen) => {
        localStorage.setItem('lang', chosen);
        localStorage.setItem('ui-preferences', JSON.stringify({ theme: 'system' }));
      }, language);
      await visitor.goto(`${stack.appUrl}/search?verify=${incomplete.reportNumber}`);
      await center.verifiedReport().waitFor();
      const superseded = visitor.locator('[data-testid="verify-superseded"]');
      await superseded.waitFor();
      const words = language === 'en' ? webEn : webZh;
      expect(await text(superseded)).toContain(words.reportCenter.verify.requestNew);
      // The catalogue's sentence, up to the date it names.
      const since = message('report.newerResults', { date: '\u0000' }, language).split(
        '\u0000',
      )[0]!;
      expect(await text(superseded)).toContain(since);
      if (language === 'zh' && theme === 'light') {
        for (const found of await untranslated(visitor, englishWords, data)) {
          problems.push(`verify zh: "${found}"`);
        }
      }
      if (language === 'en' && theme === 'light') {
        for (const violation of await seriousViolations(visitor, stack.appUrl)) {
          problems.push(`verify: ${violation}`);
        }
      }
      await screenshot(visitor, `test-plans-verify-${language}-${theme}`);
    }
    expect(problems).toEqual([]);
    await visitor.emulateMedia({ colorScheme: 'light' });
    await setLook(visitor, 'en', 'light');
    await visitor.goto(`${stack.appUrl}/search?verify=${incomplete.reportNumber}`);
    // The fingerprint of the old report still matches: it stays verifiable as issued.
    expect(await text(center.verifiedFingerprint())).toBe(incomplete.fingerprint);
    expect(await text(visitor.locator('[data-testid="verify-superseded"]'))).toContain(
      'A newer result exists for this unit since',
    );

    await visitor.locator('[data-testid="verify-request-new"]').click();
    await center.root().waitFor();
    expect(new URL(visitor.url()).searchParams.get('serial')).toBe(serial(2));
    expect(await center.serial().inputValue()).toBe(serial(2));
    const answer = visitor.waitForResponse((response) =>
      response.url().endsWith('/api/report-requests'),
    );
    await center.search(serial(2), visitorEmail('again'));
    expect(((await (await answer).json()) as ReportRequestCreated).verdict).toBe('pass');
    await center.preview().waitFor();
    expect(await center.verdict().getAttribute('data-verdict')).toBe('pass');
  });

  it('the search history shows each request’s verdict, in both languages and themes', async () => {
    const problems: string[] = [];
    for (const [language, theme] of [
      ['en', 'light'],
      ['zh', 'light'],
      ['zh', 'dark'],
      ['en', 'dark'],
    ] as const) {
      await setLook(staff, language, theme);
      await openPage(staff, `${stack.appUrl}/searches`, 'searches-table');
      const history = new SearchHistoryPage(staff);
      await history.serial().fill(serial(2));
      await expect.poll(() => history.rows().count()).toBe(3);
      const verdicts = await history
        .rows()
        .locator('[data-verdict]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-verdict')));
      // Newest first: the new report passed; both earlier ones were incomplete.
      expect(verdicts).toEqual(['pass', 'incomplete', 'incomplete']);
      const words = language === 'en' ? webEn : webZh;
      expect(await text(history.table())).toContain(words.verdict.incomplete);
      if (language === 'zh' && theme === 'light') {
        for (const found of await untranslated(staff, englishWords, data)) {
          problems.push(`search history zh: "${found}"`);
        }
      }
      if (language === 'en' && theme === 'dark') {
        for (const violation of await seriousViolations(staff, stack.appUrl)) {
          problems.push(`search history: ${violation}`);
        }
      }
      await screenshot(staff, `test-plans-searches-${language}-${theme}`);
    }
    expect(problems).toEqual([]);
    await setLook(staff, 'en', 'light');
  });
});
