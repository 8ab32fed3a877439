import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { repoRoot } from '../../bin/local/settings';

/** Debian's Chromium; Playwright's own browser download is not possible here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots are kept here (git-ignored) for a person to look at. */
export const artifactsDir = join(repoRoot, 'test-artifacts');

export interface TestBrowser {
  browser: Browser;
  /** The first context: a fresh profile (cookies, storage, cache) of its own. */
  context: BrowserContext;
  /**
   * Another fresh profile in the same Chromium: another person or device, or a test that
   * starts from nothing. Each context has a window of its own. Two pages of one context
   * are tabs of one window, and headless Chromium often slows the one behind to a frame a
   * second (requestAnimationFrame), which makes every Playwright action on it wait about 2 s
   * for the element to be stable: a page that must go on working beside another one needs
   * a context of its own.
   */
  newContext(): Promise<BrowserContext>;
  /** Closes the browser and with it every context. */
  close(): Promise<void>;
}

/** A headless Chromium, launched once per test file, with a first fresh context. */
export async function launchBrowser(): Promise<TestBrowser> {
  mkdirSync(artifactsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = () => browser.newContext({ viewport: { width: 1400, height: 900 } });
  return {
    browser,
    context: await newContext(),
    newContext,
    close: () => browser.close(),
  };
}
