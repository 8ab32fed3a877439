/// <reference lib="dom" />
// Functions passed to page.evaluate / addInitScript run in the browser.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../support/browser';
import { startStackProcess, type StackInfo } from '../support/stack-process';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Cold loads per page for the Largest Contentful Paint; the median is reported. */
const lcpRuns = 5;

interface Transfer {
  js: number;
  css: number;
  files: number;
}

/** Sums the gzip size (level 9) of every script and stylesheet a page loads. */
function recordTransfers(page: Page): { read(): Promise<Transfer> } {
  const pending: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(response.body().then((body) => [type, gzipSync(body, { level: 9 }).length]));
  });
  return {
    read: async () => {
      const sizes = await Promise.all(pending);
      const sum = (kind: string) =>
        sizes.filter(([type]) => type === kind).reduce((total, [, size]) => total + size, 0);
      return { js: sum('script'), css: sum('stylesheet'), files: sizes.length };
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function signIn(page: Page, stack: StackInfo): Promise<void> {
  await page.goto(`${stack.appUrl}/login`);
  await page.locator('[data-testid="login-email"] input').fill(stack.admin.email);
  await page.locator('[data-testid="login-password"] input').fill(stack.admin.password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL(/\/dashboard$/);
  await page.locator('[data-testid="dashboard-figures"]').waitFor();
}

/** JS and CSS a first visit to `path` loads, in a fresh context (empty cache). */
async function initialLoad(context: BrowserContext, url: string, ready: string): Promise<Transfer> {
  const page = await context.newPage();
  const transfers = recordTransfers(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(`[data-testid="${ready}"]`).first().waitFor();
  const result = await transfers.read();
  await page.close();
  return result;
}

/** Largest Contentful Paint of one cold load, read from a buffered PerformanceObserver. */
async function coldLcp(browser: Browser, url: string, ready: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    // A function, not a string: the app's CSP (`script-src 'self'`) forbids eval.
    await context.addInitScript(() => {
      const store = window as unknown as { lcp?: number };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator(`[data-testid="${ready}"]`).first().waitFor();
    // LCP entries are reported after the frame is painted: give it one more frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const lcp = await page.evaluate(() => (window as unknown as { lcp?: number }).lcp);
    if (lcp === undefined) throw new Error(`No largest-contentful-paint entry for ${url}`);
    return lcp;
  } finally {
    await context.close();
  }
}

/**
 * Initial JS/CSS (gzip) per route group — the public report page, the sign-in pages and
 * the back-office — and the Largest Contentful Paint of /login and /search.
 */
export async function run(): Promise<void> {
  const stack = await startStackProcess();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const { appUrl } = stack.info;
    console.log('Initial JS/CSS, gzip level 9 of each script and stylesheet the page loads:');
    for (const [label, path, ready] of [
      ['public  /search', '/search', 'report-center'],
      ['auth    /login ', '/login', 'login-form'],
    ] as const) {
      const context = await browser.newContext();
      const load = await initialLoad(context, `${appUrl}${path}`, ready);
      await context.close();
      console.log(`  ${label}: JS ${kb(load.js)}, CSS ${kb(load.css)}, ${load.files} files`);
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    const afterLogin = recordTransfers(page);
    await signIn(page, stack.info);
    const added = await afterLogin.read();
    await page.close();
    // A signed-in user opening /dashboard directly: everything it needs, from nothing.
    const dashboard = await initialLoad(context, `${appUrl}/dashboard`, 'dashboard-figures');
    await context.close();
    console.log(
      `  admin   /dashboard (signed in, opened directly): JS ${kb(dashboard.js)}, CSS ${kb(dashboard.css)}, ${dashboard.files} files`,
    );
    console.log(
      `  (sign-in on /login, then /dashboard: JS ${kb(added.js)}, CSS ${kb(added.css)} in all, ${added.files} files)`,
    );

    console.log(
      `\nLargest Contentful Paint, headless Chromium ${browser.version()}, 1400×900, local stack,` +
        ` no throttling; median of ${lcpRuns} cold loads, each in a fresh browser context` +
        ` (empty cache), from a buffered PerformanceObserver read once the page is ready:`,
    );
    for (const [path, ready] of [
      ['/login', 'login-form'],
      ['/search', 'report-center'],
    ] as const) {
      const runs: number[] = [];
      for (let index = 0; index < lcpRuns; index += 1) {
        runs.push(await coldLcp(browser, `${appUrl}${path}`, ready));
      }
      console.log(`  ${path.padEnd(8)} ${ms(median(runs))} (runs: ${runs.map(ms).join(', ')})`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}
