import { defineConfig } from 'vitest/config';

/**
 * One project per test kind: `npm run test:<kind>` runs one; `npm test` runs them all.
 * Integration and end-to-end tests start the local stack themselves on free ports.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A poll waits on the stack (API call, stream, re-render): 1 s, vitest's
          // default, is too short on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // Emulators switched off and on under a stack of each file's own: slow, so not in
        // `npm test` (`npm run test:faults`).
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
