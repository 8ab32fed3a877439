import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** End-to-end tests: one local stack per project, started by its global setup. */
const e2e = {
  include: ['test/e2e/**/*.test.ts'],
  globalSetup: ['test/support/global-stack.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  expect: { poll: { timeout: 10_000 } },
  // Three files at a time, over both e2e projects: a file waits on the browser and the
  // stack most of its time (the e2e run used under half of the two cores with two).
  fileParallelism: true,
  maxWorkers: 3,
};
const e2eTotals = ['test/e2e/machine-data.test.ts'];
/** Files that change the site settings, which other files' reports depend on. */
const e2eSettings = ['test/e2e/test-plans.test.ts'];
const integrationOwnStacks = [
  'test/integration/start-lifecycle.test.ts',
  'test/integration/mail-outage.test.ts',
  'test/integration/lookup-quota.test.ts',
  'test/integration/imports.test.ts',
];

/**
 * Vitest's order (failed, then longest or largest first, within each project) with the
 * e2e-totals file first: vitest would run it after all of the e2e project's files, alone
 * at the end of the run; first, it runs beside the longest of them.
 */
class E2eTotalsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const totals = (file: TestSpecification) => file.project.name === 'e2e-totals';
    return [...sorted.filter(totals), ...sorted.filter((file) => !totals(file))];
  }
}

/**
 * One project per test kind: `npm run test:<kind>` runs one; `npm test` runs them all.
 * Integration and end-to-end tests start the local stack themselves on free ports.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: E2eTotalsFirst },
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
          exclude: [...configDefaults.exclude, ...integrationOwnStacks],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One file at a time on the shared stack: some read totals or latest entries.
          fileParallelism: false,
          // A poll waits on the stack (API call, stream, re-render): 1 s, vitest's
          // default, is too short on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // Files that start stacks of their own (the start script's lifecycle, a mail outage,
        // the look-up quota, imports storing whole 5,000-row files), one at a time.
        // `npm run test:integration` runs this project in a vitest
        // process of its own beside the shared stack's (run-p): within one run, projects
        // share one worker count, and the shared stack's files need theirs to be one.
        test: {
          name: 'integration-own-stacks',
          include: integrationOwnStacks,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
        // Files in parallel: they wait on the browser and the stack far more
        // than they use the CPU. Each file writes data of its own (tagged names, serials,
        // accounts, a browser context per person), so files do not disturb each other.
        test: {
          name: 'e2e',
          ...e2e,
          exclude: [...configDefaults.exclude, ...e2eTotals, ...e2eSettings],
        },
      },
      {
        // machine-data reads the stack's totals and latest entries (the dashboard's figures
        // and five latest requests, "nothing stored" counts), which the other files' writes
        // would move: a stack of its own, run beside them.
        test: { name: 'e2e-totals', ...e2e, include: e2eTotals },
      },
      {
        // test-plans makes every verdict public while it reads incomplete reports (site
        // settings); the withheld reports of the other files need the defaults: a stack of
        // its own.
        test: { name: 'e2e-settings', ...e2e, include: e2eSettings },
      },
    ],
  },
});
