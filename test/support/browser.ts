import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.on('page', retryRefusedScreenshots);
    return context;
  };
  return {
    browser,
    context: await newContext(),
    newContext,
    close: () => browser.close(),
  };
}

/**
 * Chromium now and then refuses one capture ("Protocol error (Page.captureScreenshot):
 * Unable to capture screenshot") and takes the same picture when asked again a moment
 * later (seen once in an e2e run beside another file on two busy cores). Every page of a
 * test browser asks up to twice more before the refusal fails the test; any other error
 * fails it at once.
 */
function retryRefusedScreenshots(page: Page): void {
  const capture = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await capture(options);
      } catch (error) {
        if (attempt === 3 || !/Unable to capture screenshot/.test(String(error))) throw error;
        await delay(250);
      }
    }
  };
}
