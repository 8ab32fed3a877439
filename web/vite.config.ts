import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
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
    emptyOutDir: true,
    sourcemap: true,
    // Route groups are split with React.lazy; Cloudscape's shared pieces make
    // chunks above the default 500 kB warning raw size, which is expected here.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: {
      '/api': localStack,
      '/config.json': localStack,
    },
  },
}));
