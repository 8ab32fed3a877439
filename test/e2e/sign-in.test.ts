import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { callApi } from '../support/api';
import { cognitoAdmin, createUser, signIn } from '../support/cognito';
import { AppShell, LoginPage, switchLanguage } from './pages';

const stack = inject('stack');

describe('a seeded admin signs in and out', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the login page', async () => {
    await page.goto(stack.appUrl);
    await page.waitForURL(/\/login/);
    await expect.poll(() => new LoginPage(page).form().isVisible()).toBe(true);
    expect(await page.textContent('body')).toContain('Welcome to Test Report Center');
    await page.screenshot({ path: join(artifactsDir, 'login-en-light.png') });
  });

  it('refuses a wrong password without saying whether the account exists', async () => {
    const login = new LoginPage(page);
    await login.signIn(stack.admin.email, 'Wrong-Password-123!');
    const shell = new AppShell(page);
    await expect
      .poll(() => shell.toasts().first().textContent())
      .toContain('Email or Password is Wrong');
    // The page's first toast (its Flashbar is loaded with it) is announced as any later
    // one: an error takes focus, a status is read from the flash's own live region.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[role="alert"]')?.textContent ?? ''),
      )
      .toContain('Email or Password is Wrong');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('lands on /dashboard inside the app shell after signing in', async () => {
    const { IdToken } = await signIn(stack, stack.admin.email, stack.admin.password);
    const products = async () =>
      (await callApi<{ products: number }>(stack, '/api/dashboard', { token: IdToken })).body
        .products;
    const before = await products();
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
    const shell = new AppShell(page);
    await shell.layout().waitFor();
    expect(await shell.title().textContent()).toContain('Test Report Center');
    for (const href of [
      '/dashboard',
      '/products',
      '/serial-numbers',
      '/machine-data',
      '/searches',
    ]) {
      expect(await shell.sideLink(href).count(), href).toBe(1);
    }
    // The seeded account is an admin, so staff management is listed too.
    expect(await shell.sideLink('/staffs').count()).toBe(1);
    await page.locator('[data-testid="dashboard-header"]').waitFor();
    await expect
      .poll(async () => (await shell.toasts().allTextContents()).join(' | '))
      .toContain('Login Successfully');
    await expect
      .poll(() => page.locator('[aria-live="polite"]', { hasText: 'Login Successfully' }).count())
      .toBeGreaterThan(0);
    // The figures come from GET /api/dashboard, called with the signed-in user's ID token.
    const figures = page.locator('[data-testid="dashboard-figures"]');
    await figures.waitFor();
    // Other files add products meanwhile (files run in parallel on the same stack): the
    // figure is the count at the page's request, between the counts before and after it,
    // and exactly it when nothing was added.
    const shown = /Products\s*(\d+)/.exec((await figures.textContent()) ?? '')?.[1];
    const after = await products();
    expect(shown, 'the Products figure').toBeDefined();
    expect(Number(shown)).toBeGreaterThanOrEqual(before);
    expect(Number(shown)).toBeLessThanOrEqual(after);
    await page.screenshot({ path: join(artifactsDir, 'dashboard-en-light.png'), fullPage: true });
  });

  it('signs out back to /login', async () => {
    await new AppShell(page).signOut();
    await page.waitForURL(/\/login/);
    await new LoginPage(page).form().waitFor();
    // Signed out for real: the dashboard now sends the visitor back to sign in.
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.waitForURL(/\/login\?to=%2Fdashboard|\/login\?to=\/dashboard/);
  });
});

