import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStackProcess } from '../support/stack-process';
import {
  bundleStatsDir,
  explainPageLoad,
  kb,
  pageLoadOf,
  readBundleStats,
  staticPageFiles,
} from '../support/web-bundle';
import { launchChromium, measureWebPages } from '../support/web-pages';
import { measureWebFloors } from './web-floors/build';

/**
 * Gzip size (level 9) of the JS and CSS a browser loads when each page of
 * test/support/web-pages.ts is opened directly, against the page-weight targets; then, per
 * page, its largest scripts and stylesheets, what makes them large and who pulls that in
 * (from the build's statistics, web/build/bundle-stats.ts). Beside each page, its
 * floor: the least a page doing its job loads with the same stack and build settings
 * (./web-floors, built to a temporary folder), and the page/floor ratio. Serves web/dist
 * as the last `npm run build:web` left it.
 */
export async function run(): Promise<void> {
  // The stack builds web/dist when its sources changed: read the statistics after it.
  const stack = await startStackProcess();
  const stats = {
    index: readBundleStats('index'),
    search: readBundleStats('search'),
    login: readBundleStats('login'),
  };
  const browser = await launchChromium();
  try {
    const loads = await measureWebPages(browser, stack.info);
    const verdict = (value: number, target: number) => (value <= target * 1024 ? 'ok' : 'OVER');
    console.log('First load, gzip level 9 of every script and stylesheet (1 kB = 1024 bytes):');
    for (const [page, load] of loads) {
      console.log(
        `  ${page.label.padEnd(40)} JS ${kb(load.js).padStart(9)} (target ${page.target.js} kB, ${verdict(load.js, page.target.js)})` +
          `  CSS ${kb(load.css).padStart(8)} (target ${page.target.css} kB, ${verdict(load.css, page.target.css)})` +
          `  ${load.files.length} files`,
      );
    }
    // What no page doing the same job can go below with this stack (./web-floors).
    const floors = new Map((await measureWebFloors()).map((floor) => [floor.name, floor]));
    console.log(
      '\nFloors (test/bench/web-floors, same Vite settings and package versions), page/floor:',
    );
    for (const [page, load] of loads) {
      for (const floor of (page.floors ?? []).map((name) => floors.get(name)!)) {
        const unreachable = [
          floor.js > page.target.js * 1024 && 'JS',
          floor.css > page.target.css * 1024 && 'CSS',
        ].filter(Boolean);
        console.log(
          `  ${page.label.padEnd(40)} JS ${kb(floor.js).padStart(9)} (×${(load.js / floor.js).toFixed(2)})` +
            `  CSS ${kb(floor.css).padStart(8)} (×${(load.css / floor.css).toFixed(2)})` +
            `  ${unreachable.length ? `floor above the ${unreachable.join(' and ')} target` : 'floor within target'}` +
            `  [${floor.name}: ${floor.holds}]`,
        );
      }
    }
    // The unit test (test/unit/web-budgets.test.ts) reads the same figures from the build:
    // say when the browser loads other files than the build says it would.
    for (const [page, load] of loads) {
      const pageStats = stats[page.build];
      if (!pageStats) continue;
      const predicted = pageLoadOf(staticPageFiles(pageStats, page.lazy));
      const expected = new Set(predicted.files.map((file) => file.file));
      const loaded = new Set(load.files.map((file) => file.file));
      const unexpected = [...loaded].filter((file) => !expected.has(file));
      const missing = [...expected].filter((file) => !loaded.has(file));
      if (unexpected.length || missing.length) {
        console.log(
          `  ${page.label}: the build's figures (JS ${kb(predicted.js)}, CSS ${kb(predicted.css)}) ` +
            `miss what the browser loaded: ${unexpected.join(', ') || 'nothing'}; ` +
            `and count what it did not: ${missing.join(', ') || 'nothing'} ` +
            `(update \`lazy\` in test/support/web-pages.ts)`,
        );
      }
    }
    // For a closer look afterwards (e.g. which files a page loaded), next to the statistics.
    writeFileSync(
      join(bundleStatsDir, 'last-loads.json'),
      JSON.stringify([...loads].map(([page, load]) => ({ path: page.path, ...load }))),
    );
    for (const [page, load] of loads) {
      console.log(`\n${page.label}:`);
      const pageStats = stats[page.build];
      if (!pageStats) {
        console.log('  (no bundle statistics: run npm run build:web)');
        continue;
      }
      // WEB_SIZE_DETAIL=n lists n files and 2n parts per page (default 6).
      const detail = Number(process.env.WEB_SIZE_DETAIL) || 6;
      for (const line of explainPageLoad(load, pageStats, { files: detail })) console.log(line);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}
