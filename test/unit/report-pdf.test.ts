import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { PDFRawStream } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawQrCode } from '../../lambdas/report-requests/pdf/qr-code';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import { type MessageKey, message } from '../../lambdas/shared/contract/messages';
import {
  type ReportContent,
  type ReportLanguage,
  type ReportTestResult,
  reportVerdict,
} from '../../lambdas/shared/contract/schemas/report-request';

const site = {
  providerName: 'Acme Valve Manufacturing Co., Ltd.',
  privacyPolicyUrl: 'https://www.example.com/privacy',
};

const results: ReportTestResult[] = [
  {
    testName: 'Shell hydrostatic test',
    result: 'pass',
    value: 24,
    unit: 'bar',
    testedAt: '2026-11-20T02:10:00.000Z',
    machineId: 'BENCH-07',
  },
  {
    testName: 'Seat leakage',
    result: 'fail',
    value: 3.2,
    unit: 'bubbles/min',
    testedAt: '2026-11-20T02:25:00.000Z',
    machineId: 'BENCH-09',
  },
];

function report(language: ReportLanguage, changes: Partial<ReportContent> = {}): ReportContent {
  const content: ReportContent = {
    reportNumber: 'TR-7K3MQ-9X2HB',
    issuedAt: '2026-11-21T08:30:12.000Z',
    language,
    serialNumber: 'AV-2024-000123',
    productionDate: '2026-05-14',
    product: {
      name: language === 'zh' ? '球閥 BV-200 法蘭型' : 'Ball Valve BV-200 Flanged',
      temperatureMin: -20,
      temperatureMax: 180,
      fluid: 'steam',
      connection: 'Flange JIS 10K',
      pressureFC: 16,
      pressureWCB: 40,
      pressureSUS: null,
      application: null,
      applicationMedium: null,
      gtin: null,
    },
    results,
    verdict: 'fail',
    tests: [],
    plan: null,
    verificationUrl: 'https://report.example.com/search?verify=TR-7K3MQ-9X2HB',
    ...changes,
  };
  return { ...content, verdict: changes.verdict ?? reportVerdict(content.results) };
}

/** A plan with no rows yet: a unit judged by a plan states its verdict even untested. */
const planWithoutRows: Partial<ReportContent> = {
  plan: {
    version: 1,
    approvedBy: { name: 'Quality Lead', role: 'admin' },
    approvedAt: '2026-11-01T00:00:00.000Z',
  },
  tests: [],
};

function manyResults(count: number): ReportTestResult[] {
  return Array.from({ length: count }, (_, index) => ({
    ...results[0]!,
    testName: `Pressure step ${String(index + 1).padStart(2, '0')}`,
    value: index * 1.5,
  }));
}

let workDir = '';
let fileCount = 0;

