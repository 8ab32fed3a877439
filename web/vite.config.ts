import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';

/** Folder of this file: the app's root, wherever the build is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The local stack (`npm start`) serves /api and /config.json; the dev server forwards to it. */
const localStack = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';

/**
 * Cloudscape's global styles embed eight Open Sans faces as base64 data URIs
 * (~140 kB gzip of render-blocking CSS). This writes them out as font files, so the
 * CSS stays small and browsers fetch only the faces a page uses, showing text in a
 * fallback font meanwhile (`font-display: swap`).
 */
function extractInlineFonts(): Plugin {
  const fontDir = join(webRoot, '../node_modules/.cache/web-inline-fonts');
  const dataUri = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;
  return {
    name: 'extract-inline-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('@cloudscape-design/global-styles/index.css')) return undefined;
      mkdirSync(fontDir, { recursive: true });
      const css = code.replace(dataUri, (_match, _quote, base64: string) => {
        const bytes = Buffer.from(base64, 'base64');
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        const file = join(fontDir, `open-sans-${hash}.woff2`);
        if (!existsSync(file)) writeFileSync(file, bytes);
        // Relative to the stylesheet, so Vite emits it as a hashed asset.
        return `url('${relative(dirname(id), file)}')`;
      });
      return {
        code: css.replaceAll('@font-face {', '@font-face {\n  font-display: swap;'),
        map: null,
      };
    },
  };
}

/**
 * The dev server's stand-in for the CloudFront Function's page rule: `/search` is the
 * Test Report Center's own page (search.html), not the back-office app's index.html.
 */
function servePublicSearchPage(): Plugin {
  return {
    name: 'serve-public-search-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
        const path = url.slice(0, queryStart);
        if (path === '/search' || path === '/search/') {
          request.url = `/search.html${url.slice(queryStart)}`;
        }
        next();
      });
    },
  };
}

/** Options both pages are built with. */
function pageBuild(command: 'build' | 'serve'): UserConfig {
  return {
    root: webRoot,
    publicDir: 'public',
    plugins: [extractInlineFonts(), react()],
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
 * Cloudscape formats ICU messages with `intl-messageformat` (a tenth of a small page's
 * code) only for I18nProvider messages and for the text of its error-boundary fallback,
 * which already shows the raw text when formatting throws. The public page uses
 * neither, so its build gets this stand-in, which always throws.
 */
function withoutIcuFormatting(): Plugin {
  const stubId = '\0intl-messageformat-stub';
  return {
    name: 'without-icu-formatting',
    enforce: 'pre',
    resolveId: (source) => (source === 'intl-messageformat' ? stubId : undefined),
    load: (id) =>
      id === stubId
        ? `export default class IntlMessageFormat {
  constructor() { throw new Error('ICU message formatting is not part of this page'); }
}`
        : undefined,
  };
}

/** The Cloudscape icons the public page's components draw (status, close, links, upload). */
const reportCenterIcons = new Set([
  'status-positive',
  'status-negative',
  'status-warning',
  'status-info',
  'status-stopped',
  'status-pending',
  'status-in-progress',
  'status-not-started',
  'dot',
  'close',
  'external',
  'upload',
  'file',
  'angle-down',
  'angle-up',
  'caret-down-filled',
]);

/**
 * Cloudscape's icon component carries all of its ~140 icons (a thirteenth of a small
 * page's code). The public page's build keeps those it draws; the generated module is
 * one object literal, one `"name": svg` entry per icon, each starting on its own line.
 * If that shape ever changes, the module is left whole (a larger page, nothing broken).
 */
function onlyIcons(keep: ReadonlySet<string>): Plugin {
  const entryStart = /^ {4}"([a-z0-9-]+)": /;
  return {
    name: 'only-icons',
    transform(code, id) {
      if (!id.endsWith('@cloudscape-design/components/icon/generated/icons.js')) return undefined;
      const lines = code.split('\n');
      const open = lines.findIndex((line) => line.startsWith('const icons = {'));
      const close = lines.findIndex((line) => line === '};');
      if (open === -1 || close < open) return undefined;
      const kept: string[] = [];
      let keeping = false;
      for (const line of lines.slice(open + 1, close)) {
        const name = entryStart.exec(line)?.[1];
        if (name) keeping = keep.has(name);
        else if (!line.startsWith('     ')) return undefined; // not the shape this reads
        if (keeping) kept.push(line);
      }
      const found = kept.filter((line) => entryStart.test(line)).length;
      if (found !== keep.size) {
        this.warn(`only-icons: ${keep.size - found} of the listed icons are not in ${id}`);
      }
      return {
        code: [...lines.slice(0, open + 1), ...kept, ...lines.slice(close)].join('\n'),
        map: null,
      };
    },
  };
}

/**
 * Fails the public page's build when a module it must not carry reaches it, directly
 * or through a shared helper (ESLint sees direct imports only).
 */
function forbidModules(forbidden: RegExp): Plugin {
  return {
    name: 'forbid-modules',
    generateBundle() {
      const found = [...this.getModuleIds()].filter((id) => forbidden.test(id));
      if (found.length) {
        this.error(`The public report page must not include:\n  ${found.join('\n  ')}`);
      }
    },
  };
}

/** Sign-in library, router, i18next and back-office code: none of it is for /search. */
const notForReportCenter =
  /node_modules\/(aws-amplify|@aws-amplify|react-router|react-router-dom|i18next|react-i18next)\/|web\/src\/(app|routes|layouts|components)\/|web\/src\/features\/(?!report-center\/)/;

/**
 * Builds the public Test Report Center (search.html) once the back office is built, as
 * a build of its own into the same folder. Visitors and staff never share a page, so
 * sharing chunks buys nothing; building apart keeps the public page to the modules it
 * uses (one JSON resource is tree-shaken to its own groups, which a chunk shared with
 * the back office could not be) and to a few files.
 */
function buildReportCenterPage(): Plugin {
  let building = false;
  return {
    name: 'build-report-center-page',
    apply: 'build',
    async closeBundle(error) {
      if (error || building) return;
      building = true;
      const base = pageBuild('build');
      await build({
        ...base,
        plugins: [
          withoutIcuFormatting(),
          onlyIcons(reportCenterIcons),
          forbidModules(notForReportCenter),
          ...(base.plugins ?? []),
        ],
        configFile: false,
        logLevel: this.environment.config.logLevel,
        build: {
          ...base.build,
          emptyOutDir: false,
          rolldownOptions: { input: join(webRoot, 'search.html') },
        },
      });
    },
  };
}

export default defineConfig(({ command }) => {
  const base = pageBuild(command);
  return {
    ...base,
    plugins: [...(base.plugins ?? []), servePublicSearchPage(), buildReportCenterPage()],
    build: {
      ...base.build,
      emptyOutDir: true,
      // The back office; search.html is built after it (see buildReportCenterPage). The
      // dev server serves both pages from `root`.
      rolldownOptions: { input: join(webRoot, 'index.html') },
    },
    server: {
      proxy: {
        '/api': localStack,
        '/config.json': localStack,
      },
    },
  };
});
