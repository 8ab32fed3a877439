/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../bin/local/settings';
import { artifactsDir } from '../support/browser';

/** Checks of a page as a person meets it: accessibility, language, looks. */

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical accessibility violations axe-core finds on the page. */
export async function seriousViolations(page: Page, appUrl: string): Promise<string[]> {
  // Colours read halfway through a transition would be neither the old nor the new ones.
  await settled(page);
  // The CSP allows scripts from the app's origin only: serve axe from there.
  await page.route('**/__axe.js', (route) =>
    route.fulfill({ body: axeSource, contentType: 'application/javascript' }),
  );
  await page.addScriptTag({ url: `${appUrl}/__axe.js` });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(
      document,
    ),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Top-level groups of the app's i18n keys (web and catalogue): `audit.title` is a raw key. */
const rawKey = new RegExp(
  `\\b(?:${[
    ...Object.keys(
      JSON.parse(readFileSync(join(repoRoot, 'web/src/i18n/locales/en.json'), 'utf8')) as object,
    ),
    ...Object.keys(
      JSON.parse(
        readFileSync(join(repoRoot, 'lambdas/shared/contract/messages/en.json'), 'utf8'),
      ) as object,
    ),
  ].join('|')})\\.[a-zA-Z][\\w-]*\\b`,
);

/** English interface words that must not remain on a Chinese page (the shell's and the account pages'). */
export const englishUiWords = [
  'Dashboard',
  'Products',
  'Serial Numbers',
  'Staffs',
  'Search History',
  'Sign out',
  'Loading',
  'Cancel',
  'Preferences',
  'Previous page',
  'Next page',
  'Open navigation',
  'Close',
  'Actions',
  'Account settings',
  'User profile',
  'Change password',
  'Sign out of all devices',
  'Member since',
  'Interface preferences',
  'Colour scheme',
  'Reset to defaults',
] as const;

/**
 * Visible texts and accessible labels of the page that are raw keys or contain one of
 * `englishWords` (by default {@link englishUiWords}), except those containing one of
 * `data` (test data is English on purpose).
 */
export async function untranslated(
  page: Page,
  englishWords: readonly string[] = englishUiWords,
  data: readonly string[] = [],
): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.tagName === 'SCRIPT' || parent.tagName === 'STYLE') continue;
      if (parent.closest('[hidden]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const words = englishWords.map((word) => new RegExp(`\\b${word}\\b`));
  return texts.filter(
    (text) =>
      // An address such as audit.staff.1a2b@example.com, or a file's name such as bulk.csv
      // (an import's), is data, not a raw key.
      rawKey.test(text.replace(/[\w.+-]+@[\w.-]+/g, '').replace(/[\w.-]+\.(?:csv|pdf)\b/g, '')) ||
      (!data.some((value) => text.includes(value)) && words.some((word) => word.test(text))),
  );
}

/** Remembers language and theme the way the app does, for the next page load. */
export async function setLook(page: Page, language: 'en' | 'zh', theme: 'light' | 'dark') {
  await page.evaluate(
    ({ language, theme }) => {
      localStorage.setItem('lang', language);
      const current = JSON.parse(localStorage.getItem('ui-preferences') ?? '{}') as object;
      localStorage.setItem('ui-preferences', JSON.stringify({ ...current, theme }));
    },
    { language, theme },
  );
}

/**
 * Waits until the page has settled: three animation frames in a row without a change of
 * the DOM, a finite animation or transition running, or a scroll (a smooth one included).
 * Before a screenshot or a style read, instead of a fixed pause: it takes as long as the
 * page needs, on a quiet machine or a busy one.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let changed = false;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        let position = `${scrollX},${scrollY}`;
        let quiet = 0;
        const frame = () => {
          const moving = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().endTime !== Infinity,
            );
          const now = `${scrollX},${scrollY}`;
          quiet = changed || moving || now !== position ? 0 : quiet + 1;
          changed = false;
          position = now;
          if (quiet < 3) {
            requestAnimationFrame(frame);
          } else {
            observer.disconnect();
            resolve();
          }
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Opens a page afresh and waits for it and its API calls. */
export async function openPage(page: Page, url: string, ready: string) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(`[data-testid="${ready}"]`).first().waitFor();
  await page.locator('[data-testid="page-loader"]').waitFor({ state: 'detached' });
  await page.locator('[data-testid="loading-bar"]').waitFor({ state: 'detached' });
}

/**
 * A screenshot of the whole page. The window is made as tall as the page rather than
 * using Playwright's full-page capture, which briefly lays the page out at a size the
 * app layout reads as too narrow (it then collapses the side navigation).
 */
export async function screenshot(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: viewport.width,
    height: Math.min(Math.max(height, viewport.height), 2400),
  });
  try {
    await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  } finally {
    await page.setViewportSize(viewport);
  }
}
