import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPdfAssets } from '../../lambdas/report-requests/pdf/assets';
import type { ReportContent } from '../../lambdas/shared/contract/schemas/report-request';

/**
 * The renderer as Lambda runs it: bundled by esbuild with the options of
 * lib/constructs/function.ts (keep them in step), in a folder without node_modules,
 * with reportPdfAssets copied beside the bundle, in a fresh Node process.
 */
const requireBanner =
  "import { createRequire as __createRequire } from 'node:module';" +
  'const require = __createRequire(import.meta.url);';

const runner = `
import { writeFileSync } from 'node:fs';
const [content, site, output] = process.argv.slice(2);
const { renderReportPdf } = await import('./index.mjs');
writeFileSync(output, await renderReportPdf(JSON.parse(content), JSON.parse(site)));
`;

const content: ReportContent = {
  reportNumber: 'TR-7K3MQ-9X2HB',
  issuedAt: '2026-11-21T08:30:00.000Z',
  language: 'zh',
  serialNumber: 'AV-2024-000123',
  productionDate: '2026-05-14',
  product: {
    name: '球閥 BV-200',
    temperatureMin: -20,
    temperatureMax: 180,
    fluid: 'water',
    connection: 'Flange JIS 10K',
    pressureFC: 16,
    pressureWCB: null,
    pressureSUS: null,
    application: null,
    applicationMedium: null,
    gtin: null,
  },
  results: [],
  verdict: 'untested',
  tests: [],
  plan: null,
  verificationUrl: 'https://report.example.com/search?verify=TR-7K3MQ-9X2HB',
};
const site = { providerName: 'Acme Valves', privacyPolicyUrl: 'https://example.com/privacy' };

let root = '';

/** A folder holding the bundle and the runner, and the assets when `withAssets`. */
function lambdaFolder(name: string, bundle: string, withAssets: boolean): string {
  const folder = join(root, name);
  mkdirSync(folder);
  copyFileSync(bundle, join(folder, 'index.mjs'));
  writeFileSync(join(folder, 'run.mjs'), runner);
  if (withAssets) {
    for (const asset of reportPdfAssets) copyFileSync(asset.source, join(folder, asset.target));
  }
  return folder;
}

function render(folder: string) {
  const output = join(folder, 'report.pdf');
  return promisify(execFile)(
    process.execPath,
    ['run.mjs', JSON.stringify(content), JSON.stringify(site), output],
    // No NODE_PATH or tsx loader from the test run: only what Lambda would have.
    { cwd: folder, env: { PATH: process.env.PATH } },
  ).then(() => output);
}

let bundle = '';

beforeAll(async () => {
  // Outside the repository, so no node_modules is found above the bundle.
  root = mkdtempSync(join(tmpdir(), 'report-pdf-bundle-'));
  bundle = join(root, 'bundle.mjs');
  await build({
    entryPoints: [resolve('lambdas/report-requests/pdf/render.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: requireBanner },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
}, 30_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the bundled report renderer', () => {
  it('lists existing files with distinct names for the bundle folder', () => {
    expect(reportPdfAssets.map((asset) => asset.target).sort()).toEqual([
      'NotoSansTC_400Regular.ttf',
      'NotoSansTC_700Bold.ttf',
      'harfbuzz-subset.wasm',
    ]);
    for (const asset of reportPdfAssets) {
      expect(readFileSync(asset.source).byteLength).toBeGreaterThan(100_000);
    }
  });

  it('renders a report from the assets beside the bundle', async () => {
    const output = await render(lambdaFolder('with-assets', bundle, true));

    const text = execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
    expect(text).toContain('測試報告');
    expect(text).toContain(content.serialNumber);
  }, 20_000);

  it('fails with a clear message when the assets were not shipped', async () => {
    await expect(render(lambdaFolder('without-assets', bundle, false))).rejects.toThrow(
      /harfbuzz-subset\.wasm is neither at .* nor resolvable .*reportPdfAssets/su,
    );
  }, 20_000);
});
