import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { cognitoAdmin, createUser, totpCode } from '../support/cognito';
import { seriousViolations, setLook, settled } from './checks';
import { LoginPage } from './pages';

const stack = inject('stack');

/** The screenshots of this file, for a person to look at (issue 29). */
const shots = '/tmp/shots-2fa';

type Language = 'en' | 'zh';
type Theme = 'light' | 'dark';

/** What a person reads on these pages, per language. */
const texts = {
  en: {
    enrolTitle: 'Set up your authenticator app',
    codeTitle: 'Enter the code from your authenticator app',
    wrongCode: 'This code is not correct.',
    enabled: 'Authenticator app turned on.',
    staffTitle: 'Staffs',
    wrongPassword: 'This password is not correct',
    turnedOff: 'Authenticator app turned off.',
  },
  zh: {
    enrolTitle: '設定您的驗證器應用程式',
    codeTitle: '輸入驗證器應用程式的代碼',
    wrongCode: '代碼不正確。',
    enabled: '已啟用驗證器應用程式。',
    staffTitle: '人員管理',
    wrongPassword: '密碼不正確',
    turnedOff: '已停用驗證器應用程式。',
  },
} as const;

let counter = 0;

/**
 * A new admin, as a person who was just promoted: a staff account made by the test
 * support, then given the admin role. It has no authenticator app yet.
 */
async function newAdmin(): Promise<{ email: string; password: string }> {
  counter += 1;
  const email = `e2e.2fa.${counter}.${Date.now()}@example.com`;
  const password = 'Two-Factor-E2e-1!';
  await createUser(stack, email, password, 'staff');
  await cognitoAdmin(stack, 'AdminUpdateUserAttributes', {
    Username: email,
    UserAttributes: [{ Name: 'custom:role', Value: 'admin' }],
  });
  return { email, password };
}

/** A code of `secret` that is not the current one (nor, locally, the neighbouring ones). */
function wrongCodeOf(secret: string): string {
  const right = Number(totpCode(secret));
  return String((right + 500_000) % 1_000_000).padStart(6, '0');
}

async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

