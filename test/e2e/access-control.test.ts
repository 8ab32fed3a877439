import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { createUser } from '../support/cognito';
import { AppShell, LoginPage, MailViewer } from './pages';

const stack = inject('stack');

describe('access control in the browser', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    await createUser(stack, 'e2e.staff@example.com', 'E2e-Staff-Member-1!', 'staff');
    await createUser(stack, 'e2e.forgetful@example.com', 'E2e-Old-Password-1!', 'staff');
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The login page in a fresh profile: no cookies, no storage. */
  async function freshPage(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${stack.appUrl}/login`);
    return page;
  }

  it('sends a signed-out visitor to sign in and back to the page and query asked for', async () => {
    const page = await freshPage();
    await page.goto(`${stack.appUrl}/products?x=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    const login = new URL(page.url());
    expect(login.search).toBe('?x=1&to=/products');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL((url) => url.pathname === '/products');
    expect(new URL(page.url()).search).toBe('?x=1');
    await new AppShell(page).signOut();
    await page.context().close();
  });

  it('shows staff the not-authorized page for staff management', async () => {
    const page = await freshPage();
    await new LoginPage(page).signIn('e2e.staff@example.com', 'E2e-Staff-Member-1!');
    await page.waitForURL(/\/dashboard$/);
    expect(await new AppShell(page).sideLink('/staffs').count()).toBe(0);
    await page.goto(`${stack.appUrl}/staffs`);
    await page.waitForURL(/\/not-authorized$/);
    await page.locator('[data-testid="not-authorized"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'not-authorized-en-light.png') });
    await page.context().close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await freshPage();
    await page.goto(`${stack.appUrl}/no/such/page`);
    await page.locator('[data-testid="not-found"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await page.context().close();
  });

  it('resets a forgotten password through the link in the mail', async () => {
    const email = 'e2e.forgetful@example.com';
    const page = await freshPage();
    await page.locator('[data-testid="forgot-link"]').click();
    await page.waitForURL(/\/forgot-password$/);
    await page.locator('[data-testid="forgot-email"] input').fill(email);
    await page.locator('[data-testid="forgot-submit"]').click();
    const shell = new AppShell(page);
    await expect
      .poll(async () => (await shell.toasts().allTextContents()).join(' | '), { timeout: 10_000 })
      .toContain('Sent in email change password link successfully');

    const viewer = await browser.context.newPage();
    await viewer.goto(stack.mailViewerUrl);
    const link = await new MailViewer(viewer).linkInMail(
      email,
      'Reset your Test Report Center password',
      'Choose a new password',
    );
    await viewer.close();

    await page.goto(link);
    await page.locator('[data-testid="reset-form"]').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'reset-password-en-light.png') });
    await page.locator('[data-testid="reset-password"] input').fill('E2e-New-Password-1!');
    await page.locator('[data-testid="reset-confirm"] input').fill('E2e-New-Password-1!');
    await page.locator('[data-testid="reset-submit"]').click();
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await shell.signOut();
    await page.waitForURL(/\/login/);

    // The new password works and the old one no longer does.
    await new LoginPage(page).signIn(email, 'E2e-Old-Password-1!');
    await expect
      .poll(async () => (await shell.toasts().allTextContents()).join(' | '))
      .toContain('Email or Password is Wrong');
    await new LoginPage(page).signIn(email, 'E2e-New-Password-1!');
    await page.waitForURL(/\/dashboard$/);
    await page.context().close();
  });
});
