import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { callApi } from '../support/api';
import { artifactsDir, launchBrowser } from '../support/browser';
import { cognitoAdmin, createUser, signIn } from '../support/cognito';
import { englishUiWords, screenshot, seriousViolations, setLook, untranslated } from './checks';
import { AccountSettingsPage, LoginPage, UserMenu, UserProfilePage } from './pages';

const stack = inject('stack');

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** A staff account of its own per test, with a name. */
let counter = 0;
async function staffAccount(password = 'Own-Account-E2e-1!') {
  counter += 1;
  const email = `e2e.own.${counter}.${Date.now()}@example.com`;
  await createUser(stack, email, password, 'staff');
  await cognitoAdmin(stack, 'AdminUpdateUserAttributes', {
    Username: email,
    UserAttributes: [{ Name: 'name', Value: 'Chen Mei-Ling' }],
  });
  return { email, password };
}

/**
 * Something the account does that the audit trail records: a product created, then
 * changed `updates` times (as the catalogue's form sends it). Changing one's own name is
 * Cognito's business and leaves no entry.
 */
async function productChanges(account: { email: string; password: string }, updates: number) {
  const token = (await signIn(stack, account.email, account.password)).IdToken;
  const fields = {
    name: `E2E Own Valve ${counter}${Date.now()}`,
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
  const created = await callApi<Product>(stack, '/api/products', {
    method: 'POST',
    token,
    body: fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let product = created.body;
  for (let n = 1; n <= updates; n++) {
    const updated = await callApi<Product>(stack, `/api/products/${product.id}`, {
      method: 'PUT',
      token,
      body: { ...fields, connection: `Flanged, PN${n}`, version: product.version },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    product = updated.body;
  }
  return { product, fields };
}

/** Profiles a test opened; closed after it, pass or fail, so no session outlives its test. */
const openContexts: BrowserContext[] = [];

/** A fresh profile (no cookies, no storage), signed in through the login page. */
async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  openContexts.push(context);
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/login`);
  await new LoginPage(page).signIn(email, password);
  await page.waitForURL(/\/dashboard$/);
  return page;
}

describe('your own account', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async () => {
    for (const context of openContexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("opens the specification's routes, their first tab, and not-found for other tabs", async () => {
    const { email, password } = await staffAccount();
    const page = await signedIn(browser, email, password);
    const menu = new UserMenu(page);

    await menu.open('account-settings');
    await page.waitForURL((url) => url.pathname === '/pages/account-settings/account');
    await new AccountSettingsPage(page).root().waitFor();
    await menu.open('user-profile');
    await page.waitForURL((url) => url.pathname === '/pages/user-profile/profile');
    await new UserProfilePage(page).root().waitFor();

    await page.goto(`${stack.appUrl}/pages/account-settings`);
    await page.waitForURL((url) => url.pathname === '/pages/account-settings/account');
    await page.goto(`${stack.appUrl}/pages/user-profile`);
    await page.waitForURL((url) => url.pathname === '/pages/user-profile/profile');
    for (const path of ['/pages/account-settings/security', '/pages/user-profile/teams']) {
      await page.goto(`${stack.appUrl}${path}`);
      await page.locator('[data-testid="not-found"]').waitFor();
    }
  });

  it('changes your name: the top bar and the profile show it, also after a reload', async () => {
    const { email, password } = await staffAccount();
    const page = await signedIn(browser, email, password);
    await page.goto(`${stack.appUrl}/pages/account-settings/account`);
    const account = new AccountSettingsPage(page);
    expect(await account.name().inputValue()).toBe('Chen Mei-Ling');
    expect(await account.email().inputValue()).toBe(email);
    expect(await account.role().inputValue()).toBe('Staff');
    expect(await account.email().getAttribute('readonly')).not.toBeNull();
    expect(await account.role().getAttribute('readonly')).not.toBeNull();

    // The name is checked as the admin's staff form checks it.
    await account.rename('<b>Mei</b>');
    await expect
      .poll(() => account.fieldErrors('account-form').allTextContents())
      .toEqual(["Use letters, digits, spaces and . , ' ( ) & - only"]);

    await account.rename('林美玲');
    await expect
      .poll(() => account.toasts().allTextContents())
      .toContainEqual(expect.stringContaining('Name Updated Successfully'));
    // The top bar's user menu names the person under their email.
    // (Opened again should the top bar lay itself out while the toast goes.)
    const userMenu = page.locator('[data-testid="user-menu"]:visible button').first();
    const nameLine = page.getByText('林美玲 · Staff').filter({ visible: true });
    await expect
      .poll(async () => (await nameLine.isVisible()) || (await userMenu.click(), false))
      .toBe(true);
    await page.keyboard.press('Escape');

    await page.reload();
    await account.root().waitFor();
    expect(await account.name().inputValue()).toBe('林美玲');
    await page.goto(`${stack.appUrl}/pages/user-profile/profile`);
    const profile = new UserProfilePage(page);
    await profile.fact('member-since').waitFor();
    expect(await profile.fact('name').textContent()).toBe('林美玲');
    expect(await profile.fact('email').textContent()).toBe(email);
    expect(await profile.fact('role').textContent()).toBe('Staff');
    expect(await profile.fact('member-since').textContent()).toMatch(/\d{4}/);
  });

  it('shows what you changed in Recent activity, newest first, a page at a time, in en and zh', async () => {
    const account = await staffAccount();
    const page = await signedIn(browser, account.email, account.password);
    await page.goto(`${stack.appUrl}/pages/user-profile/profile`);
    const profile = new UserProfilePage(page);
    // A new account has done nothing yet.
    await profile.activityEmpty().waitFor();
    expect(await profile.activityEmpty().textContent()).toBe('No changes in the last 30 days');

    // 1 create + 20 updates: one page of 20, then "Load more" for the first entry.
    const { product, fields } = await productChanges(account, 20);
    // Someone else's change on the same record is not this person's activity.
    const adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const byAdmin = await callApi(stack, `/api/products/${product.id}`, {
      method: 'PUT',
      token: adminToken,
      body: { ...fields, connection: 'Flanged, PN99', version: product.version },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);

    await page.reload();
    await profile.activityCount().waitFor();
    expect(await profile.activity().locator('h2').textContent()).toBe('Recent activity');
    expect(await profile.activityHeaders().allTextContents()).toEqual([
      'When',
      'What',
      'Record',
      'Changes',
    ]);
    await expect.poll(() => profile.activityRows().count()).toBe(20);
    const newest = (await profile.activityRows().first().textContent()) ?? '';
    expect(newest).toContain('Updated');
    expect(newest).toContain('Flanged, PN19');
    expect(newest).toContain('Flanged, PN20');
    expect(newest).not.toContain('PN99');
    expect(await profile.activityCount().textContent()).toBe('20 changes shown');
    // The record opens its edit page.
    expect(await profile.activityRows().first().locator('a').first().getAttribute('href')).toBe(
      `/edit-product/${product.id}`,
    );

    await profile.activityLoadMore().click();
    await expect.poll(() => profile.activityRows().count()).toBe(21);
    const oldest = (await profile.activityRows().last().textContent()) ?? '';
    expect(oldest).toContain('Created');
    expect(oldest).toContain(product.name);
    expect(await profile.activityCount().textContent()).toBe(
      'All 21 changes of the last 30 days shown',
    );
    expect(await profile.activityLoadMore().count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
    await screenshot(page, 'user-profile-activity-en-light');

    await setLook(page, 'zh', 'light');
    await page.reload();
    await profile.activityCount().waitFor();
    expect(await profile.activity().locator('h2').textContent()).toBe('最近活動');
    expect(await profile.activityHeaders().allTextContents()).toEqual([
      '時間',
      '動作',
      '資料',
      '變更內容',
    ]);
    expect(await profile.activityRows().first().textContent()).toContain('修改');
    expect(await profile.activityCount().textContent()).toBe('已顯示 20 筆變更');
    await profile.activityLoadMore().click();
    await expect
      .poll(() => profile.activityCount().textContent())
      .toBe('已顯示過去 30 天內全部 21 筆變更');
    expect(await profile.activityRows().last().textContent()).toContain('新增');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
    await screenshot(page, 'user-profile-activity-zh-light');
  });

  it('changes your password: checked in the form and by Cognito; every session ends; the old one is refused', async () => {
    const { email, password } = await staffAccount();
    const page = await signedIn(browser, email, password);
    await page.goto(`${stack.appUrl}/pages/account-settings/account`);
    const account = new AccountSettingsPage(page);
    await account.root().waitFor();
    const newPassword = 'Changed-Own-Pass-2!';

    await account.changePassword(password, 'NoSymbolInThis2026');
    await expect
      .poll(() => account.fieldErrors('change-password-form').allTextContents())
      .toEqual(['The password must contain a symbol']);

    await account.changePassword('Not-My-Password-9!', newPassword);
    await expect
      .poll(() => account.fieldErrors('change-password-form').allTextContents())
      .toEqual(['Current Password is Wrong']);
    await page.screenshot({ path: join(artifactsDir, 'account-password-wrong-en-light.png') });

    // Another session of the account, e.g. on another device.
    const other = (await signIn(stack, email, password)).IdToken;
    await account.changePassword(password, newPassword);
    // Every session ends (the API's revocation), this one too: sign in with the new password.
    await page.waitForURL((url) => url.pathname === '/login');
    await expect
      .poll(() => account.toasts().allTextContents())
      .toContainEqual(
        expect.stringContaining('Password Changed Successfully. Sign in with your new password.'),
      );
    expect((await callApi(stack, '/api/dashboard', { token: other })).status).toBe(401);
    const login = new LoginPage(page);
    await login.signIn(email, password);
    await page.getByText('Email or Password is Wrong').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Signed in again, the person is back where they changed it.
    await login.signIn(email, newPassword);
    await page.waitForURL((url) => url.pathname === '/pages/account-settings/account');
  });

  it('signs out of all devices: this browser at once, another at its next call', async () => {
    const { email, password } = await staffAccount();
    // The other device: a profile of its own.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(`${stack.appUrl}/login`);
      await new LoginPage(otherPage).signIn(email, password);
      await otherPage.waitForURL(/\/dashboard$/);

      const page = await signedIn(browser, email, password);
      await page.goto(`${stack.appUrl}/pages/account-settings/account`);
      const account = new AccountSettingsPage(page);
      await account.root().waitFor();
      await account.signOutEverywhere();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect
        .poll(() => new AccountSettingsPage(page).toasts().allTextContents())
        .toContainEqual(expect.stringContaining('Signed Out of All Devices Successfully'));
      await page.screenshot({ path: join(artifactsDir, 'account-signed-out-everywhere-en.png') });

      // The other session's tokens are still unexpired, yet the API refuses them at once
      // (they were issued before the sign-out): its next call ends it.
      await otherPage.locator('[data-testid="side-navigation"] a[href="/serial-numbers"]').click();
      await otherPage.waitForURL((url) => url.pathname === '/login');
      await expect
        .poll(() => new AccountSettingsPage(otherPage).toasts().allTextContents())
        .toContainEqual(expect.stringContaining('Your session has ended. Please sign in again.'));
      await otherPage.screenshot({ path: join(artifactsDir, 'account-other-device-ended-en.png') });

      // Signing in again works, and returns to the page the person left.
      await new LoginPage(page).signIn(email, password);
      await page.waitForURL((url) => url.pathname === '/pages/account-settings/account');
    } finally {
      await other.close();
    }
  });

  const looks = [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'zh', theme: 'light' },
    { language: 'zh', theme: 'dark' },
  ] as const;

  it('shows both tabs in both languages and themes, translated and accessible', async () => {
    const account = await staffAccount();
    const { email, password } = account;
    // The profile's recent activity then has entries to show.
    const { product } = await productChanges(account, 1);
    const page = await signedIn(browser, email, password);
    const problems: string[] = [];
    for (const { language, theme } of looks) {
      await page.evaluate(
        ({ language, theme }) => {
          localStorage.setItem('lang', language);
          localStorage.setItem('ui-preferences', JSON.stringify({ theme }));
        },
        { language, theme },
      );
      for (const [tab, ready] of [
        ['/pages/account-settings/account', '[data-testid="account-settings"]'],
        [
          '/pages/user-profile/profile',
          '[data-testid="recent-activity"] [data-testid="history-count"]',
        ],
      ] as const) {
        await page.goto(`${stack.appUrl}${tab}`);
        await page.locator(ready).waitFor();
        if (tab.includes('profile'))
          await page.locator('[data-testid="profile-member-since"]').waitFor();
        await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
        const name = `${tab.split('/')[2]}-${language}-${theme}`;
        await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
        if (language === 'zh') {
          const words = [...englishUiWords, 'Recent activity', 'Created', 'Updated', 'Record'];
          for (const text of await untranslated(page, words, [product.name])) {
            problems.push(`${name}: "${text}"`);
          }
        }
        for (const violation of await seriousViolations(page, stack.appUrl)) {
          problems.push(`${name}: ${violation}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
