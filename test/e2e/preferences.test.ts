/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { artifactsDir, launchBrowser } from '../support/browser';
import { seriousViolations, settled, untranslated } from './checks';
import { LoginPage, PreferencesPanel } from './pages';

const stack = inject('stack');

const defaultViewport = { width: 1400, height: 900 };

/** What the page shows of the preferences: read from the DOM, as the tests assert it. */
async function shell(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element) : undefined;
    };
    const top = document.querySelector('[data-testid="top-bar"]') as HTMLElement | null;
    const nav = document.querySelector('[data-testid="side-navigation"]') as HTMLElement | null;
    const navLink = nav?.querySelector('a:not([aria-current])');
    const horizontal = document.querySelector('[data-testid="horizontal-navigation"]');
    const content = document.querySelector('[data-testid="app-content"]') as HTMLElement | null;
    return {
      dark: document.body.classList.contains('awsui-dark-mode'),
      compact: document.body.classList.contains('awsui-compact-mode'),
      bordered: document.body.classList.contains('preferences-skin-bordered'),
      // The container around the dashboard's figures: its shadow and its border.
      ...(() => {
        let element = document.querySelector('[data-testid="dashboard-figures"]');
        while (element && getComputedStyle(element).borderTopWidth !== '1px') {
          element = element.parentElement;
        }
        const container = element ? getComputedStyle(element) : undefined;
        return {
          containerShadow: container?.boxShadow,
          containerBorder: container?.borderTopColor,
        };
      })(),
      schemeStyles: [...document.querySelectorAll('style[data-cloudscape-theme^="primary-"]')].map(
        (element) => (element as HTMLElement).dataset.cloudscapeTheme,
      ),
      buttonBorder: style('[data-testid="dashboard-refresh"]')?.borderTopColor,
      layout: content?.dataset.layout,
      contentWidth: content?.getBoundingClientRect().width ?? 0,
      sideNavigationShown: Boolean(nav && nav.getBoundingClientRect().width > 0),
      semiDark: nav?.classList.contains('cloudscape-dark-region') ?? false,
      navLinkColor: navLink ? getComputedStyle(navLink).color : undefined,
      horizontalItems: horizontal
        ? [...horizontal.querySelectorAll('a')].map((a) => a.textContent)
        : [],
      horizontalActive: horizontal?.querySelector('a[aria-current="page"]')?.getAttribute('href'),
      navbar: top ? getComputedStyle(top).position : 'none',
      glass: top?.dataset.glass === 'true',
      backdrop: top ? getComputedStyle(top).backdropFilter : 'none',
      footer: style('[data-testid="app-footer"]')?.position ?? 'none',
    };
  });
}