describe('an admin sets up an authenticator app and signs in with it', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh profile at 1366x768 in `language` and `theme`, on the sign-in page. */
  async function freshPage(language: Language, theme: Theme): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stack.appUrl}/favicon.svg`);
    await setLook(page, language, theme);
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).form().waitFor();
    return page;
  }

  for (const language of ['en', 'zh'] as const) {
    it(`in ${language}: is taken to the set-up, enrols, and signs in again with a code`, async () => {
      const text = texts[language];
      const { email, password } = await newAdmin();
      const page = await freshPage(language, 'light');
      const login = new LoginPage(page);

      // No app yet: the password alone signs in, and the back office shows only the set-up.
      await login.signIn(email, password);
      await page.waitForURL((url) => url.pathname === '/authenticator-app');
      const enrolment = page.locator('[data-testid="second-factor-page"]');
      await enrolment.waitFor();
      expect(await enrolment.locator('h1').textContent()).toBe(text.enrolTitle);
      expect(new URL(page.url()).searchParams.get('to')).toBe('/dashboard');
      // An admin page asked for directly leads here too.
      await page.goto(`${stack.appUrl}/staffs`);
      await page.waitForURL((url) => url.pathname === '/authenticator-app');
      expect(new URL(page.url()).searchParams.get('to')).toBe('/staffs');
      await enrolment.waitFor();
      expect(await page.locator('[data-testid="staff-table"]').count()).toBe(0);

      await page.locator('[data-testid="totp-set-up"]').click();
      const secretText = page.locator('[data-testid="totp-secret"]');
      await secretText.waitFor();
      const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await page.locator('[data-testid="totp-set-up-form"] svg[role="img"]').count()).toBe(
        1,
      );
      await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
      await shot(page, `enrol-${language}-light`);
      await setLook(page, language, 'dark');
      await page.reload();
      await enrolment.waitFor();
      await page.locator('[data-testid="totp-set-up"]').click();
      await secretText.waitFor();
      await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
      await shot(page, `enrol-${language}-dark`);
      expect(await seriousViolations(page, stack.appUrl)).toEqual([]);
      // A new set-up made a new secret: the app is added from the one shown now.
      const newSecret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
      await setLook(page, language, 'light');

      // A wrong code is refused on its field; the right one turns the app on.
      const codeField = page.locator('[data-testid="totp-set-up-code"] input');
      await codeField.fill(wrongCodeOf(newSecret));
      await page.locator('[data-testid="totp-set-up-confirm"]').click();
      await expect
        .poll(() => page.locator('[data-testid="totp-set-up-form"]').textContent())
        .toContain(text.wrongCode);
      await codeField.fill(totpCode(newSecret));
      await page.locator('[data-testid="totp-set-up-confirm"]').click();

      // Every session ended: back to the sign-in page, which says to use the code.
      await page.waitForURL((url) => url.pathname === '/login');
      await expect
        .poll(() => page.locator('[data-testid="toasts"]').textContent())
        .toContain(text.enabled);
      await login.form().waitFor();

      // The password alone no longer signs in: the page asks for the code.
      await login.signIn(email, password);
      await login.codeForm().waitFor();
      expect(await page.locator('[data-testid="sign-in-page"]').textContent()).toContain(
        text.codeTitle,
      );
      const input = page.locator('[data-testid="totp-code"] input');
      expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await input.getAttribute('inputmode')).toBe('numeric');
      await shot(page, `code-step-${language}-light`);
      await login.enterCode(wrongCodeOf(newSecret));
      await expect.poll(() => login.codeForm().textContent()).toContain(text.wrongCode);
      await shot(page, `code-wrong-${language}-light`);
      await setLook(page, language, 'dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      // A reload starts the sign-in over: the password, then the code step again.
      await login.signIn(email, password);
      await login.codeForm().waitFor();
      await shot(page, `code-step-${language}-dark-phone`);
      await setLook(page, language, 'light');
      await page.reload();
      await login.signIn(email, password);
      await login.codeForm().waitFor();
      await shot(page, `code-step-${language}-light-phone`);
      await page.setViewportSize({ width: 1366, height: 768 });
      await login.enterCode(totpCode(newSecret));

      // Signed in with both factors: straight to the dashboard, and admin pages open.
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.locator('[data-testid="dashboard-header"]').waitFor();
      await page.locator('[data-testid="side-navigation"] a[href="/staffs"]').click();
      await page.waitForURL((url) => url.pathname === '/staffs');
      // The list answered (GET /api/staff is admin-only): the accounts are listed.
      await expect
        .poll(() => page.locator('[data-testid="staff-table"] tbody tr').count())
        .toBeGreaterThan(0);
      expect(await page.locator('h1').first().textContent()).toContain(text.staffTitle);

      // The account page says since when.
      await page.goto(`${stack.appUrl}/pages/account-settings/account`);
      const on = page.locator('[data-testid="authenticator-app-on"]');
      await on.waitFor();
      expect(await on.textContent()).toMatch(/\d{4}/);
      await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
      await page.locator('[data-testid="authenticator-app"]').scrollIntoViewIfNeeded();
      await shot(page, `account-on-${language}-light`);

      // Turning it off takes the password and a code; a wrong password is said on its field.
      await page.locator('[data-testid="totp-turn-off"]').click();
      const dialog = page.locator('[data-testid="totp-turn-off-modal"]');
      await page
        .locator('[data-testid="totp-turn-off-password"] input')
        .fill('Not-The-Password-1!');
      await page.locator('[data-testid="totp-turn-off-code"] input').fill(totpCode(newSecret));
      await page.locator('[data-testid="totp-turn-off-confirm"]').click();
      await expect.poll(() => dialog.textContent()).toContain(text.wrongPassword);
      await shot(page, `turn-off-${language}-light`);
      await page.locator('[data-testid="totp-turn-off-password"] input').fill(password);
      await page.locator('[data-testid="totp-turn-off-code"] input').fill(totpCode(newSecret));
      await page.locator('[data-testid="totp-turn-off-confirm"]').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect
        .poll(() => page.locator('[data-testid="toasts"]').textContent())
        .toContain(text.turnedOff);
      // An admin without the app again: the password signs in, and the set-up comes first.
      await login.signIn(email, password);
      await page.waitForURL((url) => url.pathname === '/authenticator-app');
      await enrolment.waitFor();
    });
  }
});
