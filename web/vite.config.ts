import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { backOfficeChunks } from './build/back-office-chunks.ts';
import { bundleStats } from './build/bundle-stats.ts';
import { cloudscapeTheming } from './build/cloudscape-theming.ts';
import { extractInlineFonts } from './build/extract-inline-fonts.ts';
import { backOfficeIcons, reportCenterIcons, signInIcons } from './build/icon-lists.ts';
import { buildLightPages, serveLightPages, type LightPage } from './build/light-pages.ts';
import { onlyIcons } from './build/only-icons.ts';
import { onlyRefreshedAppLayout } from './build/only-refreshed-app-layout.ts';
import { forbidModules, lazyOnly, notForReportCenter, notForSignIn } from './build/page-guards.ts';
import { webRoot } from './build/paths.ts';
import { pruneUnusedTokens } from './build/prune-unused-tokens.ts';
import { withoutIcuFormatting } from './build/without-icu-formatting.ts';

/**
 * The web build: the back office (index.html), then the light pages (search.html,
 * login.html), each a build of its own into web/dist. The plugins are in web/build/, one
 * job each; those that rewrite a Cloudscape module fail the build, naming themselves and
 * the module, when the module no longer has the shape they expect (docs/web-app.md).
 */

/** The local stack (`npm start`) serves /api and /config.json; the dev server forwards to it. */
const localStack = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';

/** Options every page is built with (and the web-size bench's floors, test/bench/web-floors). */
export function pageBuild(command: 'build' | 'serve'): UserConfig {
  return {
    root: webRoot,
    publicDir: 'public',
    plugins: [extractInlineFonts(), cloudscapeTheming(), react(), pruneUnusedTokens()],
    // A build is always the production build, even when started from a process with
    // another NODE_ENV (vitest sets `test`, which would bundle React's development build
    // and development JSX): same output as `vite build` from the command line.
    ...(command === 'build' && {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      oxc: { jsx: { development: false } },
    }),
    build: {
      outDir: 'dist',
      sourcemap: true,
      // Route groups are split with React.lazy; Cloudscape's shared pieces make
      // chunks above the default 500 kB warning raw size, which is expected here.
      chunkSizeWarningLimit: 1000,
    },
  };
}

/**
 * What a page's build adds to {@link pageBuild}'s plugins (before them). `partOfPage`: the
 * build draws only a part of the page (the bench's floors), so the page's icon list may
 * hold icons it does not name.
 */
interface PagePluginOptions {
  partOfPage?: boolean;
}

/** The public page's: no ICU formatting, its icons. */
export function reportCenterPlugins({ partOfPage }: PagePluginOptions = {}): Plugin[] {
  return [
    withoutIcuFormatting(),
    onlyIcons({ keep: reportCenterIcons, listName: 'reportCenterIcons', partOfPage }),
  ];
}

/** The sign-in page's: no ICU formatting, its icons. */
export function signInPlugins({ partOfPage }: PagePluginOptions = {}): Plugin[] {
  return [
    withoutIcuFormatting(),
    onlyIcons({ keep: signInIcons, listName: 'signInIcons', partOfPage }),
  ];
}

/** The back office's: its icons, the visual-refresh AppLayout only. */
export function backOfficePlugins({ partOfPage }: PagePluginOptions = {}): Plugin[] {
  return [
    onlyIcons({ keep: backOfficeIcons, listName: 'backOfficeIcons', partOfPage }),
    onlyRefreshedAppLayout(),
  ];
}

/** A light page's build: its plugins, {@link pageBuild}'s, its statistics; into web/dist. */
function lightPageBuild(page: string, plugins: Plugin[]): UserConfig {
  const base = pageBuild('build');
  return {
    ...base,
    plugins: [...plugins, ...(base.plugins ?? []), bundleStats(page)],
    build: {
      ...base.build,
      emptyOutDir: false,
      rolldownOptions: { input: join(webRoot, `${page}.html`) },
    },
  };
}

/** The light pages (web/src/light), built after the back office. */
const lightPages: LightPage[] = [
  {
    path: '/search',
    file: 'search.html',
    config: () =>
      lightPageBuild('search', [
        ...reportCenterPlugins(),
        forbidModules('public report', notForReportCenter),
      ]),
  },
  {
    path: '/login',
    file: 'login.html',
    config: () =>
      lightPageBuild('login', [
        ...signInPlugins(),
        forbidModules('sign-in', notForSignIn),
        lazyOnly('sign-in', /node_modules\/zod\//),
      ]),
  },
];

export default defineConfig(({ command }) => {
  const base = pageBuild(command);
  return {
    ...base,
    plugins: [
      ...(command === 'build' ? backOfficePlugins() : []),
      ...(base.plugins ?? []),
      serveLightPages(lightPages),
      bundleStats('index'),
      buildLightPages(lightPages),
    ],
    build: {
      ...base.build,
      emptyOutDir: true,
      // The back office; the light pages are built after it (buildLightPages). The dev
      // server serves every page from `root`.
      rolldownOptions: {
        input: join(webRoot, 'index.html'),
        output: { codeSplitting: backOfficeChunks() },
      },
    },
    server: {
      proxy: {
        '/api': localStack,
        '/config.json': localStack,
      },
    },
  };
});
