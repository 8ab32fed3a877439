/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../bin/local/settings';

/** Checks the end-to-end tests run on any page: untranslated text, accessibility. */

/** Top-level groups of the app's i18n keys: text like `nav.products` is an untranslated key. */
const keyNamespaces = [
  ...Object.keys(
    JSON.parse(readFileSync(join(repoRoot, 'web/src/i18n/locales/en.json'), 'utf8')) as object,
  ),
  'errors',
  'validation',
];
const rawKey = new RegExp(`\\b(?:${keyNamespaces.join('|')})\\.[a-zA-Z][\\w-]*\\b`);

/** English interface words that must not remain on a Chinese page. */
const englishUiWords = [
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
];

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Every text node and accessible label of the page. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent === 'SCRIPT' || parent === 'STYLE') continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

export async function untranslated(page: Page): Promise<string[]> {
  const texts = await visibleTexts(page);
  const words = englishUiWords.map((word) => new RegExp(`\\b${word}\\b`));
  return texts.filter((text) => rawKey.test(text) || words.some((word) => word.test(text)));
}

/** Serious and critical accessibility violations found by axe-core. */
export async function seriousViolations(page: Page, appUrl: string): Promise<string[]> {
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
