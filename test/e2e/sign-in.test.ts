import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { AppShell, LoginPage } from './pages';

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
