import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startStackProcess } from '../support/stack-process';

interface Transfer {
  js: number;
  css: number;
  files: number;
}

/** Watches a page and sums the gzip size of every script and stylesheet it loads. */
function recordTransfers(page: Page): { reset(): void; read(): Promise<Transfer> } {
  let pending: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(response.body().then((body) => [type, gzipSync(body, { level: 9 }).length]));
  });
  return {
    reset: () => (pending = []),
    read: async () => {
      const sizes = await Promise.all(pending);
      return {
        js: sizes.filter(([type]) => type === 'script').reduce((sum, [, size]) => sum + size, 0),
        css: sizes
          .filter(([type]) => type === 'stylesheet')
          .reduce((sum, [, size]) => sum + size, 0),
        files: sizes.length,
      };
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;

/**
 * Gzip size of the JS and CSS a browser actually loads: the public Test Report Center
 * (/search, its own light page), the login page (a first visit) and, after signing in,
 * what the dashboard adds on top; then /search against the back office.
 */
export async function run(): Promise<void> {
  const stack = await startStackProcess();
  const browser = await launchBrowser();
  try {
    // A first visit to the public page, in a page of its own (nothing cached).
    const visitor = await browser.context.newPage();
    const visitorTransfers = recordTransfers(visitor);
    await visitor.goto(`${stack.info.appUrl}/search`, { waitUntil: 'networkidle' });
    await visitor.locator('[data-testid="report-center"]').waitFor();
    const search = await visitorTransfers.read();
    await visitor.close();
    console.log(
      `/search (first visit): JS ${kb(search.js)}, CSS ${kb(search.css)} gzip, ${search.files} files`,
    );

    const page = await browser.context.newPage();
    const transfers = recordTransfers(page);
    await page.goto(`${stack.info.appUrl}/login`, { waitUntil: 'networkidle' });
    const login = await transfers.read();
    console.log(
      `/login (first visit): JS ${kb(login.js)}, CSS ${kb(login.css)} gzip, ${login.files} files`,
    );

    transfers.reset();
    await page.locator('[data-testid="login-email"] input').fill(stack.info.admin.email);
    await page.locator('[data-testid="login-password"] input').fill(stack.info.admin.password);
    await page.locator('[data-testid="login-submit"]').click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('[data-testid="dashboard-figures"]').waitFor();
    const dashboard = await transfers.read();
    console.log(
      `/dashboard (added after sign-in): JS ${kb(dashboard.js)}, CSS ${kb(dashboard.css)} gzip, ${dashboard.files} files`,
    );
    const admin = { js: login.js + dashboard.js, css: login.css + dashboard.css };
    console.log(`/dashboard (total): JS ${kb(admin.js)}, CSS ${kb(admin.css)} gzip`);
    console.log(
      `/search vs the admin app (/login + /dashboard): JS ${kb(search.js)} vs ${kb(admin.js)}` +
        ` (${percent(search.js, admin.js)}, ${(admin.js / search.js).toFixed(1)}× smaller),` +
        ` CSS ${kb(search.css)} vs ${kb(admin.css)} (${percent(search.css, admin.css)});` +
        ` target for /search JS: at most 130 kB`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}
