import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { backOfficePlugins, pageBuild, reportCenterPlugins } from '../../../web/vite.config';

/** A page's floor: the least any page doing its job can load on this stack (gzip level 9). */
export interface WebFloor {
  name: 'search' | 'login' | 'products' | 'products-libraries';
  /** What the floor's entry holds, as the bench prints it. */
  holds: string;
  js: number;
  css: number;
}

const floors: readonly Omit<WebFloor, 'js' | 'css'>[] = [
  { name: 'search', holds: 'React, react-dom, the public form’s Cloudscape components' },
  { name: 'login', holds: 'React, react-dom, Amplify sign-in, the login form’s components' },
  {
    name: 'products',
    holds: 'React, react-dom, react-router, session, app layout, navigations, table, preferences',
  },
  { name: 'products-libraries', holds: 'the products floor, with i18next and a zod schema' },
];

/**
 * Builds each floor entry of this folder with the Vite settings and plugins of the page
 * it stands for (web/vite.config.ts: the public page's build for `search`, the back
 * office's for the others) into a temporary folder, and sums the gzip size of every
 * script and stylesheet it emits: a floor loads everything it has (no lazy chunk). A
 * floor draws only part of its page, so the page's icon list may hold icons it does not
 * name (`partOfPage`).
 */
export async function measureWebFloors(): Promise<WebFloor[]> {
  const measured: WebFloor[] = [];
  for (const floor of floors) {
    const outDir = mkdtempSync(join(tmpdir(), `web-floor-${floor.name}-`));
    try {
      const base = pageBuild('build');
      await build({
        ...base,
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        plugins: [
          ...(floor.name === 'search'
            ? reportCenterPlugins({ partOfPage: true })
            : backOfficePlugins({ partOfPage: true })),
          ...(base.plugins ?? []),
        ],
        build: {
          ...base.build,
          outDir,
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: { input: join(import.meta.dirname, `${floor.name}.tsx`) },
        },
      });
      const files = readdirSync(join(outDir, 'assets')).map((file) => join(outDir, 'assets', file));
      const gzip = (extension: string) =>
        files
          .filter((file) => file.endsWith(extension))
          .reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
      measured.push({ ...floor, js: gzip('.js'), css: gzip('.css') });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  return measured;
}
