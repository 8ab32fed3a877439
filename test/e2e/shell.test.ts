/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate run in the browser.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { seriousViolations, setLook, untranslated } from './checks';
import { AppShell, choose, LoginPage, PreferencesPanel, switchLanguage } from './pages';

const stack = inject('stack');

interface MainPage {
  name: string;
  path: string;
  /** Test id of an element shown once the page has rendered. */
  ready: string;
  signedIn: boolean;
  /** Checked with axe-core. */
  axe: boolean;
  /** A page of its own (login.html, search.html): always a full load, never the router's. */
  ownPage?: boolean;
}

const publicPages: MainPage[] = [
  { name: 'not-found', path: '/no-such-page', ready: 'not-found', signedIn: false, axe: false },
  // /login and /search are pages of their own (login.html, search.html): the app leaves
  // for them with a full load, and they have no router to navigate in.
  {
    name: 'login',
    path: '/login',
    ready: 'login-form',
    signedIn: false,
    axe: true,
    ownPage: true,
  },
  {
    name: 'search',
    path: '/search',
    ready: 'report-center',
    signedIn: false,
    axe: true,
    ownPage: true,
  },
];
const adminPages: MainPage[] = [
  { name: 'dashboard', path: '/dashboard', ready: 'dashboard-figures', signedIn: true, axe: true },
  { name: 'products', path: '/products', ready: 'products-table', signedIn: true, axe: true },
  { name: 'add-product', path: '/add-product', ready: 'product-name', signedIn: true, axe: true },
  {
    name: 'serial-numbers',
    path: '/serial-numbers',
    ready: 'serial-table',
    signedIn: true,
    axe: true,
  },
  {
    name: 'add-serial-number',
    path: '/add-serial-number',
    ready: 'serial-start',
    signedIn: true,
    axe: false,
  },
  { name: 'staffs', path: '/staffs', ready: 'staff-table', signedIn: true, axe: true },
  { name: 'add-staff', path: '/add-staff', ready: 'staff-form', signedIn: true, axe: false },
];

const looks = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'zh', theme: 'light' },
  { language: 'zh', theme: 'dark' },
] as const;

/**
 * Opens a page and waits until it and its API calls have finished loading. Without
 * `reload` it navigates inside the app (as a link would): no new start-up.
 */
async function open(page: Page, target: MainPage, reload = true) {
  if (reload) {
    await page.goto(`${stack.appUrl}${target.path}`, { waitUntil: 'commit' });
  } else {
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, target.path);
  }
  await page.locator(`[data-testid="${target.ready}"]`).first().waitFor();
  await page.locator('[data-testid="page-loader"]').waitFor({ state: 'detached' });
  await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
}

describe('app shell, preferences and languages', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${stack.appUrl}/login`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Screenshots a page in each language and theme, checks the Chinese one and runs axe. */
  async function checkPages(targets: MainPage[]) {
    const problems: string[] = [];
    for (const { language, theme } of looks) {
      await setLook(page, language, theme);
      for (const [index, target] of targets.entries()) {
        // The first page of each look starts the app afresh, reading the stored choices.
        await open(page, target, index === 0 || target.ownPage);
        expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(
          theme === 'dark',
        );
        await page.screenshot({
          path: join(artifactsDir, `${target.name}-${language}-${theme}.png`),
        });
        if (language === 'zh' && theme === 'light') {
          for (const text of await untranslated(page)) problems.push(`${target.name}: "${text}"`);
        }
        if (target.axe && language === 'en' && theme === 'dark') {
          for (const violation of await seriousViolations(page, stack.appUrl)) {
            problems.push(`${target.name}: ${violation}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }

  it('public pages: both languages and themes, translated, accessible', async () => {
    await checkPages(publicPages);
  });

  it('remembers the language and the theme chosen in the menus across a reload', async () => {
    await setLook(page, 'en', 'light');
    await page.goto(`${stack.appUrl}/login`);
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);

    await switchLanguage(page, 'zh');
    const panel = new PreferencesPanel(page);
    await panel.open();
    await panel.choose('theme', '深色');
    await expect
      .poll(() => page.evaluate(() => document.body.className))
      .toContain('awsui-dark-mode');
    await page.screenshot({ path: join(artifactsDir, 'preferences-zh-dark.png') });
    await panel.close();

    await page.reload();
    await page.locator('[data-testid="dashboard-figures"]').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toMatch(/^zh/);
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(
      true,
    );
    const cookies = await browser.context.cookies(stack.appUrl);
    const preferencesCookie = cookies.find((cookie) => cookie.name === 'ui-preferences');
    expect(decodeURIComponent(preferencesCookie?.value ?? '')).toContain('"theme":"dark"');
    expect(preferencesCookie?.path).toBe('/');
    const days = ((preferencesCookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('zh');
  });

  // Every back-office page in four looks, each loaded afresh: 44 s alone on two cores,
  // 60 s beside other test files; the default time-out was the whole margin.
  it('back-office pages: both languages and themes, translated, accessible', async () => {
    await checkPages(adminPages);
  }, 240_000);

  it('offline: says so, does not retry the save, and keeps what was typed', async () => {
    await setLook(page, 'en', 'light');
    await open(page, adminPages[2]!);
    const name = page.locator('[data-testid="product-name"] input').first();
    await name.fill('Offline Valve');
    const field = (testId: string) => page.locator(`[data-testid="${testId}"] input`).first();
    await field('product-temperature-min').fill('-10');
    await field('product-temperature-max').fill('120');
    await choose(page, 'product-fluid', 'Water');
    await field('product-connection').fill('Flanged DN50');
    await page.context().setOffline(true);
    try {
      await page.locator('[data-testid="offline-banner"]').waitFor();
      await page.locator('[data-testid="product-submit"]').first().click();
      await expect
        .poll(async () => (await page.textContent('body')) ?? '')
        .toContain('Connection failed.');
      expect(new URL(page.url()).pathname).toBe('/add-product');
      expect(await name.inputValue()).toBe('Offline Valve');
    } finally {
      await page.context().setOffline(false);
    }
    await page.locator('[data-testid="offline-banner"]').waitFor({ state: 'detached' });
  });

  it('shows the navigation as a drawer in a 1000 px window, opened by the menu button', async () => {
    await setLook(page, 'en', 'light');
    await page.setViewportSize({ width: 1000, height: 800 });
    const shell = new AppShell(page);
    try {
      await open(page, adminPages[1]!);
      expect(await shell.sideLink('/serial-numbers').isVisible()).toBe(false);
      await page.locator('[data-testid="navigation-toggle"]').click();
      await page.locator('[data-testid="navigation-drawer"]').waitFor();
      await page.screenshot({ path: join(artifactsDir, 'navigation-drawer-en-light.png') });
      await shell.sideLink('/serial-numbers').click();
      await page.waitForURL(/\/serial-numbers$/);
      await page.locator('[data-testid="navigation-drawer"]').waitFor({ state: 'detached' });
      expect(await shell.sideLink('/serial-numbers').isVisible()).toBe(false);
      // Wider again: the navigation is back beside the page, as the preference says.
      await page.setViewportSize({ width: 1400, height: 900 });
      await shell.sideLink('/products').waitFor();
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
