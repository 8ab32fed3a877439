import { cpus } from 'node:os';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import {
  planVerdict,
  reportRows,
  type ReportContent,
  type ReportTestResult,
} from '../../lambdas/shared/contract/schemas/report-request';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import { ms } from './measure';

/**
 * Report generation alone (targets: median <= 60 ms warm, <= 100 KB per PDF, in
 * English and Chinese, and for a 20-test plan in Chinese). The first render of the
 * process is cold: it reads the fonts and the harfbuzz WebAssembly. A typical report: a
 * full product, four test results; the plan report: 20 required tests, 18 with results.
 */
export const benchSite = {
  providerName: 'Acme Valve Manufacturing Co., Ltd.',
  privacyPolicyUrl: 'https://www.example.com/privacy',
};

const results: ReportTestResult[] = [
  ['Shell hydrostatic test', 'pass', 24, 'bar'],
  ['Seat leakage (air, low pressure)', 'pass', 0, 'bubbles/min'],
  ['Operating torque', 'pass', 41.5, 'N·m'],
  ['Backseat test', 'pass', 17.6, 'bar'],
].map(([testName, result, value, unit], index) => ({
  testName: testName as string,
  result: result as 'pass',
  value: value as number,
  unit: unit as string,
  testedAt: `2026-11-20T0${index}:15:00.000Z`,
  machineId: 'BENCH-07',
}));

/** A typical report's content; `index` makes its number and serial differ. */
export function benchReportContent(language: 'en' | 'zh', index: number): ReportContent {
  // A different number per render, so nothing can be served from a cache of the last one.
  const suffix = String(index).padStart(5, '0');
  return {
    reportNumber: `TR-7K3MQ-${suffix}`,
    issuedAt: '2026-11-21T08:30:00.000Z',
    language,
    serialNumber: `AV-2024-${suffix}`,
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
      application: language === 'zh' ? '化學及食品工廠製程管線' : 'Process lines',
      applicationMedium: null,
      gtin: null,
    },
    results,
    verdict: 'pass',
    tests: [],
    plan: null,
    verificationUrl: `https://report.example.com/search?verify=TR-7K3MQ-${suffix}`,
  };
}

/** A 20-test plan (the valve template's tests and more), 18 of them measured. */
function planContent(index: number): ReportContent {
  const template = valvePlanTemplate({ pressureFC: 16, pressureWCB: 40, pressureSUS: 25 });
  const tests = Array.from({ length: 20 }, (_, position) => {
    const base = template[position % template.length]!;
    return { ...base, name: `${base.name} ${Math.floor(position / template.length) + 1}` };
  });
  const plan = { tests };
  const measured: ReportTestResult[] = tests.slice(0, 18).map((test, position) => ({
    testName: test.name,
    result: 'pass',
    value: (test.lower ?? 0) + 0.5,
    unit: test.unit,
    testedAt: `2026-11-20T${String(position % 24).padStart(2, '0')}:15:00.000Z`,
    machineId: 'BENCH-07',
    operator: '陳美玲',
    planVersion: 3,
    limit: { lower: test.lower, upper: test.upper, unit: test.unit },
  }));
  return {
    ...benchReportContent('zh', index),
    results: measured,
    tests: reportRows(plan, measured),
    plan: {
      version: 3,
      approvedBy: { name: '林品質', role: 'admin' },
      approvedAt: '2026-11-01T09:00:00.000Z',
    },
    verdict: planVerdict(plan, measured),
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function run(): Promise<void> {
  let started = performance.now();
  await renderReportPdf(benchReportContent('zh', 0), benchSite);
  console.log(`cold (first render, loads fonts and wasm): ${ms(performance.now() - started)}`);

  const count = 50;
  const cases: [string, (index: number) => ReportContent][] = [
    ['en', (index) => benchReportContent('en', index)],
    ['zh', (index) => benchReportContent('zh', index)],
    ['zh, 20-test plan', planContent],
  ];
  for (const [name, make] of cases) {
    // A few unmeasured renders let the JIT settle, as in a warm Lambda.
    for (let index = 1; index <= 5; index++) await renderReportPdf(make(index), benchSite);
    const times: number[] = [];
    let bytes = 0;
    for (let index = 0; index < count; index++) {
      started = performance.now();
      const pdf = await renderReportPdf(make(100 + index), benchSite);
      times.push(performance.now() - started);
      bytes = Math.max(bytes, pdf.byteLength);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: median ${ms(percentile(times, 0.5))} (target <= 60 ms), ` +
        `p95 ${ms(percentile(times, 0.95))} over ${count} warm renders; ` +
        `PDF ${(bytes / 1024).toFixed(1)} KB (target <= 100 KB)`,
    );
  }
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
}