describe('the sign-in page’s other steps (login.html)', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const password = 'Sign-In-Steps-123!';

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A tab of the shared profile with no session left by an earlier test. */
  async function signedOutPage(): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/favicon.svg`);
    await page.evaluate(() => {
      localStorage.clear();
      document.cookie = 'lang=en; Path=/';
    });
    return page;
  }

  it('checks the form with the shared messages, loading the check on first input', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).form().waitFor();
    await page.locator('[data-testid="login-submit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="login-form"]').textContent())
      .toContain('This field is required');
    await page.close();
  });

  it('returns to the page asked for, and switches language for every page', async () => {
    const email = `returning-${unique}@example.com`;
    await createUser(stack, email, password, 'staff');
    const page = await signedOutPage();
    await page.goto(`${stack.appUrl}/products?x=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?x=1&to=/products');
    await new LoginPage(page).switchLanguage('zh');
    await expect.poll(() => page.textContent('body')).toContain('請登入您的帳號');
    await new LoginPage(page).signIn(email, 'Wrong-Password-123!');
    await expect
      .poll(() => page.locator('[data-testid="toasts"]').textContent())
      .toContain('電子郵件或密碼錯誤');
    await new LoginPage(page).signIn(email, password);
    await page.waitForURL((url) => url.pathname === '/products' && url.search === '?x=1');
    await page.locator('[data-testid="products-table"]').waitFor();
    // The back office picked up the session and the language.
    expect(await page.locator('html').getAttribute('lang')).toMatch(/^zh/);
    await expect
      .poll(async () => (await new AppShell(page).toasts().allTextContents()).join(' | '))
      .toContain('登入成功');
    await switchLanguage(page, 'en');
    await page.close();
  });

  it('asks for a new password when the account has a temporary one', async () => {
    const email = `temporary-${unique}@example.com`;
    await cognitoAdmin(stack, 'AdminCreateUser', {
      Username: email,
      TemporaryPassword: 'Temporary-Pass-123!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: 'staff' },
      ],
      MessageAction: 'SUPPRESS',
    });
    const page = await signedOutPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(email, 'Temporary-Pass-123!');
    await page.locator('[data-testid="new-password-form"]').waitFor();
    await page.locator('[data-testid="new-password"] input').fill(password);
    await page.locator('[data-testid="new-password-confirm"] input').fill(`${password}x`);
    await page.locator('[data-testid="new-password-submit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="new-password-form"]').textContent())
      .toContain('The passwords do not match');
    await page.locator('[data-testid="new-password-confirm"] input').fill(password);
    await page.locator('[data-testid="new-password-submit"]').click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('[data-testid="dashboard-header"]').waitFor();
    await page.close();
  });

  it('shows an account without a role waiting, and lets it in once approved', async () => {
    const email = `waiting-${unique}@example.com`;
    await createUser(stack, email, password);
    const page = await signedOutPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(email, password);
    const waiting = page.locator('[data-testid="awaiting-approval"]');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(email);
    // Still waiting after a reload of the page, and for the back office.
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    await waiting.waitFor();
    await page.locator('[data-testid="awaiting-check"]').click();
    await expect
      .poll(() => page.locator('[data-testid="toasts"]').textContent())
      .toContain('Your account has not been approved yet.');
    await cognitoAdmin(stack, 'AdminUpdateUserAttributes', {
      Username: email,
      UserAttributes: [{ Name: 'custom:role', Value: 'staff' }],
    });
    await page.locator('[data-testid="awaiting-check"]').click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('[data-testid="dashboard-header"]').waitFor();
    await page.close();
  });

  it('offers "Create an account" only while the API says sign-up is open', async () => {
    // Closed by default (the site setting): no link, and /register says whom to ask.
    const page = await signedOutPage();
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).form().waitFor();
    await page.locator('[data-testid="report-center-link"]').waitFor();
    expect(await page.locator('[data-testid="register-link"]').count()).toBe(0);
    await page.goto(`${stack.appUrl}/register`);
    await page.locator('[data-testid="register-closed"]').waitFor();
    expect(await page.locator('[data-testid="register-form"]').count()).toBe(0);

    // The pages follow GET /api/sign-up (answered open here, the setting left as it is, as
    // other files share this stack): the link shows, and /register offers the form...
    await page.route('**/api/sign-up', (route) => route.fulfill({ json: { open: true } }));
    await page.goto(`${stack.appUrl}/login`);
    await page.locator('[data-testid="register-link"]').waitFor();
    await page.locator('[data-testid="register-link"]').click();
    await page.locator('[data-testid="register-form"]').waitFor();
    // ...which turns to the closed page when Cognito refuses the sign-up (the setting is off).
    const email = `walk-in-${unique}@example.com`;
    await page.locator('[data-testid="register-name"] input').fill('Walk In');
    await page.locator('[data-testid="register-email"] input').fill(email);
    await page.locator('[data-testid="register-password"] input').fill(password);
    await page.locator('[data-testid="register-confirm"] input').fill(password);
    await page.locator('[data-testid="register-submit"]').click();
    await page.locator('[data-testid="register-closed"]').waitFor();
    expect(await page.textContent('body')).toContain('Accounts are created by an administrator');
    await page.close();
  });
});