function pdfFile(bytes: Uint8Array): string {
  const file = join(workDir, `report-${++fileCount}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** pdftotext's reading of the PDF, pages separated by form feeds. */
function pdfText(bytes: Uint8Array, ...options: string[]): string {
  return execFileSync('pdftotext', [...options, pdfFile(bytes), '-'], { encoding: 'utf8' });
}

/** Text with all white space removed: layout and wrapping may break a phrase anywhere. */
const compact = (text: string) => text.replace(/\s+/gu, '');

function pageCount(bytes: Uint8Array): number {
  const info = execFileSync('pdfinfo', [pdfFile(bytes)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/mu.exec(info)?.[1]);
}

/** The first page as RGB pixels, rendered by poppler like a viewer would. */
function firstPagePixels(bytes: Uint8Array, dpi: number) {
  const prefix = join(workDir, `page-${++fileCount}`);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile(bytes),
    prefix,
  ]);
  const ppm = readFileSync(`${prefix}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/u.exec(ppm.subarray(0, 30).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const data = ppm.subarray(header[0].length);
  return {
    width,
    height,
    at: (x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)],
  };
}

/** The longest horizontal run of pixels within 16 of `color` (a filled box, not text). */
function longestRun(pixels: ReturnType<typeof firstPagePixels>, color: number[]): number {
  let longest = 0;
  for (let y = 0; y < pixels.height; y++) {
    let run = 0;
    for (let x = 0; x < pixels.width; x++) {
      const near = pixels.at(x, y).every((value, index) => Math.abs(value - color[index]!) <= 16);
      run = near ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}

const verdictColors = { pass: [31, 128, 59], fail: [199, 41, 41], untested: [115, 122, 133] };

beforeAll(() => {
  for (const tool of ['pdftotext', 'pdfinfo', 'pdftoppm']) {
    if (spawnSync(tool, ['-v']).error) {
      throw new Error(
        `${tool} is not installed: the report tests read PDFs with poppler. Install the Debian ` +
          'package poppler-utils (apt-get install poppler-utils; .ci/run does).',
      );
    }
  }
  workDir = mkdtempSync(join(tmpdir(), 'report-pdf-test-'));
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('renderReportPdf', () => {
  const labels: MessageKey[] = [
    'report.title',
    'report.reportNumber',
    'report.issueDate',
    'report.serialNumber',
    'report.productionDate',
    'report.specifications',
    'report.temperatureRange',
    'report.results',
    'report.testName',
    'report.result',
    'report.value',
    'report.testedAt',
    'report.machine',
    'report.verdict',
    'report.verification',
    'report.verificationText',
    'product.fields.name',
    'product.fields.fluid',
    'product.fields.connection',
    'product.fields.pressureFC',
    'product.fields.pressureWCB',
    'product.fields.pressureSUS',
    'product.fields.application',
    'product.fields.applicationMedium',
    'product.fluids.steam',
    'report.outcomes.pass',
    'report.outcomes.fail',
    'report.verdicts.fail',
    'report.notOffered',
  ];

  it.each(['en', 'zh'] as const)(
    'renders a %s report a reader can find every fact in',
    async (language) => {
      const content = report(language);
      const bytes = await renderReportPdf(content, site);

      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = compact(pdfText(bytes));
      for (const key of labels) expect(text).toContain(compact(message(key, {}, language)));
      const facts = [
        site.providerName,
        content.reportNumber,
        content.serialNumber,
        content.product.name,
        content.productionDate,
        '2026-11-21 08:30 UTC',
        '-20 – 180 °C',
        'Flange JIS 10K',
        '16 bar',
        '40 bar',
        'Shell hydrostatic test',
        '24 bar',
        '3.2 bubbles/min',
        '2026-11-20 02:10',
        'BENCH-09',
        content.verificationUrl,
        message(
          'report.footnote',
          { provider: site.providerName, privacyPolicyUrl: site.privacyPolicyUrl },
          language,
        ),
        message('report.page', { page: 1, pages: 1 }, language),
      ];
      for (const fact of facts) expect(text).toContain(compact(fact));
      expect(bytes.byteLength).toBeLessThan(100 * 1024);
    },
  );

  it('prints Chinese labels as extractable text', async () => {
    const text = pdfText(await renderReportPdf(report('zh'), site));
    for (const phrase of ['測試報告', '序號', '產品規格', '蒸汽', '不提供', '總判定', '不合格']) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('Test Report');
  });

  it.each([
    ['pass', [results[0]!]],
    ['fail', results],
    ['untested', []],
  ] as const)('shows a %s verdict in its colour', async (verdict, unitResults) => {
    const content = report('en', {
      results: [...unitResults],
      ...(unitResults.length === 0 ? planWithoutRows : {}),
    });
    expect(content.verdict).toBe(verdict);
    const bytes = await renderReportPdf(content, site);

    const text = pdfText(bytes);
    for (const other of ['pass', 'fail', 'untested'] as const) {
      const label = message(`report.verdicts.${other}`);
      if (other === verdict) expect(text).toContain(label);
      else expect(text).not.toContain(label);
    }
    // The verdict box is a solid block of its colour; text never makes runs this long.
    const pixels = firstPagePixels(bytes, 30);
    for (const [other, color] of Object.entries(verdictColors)) {
      const run = longestRun(pixels, color);
      if (other === verdict) expect(run).toBeGreaterThan(40);
      else expect(run).toBeLessThan(15);
    }
  });

  it('says so when the unit has no results yet, without a verdict for a product without a plan', async () => {
    for (const language of ['en', 'zh'] as const) {
      const text = compact(pdfText(await renderReportPdf(report(language, { results: [] }), site)));
      expect(text).toContain(compact(message('report.noResults', {}, language)));
      // Nothing to judge: the specification's report, with no verdict banner.
      expect(text).not.toContain(compact(message('report.verdict', {}, language)));
      expect(text).not.toContain(compact(message('report.verdicts.untested', {}, language)));
      expect(text).not.toContain(compact(message('report.testedAt', {}, language)));
      // Judged by a plan, the same unit is NOT TESTED.
      const judged = report(language, { results: [], ...planWithoutRows });
      const planned = compact(pdfText(await renderReportPdf(judged, site)));
      expect(planned).toContain(compact(message('report.verdicts.untested', {}, language)));
    }
  });

  it('shows the unit’s body material and its rating, and who entered an uploaded result', async () => {
    const uploaded = { ...results[0]!, enteredBy: 'Mei Chen', machineId: 'Bench 3' };
    for (const language of ['en', 'zh'] as const) {
      const content = report(language, {
        bodyMaterial: 'WCB',
        pressureRating: 40,
        results: [uploaded],
      });
      const text = compact(pdfText(await renderReportPdf(content, site)));
      expect(text).toContain(compact(message('report.bodyMaterial', {}, language)));
      expect(text).toContain(
        compact(
          message(
            'report.materialRating',
            { material: message('report.materials.WCB', {}, language), rating: '40 bar' },
            language,
          ),
        ),
      );
      expect(text).toContain(
        compact(message('report.enteredBy', { name: 'Mei Chen', bench: 'Bench 3' }, language)),
      );
    }
  });

  it('shows "not offered" for each pressure without a rating and a dash for empty texts', async () => {
    // The end-of-report mark has its own two dashes: count the others.
    const count = (text: string, part: string) =>
      text.replace('— End of report —', '').split(part).length - 1;
    const product = report('en').product;
    const none = { ...product, pressureFC: null, pressureWCB: null, pressureSUS: null };
    const noneText = pdfText(await renderReportPdf(report('en', { product: none }), site));
    expect(count(noneText, 'Not offered')).toBe(3);
    expect(count(noneText, '—')).toBe(2);

    const oneText = pdfText(await renderReportPdf(report('en'), site));
    expect(count(oneText, 'Not offered')).toBe(1);
    const filled = { ...product, application: 'Boiler feed', applicationMedium: 'Hot water' };
    const filledText = pdfText(await renderReportPdf(report('en', { product: filled }), site));
    expect(count(filledText, '—')).toBe(0);
    expect(filledText).toContain('Boiler feed');
    expect(filledText).toContain('Hot water');
  });

  it.each([
    ['en', 'Page 1 of 2', 'Page 2 of 2'],
    ['zh', '第 1 頁，共 2 頁', '第 2 頁，共 2 頁'],
  ] as const)('flows 30 results onto a second %s page', async (language, first, second) => {
    const content = report(language, { results: manyResults(30) });
    const bytes = await renderReportPdf(content, site);

    expect(pageCount(bytes)).toBe(2);
    const pages = pdfText(bytes).split('\f');
    expect(pages[0]).toContain(first);
    expect(pages[1]).toContain(second);
    // The table header repeats on the new page, and no row is lost at the break.
    expect(pages[1]).toContain(message('report.testedAt', {}, language));
    const text = pages.join('');
    for (const result of content.results) expect(text).toContain(result.testName);
    expect(bytes.byteLength).toBeLessThan(100 * 1024);
  });

  it('wraps long texts inside the page margins', async () => {
    const long = 'Process lines in chemical and food plants with frequent thermal cycling, ';
    const content = report('en', {
      product: {
        ...report('en').product,
        name: 'Ball Valve '.repeat(10).trim(),
        connection: 'Flange JIS 10K / ANSI 150 RF / DIN PN16 / butt weld ends',
        application: long.repeat(2).trim(),
        applicationMedium: '蒸汽、熱水、壓縮空氣及其他非腐蝕性流體'.repeat(3),
      },
      results: [
        { ...results[1]!, testName: 'Seat leakage '.repeat(40), machineId: 'M'.repeat(40) },
      ],
    });
    const bytes = await renderReportPdf(content, site);

    const words = [
      ...pdfText(bytes, '-bbox').matchAll(/<word xMin="([\d.]+)"[^>]*xMax="([\d.]+)"/gu),
    ];
    expect(words.length).toBeGreaterThan(100);
    for (const [, xMin, xMax] of words) {
      expect(Number(xMin)).toBeGreaterThanOrEqual(40);
      expect(Number(xMax)).toBeLessThanOrEqual(595.28 - 40);
    }
    const text = compact(pdfText(bytes));
    expect(text).toContain(compact(content.product.application!));
    // A cell of machine data is cut after a few lines rather than pushed off the page.
    expect(text).toContain('…');
  });

  it('prints characters the font lacks as "?" and white space as spaces', async () => {
    const product = { ...report('en').product, name: 'Valve 🔥 한 A\tB' };
    const text = pdfText(await renderReportPdf(report('en', { product }), site));
    expect(text).toContain('Valve ? ? A B');
  });

  it('draws the verdict and each outcome with its mark, not in colour alone', async () => {
    // Marks are stroked with round caps (verdict-icons.ts); nothing else on the page is.
    const roundStrokes = async (content: ReportContent) => {
      const document = await PDFDocument.load(await renderReportPdf(content, site));
      const contents = document.getPage(0).node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
      const operators = streams
        .map((entry) => document.context.lookup(entry) as PDFRawStream)
        .map((stream) => inflateSync(stream.contents).toString('latin1'))
        .join('\n');
      return operators.match(/^1 J$/gm)?.length ?? 0;
    };
    // Pass: a tick for the verdict and one for the passed test.
    const passed = { results: results.slice(0, 1), verdict: 'pass' as const };
    expect(await roundStrokes(report('en', passed))).toBe(2);
    // Fail: a cross (two strokes) for the verdict, a tick and a cross for the tests.
    expect(await roundStrokes(report('zh'))).toBe(2 + 1 + 2);
    // Untested: the barred circle's bar; no test rows.
    expect(
      await roundStrokes(report('en', { results: [], verdict: 'untested', ...planWithoutRows })),
    ).toBe(1);
  });

  it('drops invisible characters and copies each printed character as itself', async () => {
    // A zero-width space, a soft hyphen, a variation selector and a direction mark print
    // nothing; a no-break space prints as a space, the middle dot as itself.
    const name = 'Gate\u200bvalve\u00ad DN\u00a050 邊\u{E0101} · \u200eZ';
    const product = { ...report('en').product, name };
    const text = pdfText(await renderReportPdf(report('en', { product }), site));
    expect(text).toContain('Gatevalve DN 50 邊 · Z');
    expect(text).not.toMatch(/Gate\S*\?|邊\?/u);
  });

  it('sets the document metadata and links the verification address', async () => {
    const content = report('zh');
    const document = await PDFDocument.load(await renderReportPdf(content, site), {
      updateMetadata: false,
    });

    expect(document.getTitle()).toBe(`測試報告 ${content.reportNumber}`);
    expect(document.getAuthor()).toBe(site.providerName);
    expect(document.getSubject()).toContain(content.serialNumber);
    expect(document.getCreationDate()?.toISOString()).toBe(content.issuedAt);
    expect(document.catalog.get(PDFName.of('Lang'))).toEqual(PDFString.of('zh-TW'));
    const page = document.getPage(0);
    expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    // The links; the page's other annotation is the signature field's widget.
    const annotations = (page.node.Annots()?.asArray() ?? []).map((ref) =>
      document.context.lookup(ref, PDFDict),
    );
    const links = annotations.filter(
      (annotation) => annotation.get(PDFName.of('Subtype'))?.toString() === '/Link',
    );
    expect(annotations.length - links.length).toBe(1);
    const uris = links.map((annotation) =>
      annotation.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'), PDFString).decodeText(),
    );
    expect(uris.length).toBeGreaterThan(0);
    expect(new Set(uris)).toEqual(new Set([content.verificationUrl]));
  });

  it('gives the same bytes for the same content, so a report can be re-rendered and compared', async () => {
    const first = await renderReportPdf(report('zh'), site);
    const again = await renderReportPdf(report('zh'), site);
    const later = await renderReportPdf(
      report('zh', { issuedAt: '2026-11-21T08:31:00.000Z' }),
      site,
    );
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });
});

describe('drawQrCode', () => {
  it('draws every module of the code where a scanner expects it', async () => {
    const url = 'https://report.example.com/search?verify=TR-7K3MQ-9X2HB';
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const module = 4;
    const quiet = 4 * module;
    const side = modules.size * module + 2 * quiet;
    const document = await PDFDocument.create();
    const page = document.addPage([side, side]);
    drawQrCode(page, url, {
      x: quiet,
      top: side - quiet,
      size: modules.size * module,
      color: rgb(0, 0, 0),
    });

    // At 72 dpi one point is one pixel: sample the centre of each module.
    const pixels = firstPagePixels(await document.save(), 72);
    let mismatches = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const [red] = pixels.at(quiet + column * module + 2, quiet + row * module + 2);
        if (red! < 128 !== Boolean(modules.get(row, column))) mismatches++;
      }
    }
    expect(modules.size).toBeGreaterThan(20);
    expect(mismatches).toBe(0);
  });
});
