import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Folder of this file: the app's root, wherever the build is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The local stack (`npm start`) serves /api and /config.json; the dev server forwards to it. */
const localStack = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
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