/** `rgb(r, g, b)` of `#rrggbb`. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;

/** Relative luminance of `rgb(r, g, b)`, to tell light text from dark. */
function luminance(color: string | undefined): number {
  const [r = 0, g = 0, b = 0] = (color?.match(/\d+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

type Shell = Awaited<ReturnType<typeof shell>>;

interface PreferenceCase {
  name: string;
  /** Preference and the label of the choice to click, in order. */
  choose: [preference: string, label: string][];
  /** What the page shows once the choice applies (and again after a reload). */
  shows: (state: Shell, baseline: Shell) => void;
  /** The cookie holds these values afterwards. */
  stored: Record<string, string>;
  viewport?: { width: number; height: number };
  /** Scrolled this far before the screenshots and checks. */
  scroll?: number;
}

const cases: PreferenceCase[] = [
  {
    name: 'theme-dark',
    choose: [['theme', 'Dark']],
    shows: (s) => expect(s.dark).toBe(true),
    stored: { theme: 'dark' },
  },
  {
    name: 'skin-bordered',
    choose: [['skin', 'Bordered']],
    shows: (s, base) => {
      // By default a soft shadow and no visible border; bordered: the reverse.
      expect(base.containerShadow).toMatch(/8px 2px/);
      expect(base.containerBorder).toBe('rgba(0, 0, 0, 0)');
      expect(s.bordered).toBe(true);
      expect(s.containerShadow).toBe('none');
      expect(s.containerBorder).toBe(rgb('#c6c6cd'));
    },
    stored: { skin: 'bordered' },
  },
  {
    name: 'colour-green',
    choose: [['primaryColor', 'Green']],
    shows: (s) => {
      expect(s.schemeStyles).toEqual(['primary-green']);
      expect(s.buttonBorder).toBe(rgb('#087a57'));
    },
    stored: { primaryColor: 'green' },
  },
  {
    name: 'colour-purple',
    choose: [['primaryColor', 'Purple']],
    shows: (s) => {
      expect(s.schemeStyles).toEqual(['primary-purple']);
      expect(s.buttonBorder).toBe(rgb('#7238d8'));
    },
    stored: { primaryColor: 'purple' },
  },
  {
    name: 'layout-horizontal',
    choose: [['layout', 'Horizontal']],
    shows: (s) => {
      expect(s.layout).toBe('horizontal');
      expect(s.sideNavigationShown).toBe(false);
      expect(s.horizontalItems).toEqual([
        'Dashboard',
        'Products',
        'Serial Numbers',
        'Machine Data',
        'Statistics',
        'Search History',
        'Staffs',
        'Activity',
        'Site settings',
      ]);
      expect(s.horizontalActive).toBe('/dashboard');
    },
    stored: { layout: 'horizontal', navigation: 'expanded' },
  },
  {
    name: 'layout-collapsed',
    choose: [['layout', 'Collapsed']],
    shows: (s) => {
      expect(s.layout).toBe('collapsed');
      expect(s.sideNavigationShown).toBe(false);
      expect(s.horizontalItems).toEqual([]);
    },
    stored: { layout: 'collapsed', navigation: 'collapsed' },
  },
  {
    name: 'navigation-collapsed',
    choose: [['navigation', 'Collapsed']],
    shows: (s) => {
      expect(s.layout).toBe('collapsed');
      expect(s.sideNavigationShown).toBe(false);
    },
    stored: { layout: 'collapsed', navigation: 'collapsed' },
  },
  {
    name: 'semi-dark-off',
    choose: [['semiDarkNavigation', 'Off']],
    shows: (s, base) => {
      expect(base.semiDark).toBe(true);
      expect(luminance(base.navLinkColor)).toBeGreaterThan(0.6);
      expect(s.semiDark).toBe(false);
      expect(luminance(s.navLinkColor)).toBeLessThan(0.4);
    },
    stored: { semiDarkNavigation: 'off' },
  },
  {
    name: 'navbar-static',
    choose: [['navbar', 'Static']],
    shows: (s, base) => {
      expect(base.navbar).toBe('sticky');
      expect(s.navbar).toBe('relative');
    },
    stored: { navbar: 'static' },
    viewport: { width: 1400, height: 500 },
    scroll: 300,
  },
  {
    name: 'navbar-hidden',
    choose: [['navbar', 'Hidden']],
    shows: (s) => expect(s.navbar).toBe('none'),
    stored: { navbar: 'hidden' },
  },
  {
    name: 'navbar-blur-off',
    choose: [['navbarBlur', 'Off']],
    shows: (s, base) => {
      // Scrolled under a sticky bar: blurred and see-through by default, opaque when off.
      expect(base.glass).toBe(true);
      expect(base.backdrop).toBe('blur(10px)');
      expect(s.glass).toBe(false);
      expect(s.backdrop).toBe('none');
    },
    stored: { navbarBlur: 'off' },
    viewport: { width: 1400, height: 500 },
    scroll: 300,
  },
  {
    name: 'footer-sticky',
    choose: [['footer', 'Sticky']],
    shows: (s, base) => {
      expect(base.footer).toBe('static');
      expect(s.footer).toBe('sticky');
    },
    stored: { footer: 'sticky' },
    viewport: { width: 1400, height: 500 },
  },
  {
    name: 'footer-hidden',
    choose: [['footer', 'Hidden']],
    shows: (s) => expect(s.footer).toBe('none'),
    stored: { footer: 'hidden' },
    // The end of the page, where a static footer is.
    scroll: 5000,
  },
  {
    name: 'content-full',
    choose: [['contentWidth', 'Full width']],
    shows: (s, base) => expect(s.contentWidth).toBeGreaterThan(base.contentWidth + 100),
    stored: { contentWidth: 'full' },
    viewport: { width: 1920, height: 900 },
  },
  {
    name: 'density-compact',
    choose: [['density', 'Compact']],
    shows: (s) => expect(s.compact).toBe(true),
    stored: { density: 'compact' },
  },
];

describe('interface preferences', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    // Cloudscape turns its transitions off: a style is read when it has settled.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${stack.appUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function dashboardReady() {
    await page.locator('[data-testid="dashboard-figures"]').waitFor();
    await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
  }

  /** Opens the dialog from the user menu, or from the navigation while the top bar is hidden. */
  async function openPanel(): Promise<PreferencesPanel> {
    const panel = new PreferencesPanel(page);
    if ((await page.locator('[data-testid="top-bar"]').count()) > 0) {
      await panel.open();
    } else {
      await page
        .locator('[data-testid="side-navigation"] a[href="#interface-preferences"]')
        .click();
      await panel.modal().waitFor();
    }
    return panel;
  }

  async function resetPreferences() {
    const panel = await openPanel();
    await panel.reset();
    await panel.close();
  }

  async function storedPreferences(): Promise<Record<string, string>> {
    const cookie = (await browser.context.cookies(stack.appUrl)).find(
      (item) => item.name === 'ui-preferences',
    );
    return JSON.parse(decodeURIComponent(cookie?.value ?? '{}')) as Record<string, string>;
  }

  /** Settles the page (transitions, scroll) and takes its picture. */
  async function picture(name: string, scroll = 0): Promise<Buffer> {
    await page.evaluate((top) => window.scrollTo(0, top), scroll);
    await settled(page); // the layout and the theme, and what the scroll changes
    return page.screenshot({ path: join(artifactsDir, `preference-${name}.png`) });
  }

  it.each(cases)(
    '$name: changes the page, survives a reload, stays accessible',
    async ({ name, choose, shows, stored, viewport = defaultViewport, scroll = 0 }) => {
      // Each case starts from the defaults, whatever an earlier case left behind.
      await browser.context.clearCookies({ name: 'ui-preferences' });
      await page.evaluate(() => localStorage.removeItem('ui-preferences'));
      await page.setViewportSize(viewport);
      await page.goto(`${stack.appUrl}/dashboard`);
      await dashboardReady();
      const before = await picture(`${name}-before`, scroll);
      const baseline = await shell(page);

      const panel = await openPanel();
      for (const [preference, label] of choose) await panel.choose(preference, label);
      await panel.close();
      const after = await picture(name, scroll);
      await vi.waitFor(async () => shows(await shell(page), baseline), {
        timeout: 10_000,
        interval: 200,
      });
      expect(after.equals(before), 'the screenshot changed').toBe(false);
      expect(await storedPreferences()).toMatchObject(stored);

      await page.reload();
      await dashboardReady();
      await page.evaluate((top) => window.scrollTo(0, top), scroll);
      await vi.waitFor(async () => shows(await shell(page), baseline), {
        timeout: 10_000,
        interval: 200,
      });
      expect(await seriousViolations(page, stack.appUrl)).toEqual([]);

      await resetPreferences();
      expect(await storedPreferences()).toMatchObject({
        theme: 'light',
        skin: 'default',
        layout: 'vertical',
        navbar: 'sticky',
        footer: 'static',
        navigation: 'expanded',
        contentWidth: 'boxed',
        navbarBlur: 'on',
        semiDarkNavigation: 'on',
        primaryColor: 'blue',
      });
      await page.setViewportSize(defaultViewport);
    },
  );

  it('follows the operating system with the System theme, live', async () => {
    await page.goto(`${stack.appUrl}/dashboard`);
    await dashboardReady();
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      const panel = await openPanel();
      await panel.choose('theme', 'System');
      await panel.close();
      expect((await shell(page)).dark).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(async () => (await shell(page)).dark).toBe(false);
    } finally {
      await page.emulateMedia({ colorScheme: null });
      await resetPreferences();
    }
  });

  it('keeps the top bar of the horizontal layout: a hidden one turns sticky, hiding is refused', async () => {
    await page.goto(`${stack.appUrl}/dashboard`);
    await dashboardReady();
    let panel = await openPanel();
    await panel.choose('navbar', 'Hidden');
    await panel.close();
    expect((await shell(page)).navbar).toBe('none');
    panel = await openPanel();
    await panel.choose('layout', 'Horizontal');
    expect(await storedPreferences()).toMatchObject({ layout: 'horizontal', navbar: 'sticky' });
    expect(await panel.isDisabled('navbar', 'Hidden')).toBe(true);
    expect(await panel.isDisabled('navigation', 'Collapsed')).toBe(true);
    await page.screenshot({ path: join(artifactsDir, 'preferences-dialog-horizontal.png') });
    await panel.close();
    expect((await shell(page)).navbar).toBe('sticky');
    await resetPreferences();
  });

  it('shows the horizontal layout as vertical below 1279 px, and horizontal again above', async () => {
    await page.goto(`${stack.appUrl}/products`);
    await page.locator('[data-testid="products-table"]').waitFor();
    const panel = await openPanel();
    await panel.choose('layout', 'Horizontal');
    await panel.close();
    expect((await shell(page)).horizontalActive).toBe('/products');
    try {
      await page.setViewportSize({ width: 1200, height: 800 });
      await expect.poll(async () => (await shell(page)).layout).toBe('drawer');
      expect((await shell(page)).horizontalItems).toEqual([]);
      await page.locator('[data-testid="navigation-toggle"]').click();
      await page.locator('[data-testid="navigation-drawer"]').waitFor();
      await page.screenshot({ path: join(artifactsDir, 'layout-horizontal-at-1200.png') });
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="navigation-drawer"]').waitFor({ state: 'detached' });

      await page.setViewportSize({ width: 1400, height: 900 });
      await expect.poll(async () => (await shell(page)).layout).toBe('horizontal');
      expect((await shell(page)).horizontalActive).toBe('/products');
      await page.screenshot({ path: join(artifactsDir, 'layout-horizontal-at-1400.png') });
      expect(await storedPreferences()).toMatchObject({ layout: 'horizontal' });
    } finally {
      await page.setViewportSize(defaultViewport);
      await resetPreferences();
    }
  });

  it('follows the horizontal menu to another page, which it then marks', async () => {
    await page.goto(`${stack.appUrl}/dashboard`);
    await dashboardReady();
    const panel = await openPanel();
    await panel.choose('layout', 'Horizontal');
    await panel.close();
    await page.locator('[data-testid="horizontal-navigation"] a[href="/serial-numbers"]').click();
    await page.waitForURL(/\/serial-numbers$/);
    await expect.poll(async () => (await shell(page)).horizontalActive).toBe('/serial-numbers');
    // An add page marks the list it belongs to, as the side navigation does.
    await page.goto(`${stack.appUrl}/add-product`);
    await page.locator('[data-testid="product-name"]').first().waitFor();
    await expect.poll(async () => (await shell(page)).horizontalActive).toBe('/products');
    await resetPreferences();
  });

  const looks = [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'zh', theme: 'light' },
    { language: 'zh', theme: 'dark' },
  ] as const;
  const layouts = [
    { name: 'vertical-default-blue', stored: {} },
    {
      name: 'vertical-bordered-semidark-off-green',
      stored: { skin: 'bordered', semiDarkNavigation: 'off', primaryColor: 'green' },
    },
    {
      name: 'horizontal-bordered-purple',
      stored: { layout: 'horizontal', skin: 'bordered', primaryColor: 'purple' },
    },
    { name: 'collapsed-default-green', stored: { layout: 'collapsed', primaryColor: 'green' } },
  ];

  it('draws each layout in both languages and themes, translated and accessible', async () => {
    const problems: string[] = [];
    for (const { language, theme } of looks) {
      for (const layout of layouts) {
        await page.evaluate(
          ({ language, stored }) => {
            localStorage.setItem('lang', language);
            localStorage.setItem('ui-preferences', JSON.stringify(stored));
          },
          { language, stored: { ...layout.stored, theme } },
        );
        await page.goto(`${stack.appUrl}/dashboard`);
        await dashboardReady();
        await settled(page);
        const name = `layout-${layout.name}-${language}-${theme}`;
        await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
        if (language === 'zh') {
          for (const text of await untranslated(page)) problems.push(`${name}: "${text}"`);
        }
        for (const violation of await seriousViolations(page, stack.appUrl)) {
          problems.push(`${name}: ${violation}`);
        }
      }
      // The dialog itself, with its preview, in this look.
      const panel = await openPanel();
      await settled(page);
      await page.screenshot({
        path: join(artifactsDir, `preferences-dialog-${language}-${theme}.png`),
      });
      if (language === 'zh') {
        for (const text of await untranslated(page)) problems.push(`dialog ${language}: "${text}"`);
      }
      for (const violation of await seriousViolations(page, stack.appUrl)) {
        problems.push(`dialog ${language}-${theme}: ${violation}`);
      }
      await panel.close();
    }
    expect(problems).toEqual([]);
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.removeItem('ui-preferences');
    });
    // Sixteen page loads and twenty accessibility runs: more than the default minute on a
    // busy machine.
  }, 180_000);
});
