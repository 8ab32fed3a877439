import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import type { StaffList, StaffMember } from '../../lambdas/shared/contract/schemas/staff';
import { callApi } from '../support/api';
import { launchBrowser } from '../support/browser';
import { createUser, signIn } from '../support/cognito';
import { openPage, screenshot, seriousViolations, setLook, untranslated } from './checks';
import {
  ActivityPage,
  AppShell,
  choose,
  chooseDateRange,
  chooseFromList,
  chooseFromMenu,
  LoginPage,
  RecordHistory,
} from './pages';

const stack = inject('stack');

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Audit Valve ${tag}`;
const renamed = `E2E Audit Valve ${tag} Mk2`;
/** Typed into a product field: an export must not hand it to a spreadsheet as a formula. */
const formulaText = `=1+2 heating ${tag}`;
const staffName = `Audit Person ${tag}`;
/** The product a range of this run moves to: its History names both. */
const otherProductName = `E2E Audit Globe ${tag}`;
const rangeStart = `EA${tag}-0001`;
const rangeEnd = `EA${tag}-0010`;
const rangeLabel = `${rangeStart} – ${rangeEnd}`;
const staffEmail = `audit.${tag.toLowerCase()}@example.com`;

/** Updates through the API before the page edit: 1 create + 21 + 1 = 23 entries, two pages. */
const apiUpdates = 21;

let adminToken = '';
const asAdmin = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  callApi<T>(stack, path, { ...options, token: adminToken });

const today = () => new Date().toISOString().slice(0, 10);
/** A changed value as a History line reads (the arrow is named for screen readers). */
const change = (from: string, to: string, words = 'changed to') => `${from} →${words} ${to}`;
const text = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

/** English words of these pages that must not remain on their Chinese version. */
const englishWords = [
  'History',
  'Activity',
  'Created',
  'Updated',
  'Deleted',
  'Load more',
  'When',
  'Who',
  'What',
  'Changes',
  'Record',
  'Product name',
  'Connection',
  'Application',
  'All kinds',
  'Kind of record',
  'Any record',
  'Person or machine',
  'Anyone',
  'All actions',
  'Export CSV',
  'Any date',
  'changes shown',
  'changed to',
  'Loading',
];

/** A UUID, as record and account ids are written: never for a person to read or hear. */
const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Ids a person would see or a screen reader would say on the page: in its text (hidden text
 * included: a screen reader reads it) and in accessible names and descriptions.
 */
async function idsShown(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const found: string[] = [];
    const uuid = new RegExp(source, 'i');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.tagName === 'SCRIPT' || parent.tagName === 'STYLE') continue;
      const text = node.textContent ?? '';
      if (uuid.test(text)) found.push(`text: ${text.trim()}`);
    }
    const attributes = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'alt'];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of attributes) {
        const value = element.getAttribute(attribute);
        if (value && uuid.test(value)) found.push(`${attribute}: ${value}`);
      }
    }
    return found;
  }, uuidPattern);
}

/** Every request to the audit trail a page makes. */
function auditRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/audit')) seen.push(request);
  });
  return seen;
}

describe('audit trail in the browser: record histories and the Activity page', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let product: Product;
  let otherProduct: Product;
  let range: SerialRange;
  let adminId = '';
  /** The admin as entries name them: by name, or by email for an account without one. */
  let adminName = '';
  let requests: Request[];
  /** Uncaught errors and console errors of the admin's page, to explain a page that never shows. */
  const pageErrors: string[] = [];

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const fields = {
      name: productName,
      temperatureMin: -10,
      temperatureMax: 180,
      fluid: 'water',
      connection: 'Flanged, PN0',
      pressureFC: 16,
      pressureWCB: 25,
      pressureSUS: 25,
      application: null,
      applicationMedium: null,
    };
    const created = await asAdmin<Product>('/api/products', { method: 'POST', body: fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = created.body;
    for (let n = 1; n <= apiUpdates; n++) {
      const updated = await asAdmin<Product>(`/api/products/${product.id}`, {
        method: 'PUT',
        body: { ...fields, connection: `Flanged, PN${n}`, version: product.version },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      product = updated.body;
    }
    // A range of the product, moved to another: its History names both products.
    const other = await asAdmin<Product>('/api/products', {
      method: 'POST',
      body: { ...fields, name: otherProductName },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    otherProduct = other.body;
    const made = await asAdmin<SerialRange>('/api/serial-numbers', {
      method: 'POST',
      body: {
        productId: product.id,
        startSerial: rangeStart,
        endSerial: rangeEnd,
        productionDate: today(),
        bodyMaterial: 'WCB',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const moved = await asAdmin<SerialRange>(`/api/serial-numbers/${made.body.id}`, {
      method: 'PUT',
      body: {
        productId: otherProduct.id,
        startSerial: rangeStart,
        endSerial: rangeEnd,
        productionDate: today(),
        bodyMaterial: 'WCB',
        version: made.body.version,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    range = moved.body;
    const account = await asAdmin<StaffMember>('/api/account');
    adminName = account.body.name || stack.admin.email;
    const admins = await asAdmin<StaffList>(
      `/api/staff?filter=${encodeURIComponent(stack.admin.email)}`,
    );
    adminId = admins.body.items.find((member) => member.email === stack.admin.email)?.id ?? '';
    expect(adminId).not.toBe('');

    browser = await launchBrowser();
    page = await browser.context.newPage();
    requests = auditRequests(page);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${stack.appUrl}/login`);
    await setLook(page, 'en', 'light');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the dashboard and the lists never read the audit trail; the edit page only when History opens', async () => {
    for (const [path, ready] of [
      ['/dashboard', 'dashboard-figures'],
      ['/products', 'products-table'],
      ['/serial-numbers', 'serial-table'],
      ['/searches', 'searches-table'],
      ['/machine-data', 'results-table'],
      ['/staffs', 'staff-table'],
    ] as const) {
      await openPage(page, `${stack.appUrl}${path}`, ready);
    }
    await openPage(page, `${stack.appUrl}/edit-product/${product.id}`, 'product-name');
    expect(await new RecordHistory(page).section().isVisible()).toBe(true);
    expect(requests.map((request) => request.url())).toEqual([]);
  });

  it('edits a product and sees the change at the top of its History, then the older pages', async () => {
    const field = (testId: string) => page.locator(`[data-testid="${testId}"] input`).first();
    await field('product-name').fill(renamed);
    await field('product-application').fill(formulaText);
    await page.locator('[data-testid="product-submit"]').first().click();
    await expect
      .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
      .toContain('Product Updated Successfully');
    await page.waitForURL(/\/products$/);

    await openPage(page, `${stack.appUrl}/edit-product/${product.id}`, 'product-name');
    const history = new RecordHistory(page);
    await history.expand();
    await expect.poll(() => history.rows().count()).toBe(20);
    const newest = await text(history.rows().first());
    for (const part of [
      'Updated',
      stack.admin.email,
      'Product name',
      change(productName, renamed),
      'Application',
      change('—', formulaText),
    ]) {
      expect(newest).toContain(part);
    }
    expect(newest).not.toContain('Connection');
    expect(await text(history.rows().nth(1))).toContain(
      change(`Flanged, PN${apiUpdates - 1}`, `Flanged, PN${apiUpdates}`),
    );
    expect(await text(history.count())).toBe('20 changes shown');

    await history.loadMore().click();
    await expect.poll(() => history.rows().count()).toBe(apiUpdates + 2);
    const oldest = await text(history.rows().last());
    expect(oldest).toContain('Created');
    expect(oldest).toContain(change('—', productName));
    expect(await text(history.count())).toBe(`All ${apiUpdates + 2} changes shown`);
    expect(await history.loadMore().count()).toBe(0);
    // People and records by name: no id on the page, nor in what a screen reader says.
    expect(await idsShown(page)).toEqual([]);
    // One request on opening, one for "Load more": nothing before, nothing else.
    expect(requests.map((request) => new URL(request.url()).searchParams.get('entity'))).toEqual([
      'product',
      'product',
    ]);
    await screenshot(page, 'product-history-en-light');
  });

  it('shows the History in Chinese and dark, translated and accessible', async () => {
    const problems: string[] = [];
    for (const [language, theme] of [
      ['zh', 'light'],
      ['zh', 'dark'],
      ['en', 'dark'],
    ] as const) {
      await setLook(page, language, theme);
      await openPage(page, `${stack.appUrl}/edit-product/${product.id}`, 'product-name');
      const history = new RecordHistory(page);
      await history.expand();
      await expect.poll(() => history.rows().count()).toBe(20);
      if (language === 'zh') {
        const newest = await text(history.rows().first());
        expect(newest).toContain('修改');
        expect(newest).toContain('產品名稱');
        expect(newest).toContain(change(productName, renamed, '變更為'));
        if (theme === 'light') {
          for (const found of await untranslated(page, englishWords, [
            productName,
            formulaText,
            'Flanged',
          ])) {
            problems.push(`product history: "${found}"`);
          }
        }
      } else {
        for (const violation of await seriousViolations(page, stack.appUrl)) {
          problems.push(`product history: ${violation}`);
        }
      }
      for (const id of await idsShown(page)) problems.push(`product history (${language}): ${id}`);
      await screenshot(page, `product-history-${language}-${theme}`);
    }
    expect(problems).toEqual([]);
    await setLook(page, 'en', 'light');
  });

  it('names a range moved to another product by both products, as they were then', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const [language, theme] of [
      ['en', 'light'],
      ['zh', 'dark'],
    ] as const) {
      await setLook(page, language, theme);
      await openPage(page, `${stack.appUrl}/edit-serial-number/${range.id}`, 'serial-form');
      const history = new RecordHistory(page);
      await history.expand();
      await expect.poll(() => history.rows().count()).toBe(2);
      const [move, create] = await history.rows().allTextContents();
      // The product was renamed since: the entries keep the name it had.
      const [field, to] = language === 'en' ? ['Product', 'changed to'] : ['產品', '變更為'];
      expect(move).toContain(`${field}${change(productName, otherProductName, to)}`);
      expect(create).toContain(change('—', productName, to));
      expect(`${move}${create}`).not.toContain(renamed);
      expect(await idsShown(page)).toEqual([]);
      await screenshot(page, `range-history-${language}-${theme}`);
    }
    await setLook(page, 'en', 'light');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('filters the Activity page by a record and a person chosen from lists, and exports what it shows', async () => {
    await openPage(page, `${stack.appUrl}/dashboard`, 'dashboard-figures');
    await new AppShell(page).sideLink('/activity').click();
    await page.waitForURL(/\/activity$/);
    const activity = new ActivityPage(page);
    await activity.table().waitFor();
    // The record is found by its name, not typed as an id.
    await choose(page, 'activity-entity', 'Product');
    await chooseFromList(page, 'activity-record', renamed, renamed);
    await expect.poll(() => text(activity.record())).toBe(renamed);
    await choose(page, 'activity-action', 'Updated');
    await chooseDateRange(page, 'activity-dates', today(), today());
    await expect
      .poll(() => new URL(requests.at(-1)!.url()).searchParams.get('id'))
      .toBe(product.id);
    // 22 updates today: the first page of 20.
    await expect.poll(() => activity.rows().count()).toBe(20);
    const shown = await activity.rows().allTextContents();
    for (const row of shown) {
      expect(row).toContain('Updated');
      expect(row).toContain('Product');
      // Each entry by the product's name then: the rename's own entry by the new one.
      expect(row.includes(productName)).toBe(true);
      expect(row).toContain(adminName);
    }
    expect(await idsShown(page)).toEqual([]);
    await screenshot(page, 'activity-filtered-en-light');

    // A name in the list chooses that person; the list of people names them too.
    await activity.filterByActorOf(renamed);
    await expect.poll(() => text(activity.actor())).toContain(adminName);
    await page.waitForURL((url) => url.searchParams.get('actor') === adminId);
    await expect
      .poll(async () =>
        requests.some((request) => new URL(request.url()).searchParams.get('actor') === adminId),
      )
      .toBe(true);
    const query = new URL(requests.at(-1)!.url()).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      actor: adminId,
      entity: 'product',
      id: product.id,
      action: 'update',
      from: today(),
      to: today(),
    });

    const download = page.waitForEvent('download');
    await page.locator('[data-testid="export-csv"]').first().click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'at,actorId,actorName,actorEmail,actorMachine,action,entity,entityId,subjectLabel,subjectDetail,field,from,fromLabel,to,toLabel',
    );
    // 21 connection changes, and the page's edit: its name and its application.
    expect(lines).toHaveLength(apiUpdates + 2);
    for (const line of lines) {
      expect(line).toContain(`,${adminId},`);
      expect(line).toContain(`,${stack.admin.email},,update,product,${product.id},`);
    }
    expect(lines.some((line) => line.endsWith(`,application,,,'${formulaText},`))).toBe(true);
    expect(
      lines.some((line) => line.endsWith(`,${renamed},,name,${productName},,${renamed},`)),
    ).toBe(true);

    // Another person chosen from the list, by typing their email: none of this run's.
    await activity.clear().click();
    await expect.poll(() => text(activity.actor())).toBe('Anyone');
    await chooseFromList(page, 'activity-actor', stack.admin.email, stack.admin.email);
    await expect
      .poll(() => new URL(requests.at(-1)!.url()).searchParams.get('actor'))
      .toBe(adminId);
  });

  it('shows a range’s move on the Activity page by both products, chosen by its serials', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openPage(page, `${stack.appUrl}/activity`, 'activity-table');
    const activity = new ActivityPage(page);
    await choose(page, 'activity-entity', 'Serial number range');
    await chooseFromList(page, 'activity-record', rangeStart, rangeLabel);
    await expect.poll(() => new URL(requests.at(-1)!.url()).searchParams.get('id')).toBe(range.id);
    await expect.poll(() => activity.rows().count()).toBe(2);
    const [move] = await activity.rows().allTextContents();
    expect(move).toContain(`Product${change(productName, otherProductName)}`);
    expect(move).toContain(rangeLabel);
    // The record links to the range as it is now, named for a screen reader.
    const link = page.getByRole('link', { name: `Open Serial number range ${rangeLabel}` }).first();
    expect(await link.getAttribute('href')).toBe(`/edit-serial-number/${range.id}`);
    expect(await idsShown(page)).toEqual([]);
    await screenshot(page, 'activity-range-en-light');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('shows the Activity page in both languages and themes, translated and accessible', async () => {
    const problems: string[] = [];
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const [language, theme] of [
      ['en', 'light'],
      ['zh', 'light'],
      ['zh', 'dark'],
      ['en', 'dark'],
    ] as const) {
      await setLook(page, language, theme);
      try {
        await openPage(page, `${stack.appUrl}/activity?actor=${adminId}`, 'activity-table');
      } catch (error) {
        const body = (await page.textContent('body').catch(() => '')) ?? '';
        await screenshot(page, `activity-failed-${language}-${theme}`);
        throw new Error(
          `${String(error)}\npage errors: ${pageErrors.join(' | ')}\nbody: ${body.slice(0, 500)}`,
        );
      }
      const activity = new ActivityPage(page);
      await expect.poll(() => activity.rows().count()).toBeGreaterThan(0);
      // The person of `?actor=` by name, found in the list of people.
      await expect.poll(() => text(activity.actor())).toContain(adminName);
      for (const id of await idsShown(page)) problems.push(`activity (${language}): ${id}`);
      if (language === 'zh' && theme === 'light') {
        expect(await text(activity.table())).toContain('產品');
        for (const found of await untranslated(page, englishWords, [
          productName,
          formulaText,
          'Flanged',
          'E2E',
          stack.admin.email,
        ])) {
          problems.push(`activity: "${found}"`);
        }
      }
      if (language === 'en' && theme === 'dark') {
        for (const violation of await seriousViolations(page, stack.appUrl)) {
          problems.push(`activity: ${violation}`);
        }
      }
      await screenshot(page, `activity-${language}-${theme}`);
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(problems).toEqual([]);
    await setLook(page, 'en', 'light');
  });

  it('adds a staff account, disables it, and reads its history in a dialog', async () => {
    await openPage(page, `${stack.appUrl}/add-staff`, 'staff-form');
    const field = (testId: string) => page.locator(`[data-testid="${testId}"] input`).first();
    await field('staff-name').fill(staffName);
    await field('staff-email').fill(staffEmail);
    await field('staff-password').fill('Audit-Person-2026!');
    await page.locator('[data-testid="staff-submit"]').click();
    await expect
      .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
      .toContain('Staff Added Successfully');
    await page.waitForURL(/\/staffs$/);

    const listed = await asAdmin<StaffList>(`/api/staff?filter=${encodeURIComponent(staffEmail)}`);
    const member = listed.body.items.find((candidate) => candidate.email === staffEmail)!;
    await page.locator('[data-testid="staff-filter"] input').fill(staffEmail);
    const menu = page.locator(`[data-testid="staff-actions-${member.id}"] button`).first();
    await chooseFromMenu(menu, page.getByRole('menuitem', { name: 'Disable' }));
    await page.locator('[data-testid="staff-action-confirm"]').click();
    await page.locator('[data-testid="staff-action"]').waitFor({ state: 'detached' });

    await chooseFromMenu(menu, page.getByRole('menuitem', { name: 'History' }));
    const history = new RecordHistory(page, '[data-testid="history-modal"]');
    await expect.poll(() => history.rows().count()).toBe(2);
    const [disabled, created] = await history.rows().allTextContents();
    expect(disabled).toContain('Updated');
    expect(disabled).toContain(`Status${change('Active', 'Disabled')}`);
    expect(created).toContain('Created');
    expect(created).toContain(`Email${change('—', staffEmail)}`);
    expect(created).toContain(`Role${change('—', 'Staff')}`);
    // The password set on the form never reaches the trail.
    expect(`${disabled}${created}`).not.toContain('Audit-Person-2026!');
    await screenshot(page, 'staff-history-en-light');
    await page.locator('[data-testid="history-modal-close"]').click();

    // The signed-in admin's own account: no changes offered, its history is.
    await page.locator('[data-testid="staff-filter"] input').fill(stack.admin.email);
    const ownMenu = page.locator(`[data-testid="staff-actions-${adminId}"] button`).first();
    const disable = page.getByRole('menuitem', { name: 'Disable' });
    await expect
      .poll(async () => {
        // Opened again should the list's reload after the filter close it.
        if (!(await disable.isVisible())) await ownMenu.click();
        return disable.getAttribute('aria-disabled', { timeout: 2_000 }).catch(() => null);
      })
      .toBe('true');
    await chooseFromMenu(ownMenu, page.getByRole('menuitem', { name: 'History' }));
    await new RecordHistory(page, '[data-testid="history-modal"]').table().waitFor();
    await page.locator('[data-testid="history-modal-close"]').click();
  });

  it('staff read a product’s history, but not the Activity page', async () => {
    const email = `audit.staff.${tag.toLowerCase()}@example.com`;
    await createUser(stack, email, 'Audit-Staff-2026!', 'staff');
    // A profile of its own: the admin's session stays as it is.
    const second = await browser.newContext();
    try {
      const own = await second.newPage();
      await own.goto(`${stack.appUrl}/login`);
      await setLook(own, 'en', 'light');
      await new LoginPage(own).signIn(email, 'Audit-Staff-2026!');
      await own.waitForURL(/\/dashboard$/);
      expect(await new AppShell(own).sideLink('/activity').count()).toBe(0);
      await openPage(own, `${stack.appUrl}/edit-product/${product.id}`, 'product-name');
      const history = new RecordHistory(own);
      await history.expand();
      await expect.poll(() => text(history.rows().first())).toContain(renamed);
      await own.goto(`${stack.appUrl}/activity`);
      await own.waitForURL(/\/not-authorized$/);
    } finally {
      await second.close();
    }
  });
});
