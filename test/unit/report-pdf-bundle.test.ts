import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionBundleOptions } from '../../lib/constructs/function';
import { reportPdfAssets } from '../../lambdas/report-requests/pdf/assets';
import type { LabelSheet } from '../../lambdas/labels/render';
import { labelFormats } from '../../lambdas/shared/contract/labels';
import type { ReportContent } from '../../lambdas/shared/contract/schemas/report-request';
import { scanQrCodes } from '../support/pdf';

/**
 * The renderers as Lambda runs them: bundled with the esbuild options of
 * lib/constructs/function.ts (its module replacements of lib/bundle-aliases.ts included:
 * no standard fonts, no PNG decoder, Node's zlib), in a folder without node_modules, with reportPdfAssets copied
 * beside the bundle, in a fresh Node process. The labels function ships the same assets.
 */
const runner = `
import { writeFileSync } from 'node:fs';
const [content, site, output] = process.argv.slice(2);
const { renderReportPdf } = await import('./index.mjs');
writeFileSync(output, await renderReportPdf(JSON.parse(content), JSON.parse(site)));
`;
const labelsRunner = `
import { writeFileSync } from 'node:fs';
const [sheet, output] = process.argv.slice(2);
const { renderLabelSheet } = await import('./index.mjs');
writeFileSync(output, await renderLabelSheet(JSON.parse(sheet)));
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
  identityLink: 'https://report.example.com/id/AV-2024-000123',
};
const site = { providerName: 'Acme Valves', privacyPolicyUrl: 'https://example.com/privacy' };
const sheet: LabelSheet = {
  format: labelFormats.find((format) => format.layout === 'roll' && format.size === '60x40')!,
  // A zero-width space to drop, a Hangul syllable Noto Sans TC lacks.
  productName: '球閥\u200b BV-200 한',
  title: 'labels',
  units: [
    {
      serial: 'AV-2024-000123',
      link: 'https://report.example.com/01/09506000134352/21/AV-2024-000123',
      elementString: '(01)09506000134352(21)AV-2024-000123',
    },
  ],
};

let root = '';

/** A folder holding the bundle and the runner, and the assets when `withAssets`. */
function lambdaFolder(name: string, bundle: string, withAssets: boolean, script = runner): string {
  const folder = join(root, name);
  mkdirSync(folder);
  copyFileSync(bundle, join(folder, 'index.mjs'));
  writeFileSync(join(folder, 'run.mjs'), script);
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
let labelsBundle = '';

beforeAll(async () => {
  // Outside the repository, so no node_modules is found above the bundle.
  root = mkdtempSync(join(tmpdir(), 'report-pdf-bundle-'));
  bundle = join(root, 'bundle.mjs');
  labelsBundle = join(root, 'labels-bundle.mjs');
  await Promise.all([
    build(functionBundleOptions(resolve('lambdas/report-requests/pdf/render.ts'), bundle)),
    build(functionBundleOptions(resolve('lambdas/labels/render.ts'), labelsBundle)),
  ]);
}, 30_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the bundled PDF renderers (report, labels)', () => {
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
    // The identification link block: its heading and its address (drawn beside its QR code).
    expect(text).toContain('識別連結');
    expect(text).toContain(content.identityLink);
  }, 20_000);

  it('renders a label sheet from the same assets beside the labels bundle', async () => {
    const folder = lambdaFolder('labels', labelsBundle, true, labelsRunner);
    const output = join(folder, 'labels.pdf');
    await promisify(execFile)(process.execPath, ['run.mjs', JSON.stringify(sheet), output], {
      cwd: folder,
      env: { PATH: process.env.PATH },
    });

    const bytes = readFileSync(output);
    const text = execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' });
    expect(text).toContain(sheet.units[0]!.serial);
    // What the font lacks prints as '?', as in the report, not as an empty box.
    expect(text).toContain('球閥 BV-200 ?');
    expect(text.replace(/\s/g, '')).toContain(sheet.units[0]!.elementString);
    expect(scanQrCodes(bytes)).toEqual([sheet.units[0]!.link]);
  }, 20_000);

  it('fails with a clear message when the assets were not shipped', async () => {
    await expect(render(lambdaFolder('without-assets', bundle, false))).rejects.toThrow(
      /harfbuzz-subset\.wasm is neither at .* nor resolvable .*reportPdfAssets/su,
    );
  }, 20_000);
});
