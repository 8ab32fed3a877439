import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { capability, individualsChart } from '../../lambdas/statistics/math';
import type {
  MachineCreated,
  TestResult,
} from '../../lambdas/shared/contract/schemas/machine-data';
import type { SerialRangeDetail } from '../../lambdas/shared/contract/schemas/serial-range';
import type {
  StatisticsCapability,
  StatisticsFilters,
  StatisticsPareto,
  StatisticsValues,
  StatisticsYield,
} from '../../lambdas/shared/contract/schemas/statistics';
import type { TestPlan } from '../../lambdas/shared/contract/schemas/test-plan';
import { callApi } from '../support/api';
import { createUser, signIn } from '../support/cognito';
import { tableReader } from '../support/table';

/**
 * Quality statistics (docs/statistics.md) through the HTTP interface: a bench's data sent by
 * its machine key and a staff upload, the filters, voids, a plan change, one-sided limits,
 * and a property: after random ingests, uploads and voids, every aggregate figure equals the
 * figure recomputed from the stored results.
 */
const stack = inject('stack');
const reader = tableReader(stack);
const tag = randomUUID().slice(0, 6).toUpperCase();
const dayMs = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.parse(today) - n * dayMs).toISOString().slice(0, 10);
/** A time on the day `n` (≥ 1) days ago: `second` seconds after its midnight (UTC). */
const at = (n: number, second: number) =>
  new Date(Date.parse(`${daysAgo(n)}T00:00:00.000Z`) + second * 1000).toISOString();

let admin = '';
let staff = '';

const as = <T>(path: string, token = admin, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token });

interface Bench {
  name: string;
  key: string;
}

async function createBench(name: string): Promise<Bench> {
  const machine = await as<MachineCreated>('/api/machines', admin, 'POST', { name });
  expect(machine.status, JSON.stringify(machine.body)).toBe(201);
  return { name, key: machine.body.key };
}

interface Row {
  serialNumber: string;
  testName: string;
  result: 'pass' | 'fail';
  value: number | null;
  unit: string | null;
  testedAt: string;
}

async function ingest(bench: Bench, rows: Row[]) {
  const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results: rows }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
}

/** As a bench does: a batch answered 503 ("try again shortly") is sent again; re-sends are stored once. */
async function ingestAgainWhenBusy(bench: Bench, rows: Row[]) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bench.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results: rows }),
    });
    const body = await response.text();
    if (response.status === 503 && attempt < 5) continue;
    expect(response.status, body).toBe(200);
    return;
  }
}

async function upload(bench: Bench, rows: Row[]) {
  const csv = [
    'serialNumber,testName,result,value,unit,testedAt,machineId',
    ...rows.map((row) =>
      [
        row.serialNumber,
        row.testName,
        row.result,
        row.value ?? '',
        row.unit ?? '',
        row.testedAt,
        bench.name,
      ].join(','),
    ),
  ].join('\r\n');
  const response = await fetch(`${stack.appUrl}/api/machine-data`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${staff}` },
    body: csv,
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
}

async function createProduct(name: string): Promise<string> {
  const product = await as<{ id: string }>('/api/products', admin, 'POST', {
    name,
    temperatureMin: -29,
    temperatureMax: 425,
    fluid: 'water',
    connection: 'Flanged',
    pressureFC: null,
    pressureWCB: 25,
    pressureSUS: 20,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  return product.body.id;
}

async function createRange(productId: string, prefix: string, material: 'WCB' | 'SUS') {
  const range = await as<SerialRangeDetail>('/api/serial-numbers', admin, 'POST', {
    productId,
    startSerial: `${prefix}-0001`,
    endSerial: `${prefix}-0999`,
    productionDate: '2025-01-01',
    bodyMaterial: material,
  });
  expect(range.status, JSON.stringify(range.body)).toBe(201);
  return range.body;
}

interface PlanTest {
  name: string;
  unit: string | null;
  lower: number | null;
  upper: number | null;
}

async function savePlan(productId: string, tests: PlanTest[]): Promise<TestPlan> {
  const current = await as<{ planVersion: number | null }>(`/api/products/${productId}`);
  const saved = await as<TestPlan>(`/api/products/${productId}/test-plan`, admin, 'PUT', {
    tests: tests.map((test) => ({ ...test, method: 'API 598', required: true })),
    allowExtraTests: false,
    version: current.body.planVersion ?? 0,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

async function statistics<T>(route: string, params: Record<string, string | undefined>) {
  const answer = await as<T>(`/api/statistics/${route}?${query(params)}`, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function unitResults(serial: string): Promise<TestResult[]> {
  const page = await as<{ items: TestResult[] }>(
    `/api/machine-data?serial=${encodeURIComponent(serial)}&limit=100`,
  );
  expect(page.status).toBe(200);
  return page.body.items;
}

async function voidResult(id: string) {
  const voided = await as(`/api/machine-data/${id}/void`, staff, 'POST', {
    reason: 'wrong fixture',
  });
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
}

beforeAll(async () => {
  admin = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
  const email = `statistics.staff.${tag.toLowerCase()}@example.com`;
  await createUser(stack, email, 'Stats-Staff-2026!', 'staff');
  staff = (await signIn(stack, email, 'Stats-Staff-2026!')).IdToken;
});

describe('a bench’s data', () => {
  let productId = '';
  let wcbRange: SerialRangeDetail;
  let benchA: Bench;
  let benchB: Bench;
  const wcb = (n: number) => `SW${tag}-${String(n).padStart(4, '0')}`;
  const sus = (n: number) => `SS${tag}-${String(n).padStart(4, '0')}`;
  const shell = (serial: string, value: number, when: string): Row => ({
    serialNumber: serial,
    testName: 'Shell',
    result: value >= 37.5 ? 'pass' : 'fail',
    value,
    unit: 'bar',
    testedAt: when,
  });
  const torque = (serial: string, value: number, when: string): Row => ({
    serialNumber: serial,
    testName: 'Torque',
    result: value >= 4 && value <= 7 ? 'pass' : 'fail',
    value,
    unit: 'Nm',
    testedAt: when,
  });
  const torqueValues = [5.1, 5.3, 4.9, 5.6, 5.2, 7.4, 5.0, 5.5];
  const window = () => ({ productId, from: daysAgo(5), to: today });

  beforeAll(async () => {
    productId = await createProduct(`Stats Gate Valve ${tag}`);
    wcbRange = await createRange(productId, `SW${tag}`, 'WCB');
    await createRange(productId, `SS${tag}`, 'SUS');
    await savePlan(productId, [
      { name: 'Shell', unit: 'bar', lower: 37.5, upper: null },
      { name: 'Torque', unit: 'Nm', lower: 4, upper: 7 },
    ]);
    benchA = await createBench(`Stats A ${tag}`);
    benchB = await createBench(`Stats B ${tag}`);
    // Bench A (its key): WCB units 1–4 on day −3; unit 2 fails the shell and passes it on day −2.
    await ingest(benchA, [
      shell(wcb(1), 38, at(3, 1)),
      shell(wcb(2), 36, at(3, 2)),
      shell(wcb(3), 39, at(3, 3)),
      shell(wcb(4), 40, at(3, 4)),
      ...torqueValues
        .slice(0, 4)
        .map((value, index) => torque(wcb(index + 1), value, at(3, 10 + index))),
    ]);
    await ingest(benchA, [shell(wcb(2), 38.5, at(2, 1))]);
    // Bench B (a staff upload): SUS units 1–4 on day −1; unit 1 fails the shell for good.
    await upload(benchB, [
      shell(sus(1), 30, at(1, 1)),
      shell(sus(2), 38, at(1, 2)),
      ...torqueValues
        .slice(4)
        .map((value, index) => torque(sus(index + 1), value, at(1, 10 + index))),
    ]);
  });

  it('offers the product’s tests, materials, ranges and benches', async () => {
    const filters = await statistics<StatisticsFilters>('filters', { productId });
    expect(filters.tests).toEqual([
      { testName: 'Shell', unit: 'bar', lower: 37.5, upper: null },
      { testName: 'Torque', unit: 'Nm', lower: 4, upper: 7 },
    ]);
    expect(filters.materials).toEqual(['WCB', 'SUS']);
    expect(filters.ranges.map((range) => range.bodyMaterial).sort()).toEqual(['SUS', 'WCB']);
    expect(filters.machines).toEqual(
      expect.arrayContaining([
        { id: benchA.name, name: benchA.name },
        { id: benchB.name, name: benchB.name },
      ]),
    );
    const unknown = await as('/api/statistics/filters?productId=nothing-here', staff);
    expect(unknown.status).toBe(404);
  });

  it('answers yield by day and by test: first pass by the first result, final by the latest', async () => {
    const answer = await statistics<StatisticsYield>('yield', { ...window(), interval: 'day' });
    expect(answer.periods.map((period) => period.start)).toEqual([5, 4, 3, 2, 1, 0].map(daysAgo));
    const day = (n: number) => answer.periods.find((period) => period.start === daysAgo(n))!;
    // Day −3: 4 shells (1 failed) and 4 torques (all pass); unit 2's retest on day −2 makes its
    // final verdict pass, counted with its first result on day −3.
    expect(day(3)).toEqual({
      start: daysAgo(3),
      results: 8,
      failures: 1,
      unitsTested: 8,
      firstPassYield: 7 / 8,
      finalYield: 1,
    });
    expect(day(2)).toEqual({
      start: daysAgo(2),
      results: 1,
      failures: 0,
      unitsTested: 0,
      firstPassYield: null,
      finalYield: null,
    });
    // Day −1: 2 shells (1 failed), 4 torques (7.4 fails).
    expect(day(1)).toMatchObject({ results: 6, failures: 2, unitsTested: 6 });
    expect(day(1).firstPassYield).toBeCloseTo(4 / 6, 12);
    expect(answer.totals).toMatchObject({ results: 15, failures: 3, unitsTested: 14 });
    expect(answer.totals.firstPassYield).toBeCloseTo(11 / 14, 12);
    expect(answer.totals.finalYield).toBeCloseTo(12 / 14, 12);
    expect(answer.byTest).toEqual([
      {
        testName: 'Shell',
        results: 7,
        failures: 2,
        unitsTested: 6,
        firstPassYield: 4 / 6,
        finalYield: 5 / 6,
      },
      {
        testName: 'Torque',
        results: 8,
        failures: 1,
        unitsTested: 8,
        firstPassYield: 7 / 8,
        finalYield: 7 / 8,
      },
    ]);
    expect(answer.testName).toBeNull();
    // One test over time: its periods and totals; the table by test still lists every test.
    const shell = await statistics<StatisticsYield>('yield', { ...window(), testName: 'Shell' });
    expect(shell.testName).toBe('Shell');
    const { testName: shellName, ...shellTotals } = answer.byTest[0]!;
    expect(shellName).toBe('Shell');
    expect(shell.totals).toEqual(shellTotals);
    expect(shell.byTest).toEqual(answer.byTest);
    // Day −3: 4 shells, 1 failed, its unit's retest on day −2 passing.
    expect(shell.periods.find((period) => period.start === daysAgo(3))).toEqual({
      start: daysAgo(3),
      results: 4,
      failures: 1,
      unitsTested: 4,
      firstPassYield: 3 / 4,
      finalYield: 1,
    });
    const weekly = await statistics<StatisticsYield>('yield', { ...window(), interval: 'week' });
    expect(weekly.periods.every((period) => new Date(period.start).getUTCDay() === 1)).toBe(true);
    expect(weekly.periods.reduce((sum, period) => sum + period.results, 0)).toBe(15);
  });

  it('sorts failures by test and by bench with cumulative shares', async () => {
    const answer = await statistics<StatisticsPareto>('pareto', window());
    expect(answer.totalFailures).toBe(3);
    expect(answer.byTest).toEqual([
      { testName: 'Shell', failures: 2, share: 2 / 3, cumulativeShare: 2 / 3 },
      { testName: 'Torque', failures: 1, share: 1 / 3, cumulativeShare: 1 },
    ]);
    expect(answer.byMachine).toEqual([
      {
        machineId: benchB.name,
        machineName: benchB.name,
        failures: 2,
        share: 2 / 3,
        cumulativeShare: 2 / 3,
      },
      {
        machineId: benchA.name,
        machineName: benchA.name,
        failures: 1,
        share: 1 / 3,
        cumulativeShare: 1,
      },
    ]);
  });

  it('filters by material, range, bench and dates', async () => {
    const sus = await statistics<StatisticsYield>('yield', { ...window(), material: 'SUS' });
    expect(sus.totals).toMatchObject({ results: 6, failures: 2 });
    const range = await statistics<StatisticsYield>('yield', { ...window(), rangeId: wcbRange.id });
    expect(range.totals).toMatchObject({ results: 9, failures: 1 });
    const bench = await statistics<StatisticsPareto>('pareto', {
      ...window(),
      machineId: benchA.name,
    });
    expect(bench.byMachine.map((row) => row.machineId)).toEqual([benchA.name]);
    expect(bench.totalFailures).toBe(1);
    const dates = await statistics<StatisticsYield>('yield', {
      productId,
      from: daysAgo(2),
      to: daysAgo(2),
    });
    expect(dates.totals).toMatchObject({ results: 1, failures: 0 });
    const values = await statistics<StatisticsValues>('values', {
      ...window(),
      testName: 'Torque',
      material: 'SUS',
    });
    expect(values.points.map((point) => point.value)).toEqual(torqueValues.slice(4));
    const byBench = await statistics<StatisticsValues>('values', {
      ...window(),
      testName: 'Torque',
      machineId: benchA.name,
    });
    expect(byBench.points.map((point) => point.value)).toEqual(torqueValues.slice(0, 4));
  });

  it('refuses a window longer than a year and dates out of order', async () => {
    const long = await as(
      `/api/statistics/yield?${query({ productId, from: '2024-01-01', to: '2025-06-01' })}`,
      staff,
    );
    expect(long.status).toBe(400);
    const backwards = await as(
      `/api/statistics/pareto?${query({ productId, from: daysAgo(1), to: daysAgo(3) })}`,
      staff,
    );
    expect(backwards.status).toBe(400);
  });

  it('computes capability and the I-MR chart over the values in tested order', async () => {
    const answer = await statistics<StatisticsCapability>('capability', {
      ...window(),
      testName: 'Torque',
    });
    const expected = capability(torqueValues, { lower: 4, upper: 7 });
    expect(answer).toMatchObject({
      testName: 'Torque',
      planVersion: 1,
      lower: 4,
      upper: 7,
      unit: 'Nm',
      fewValues: true,
      windowLimited: false,
    });
    for (const field of [
      'n',
      'mean',
      'stdDevWithin',
      'stdDevOverall',
      'cp',
      'cpk',
      'pp',
      'ppk',
    ] as const) {
      expect(answer[field], field).toBeCloseTo(expected[field]!, 10);
    }
    expect(answer.planVersions).toHaveLength(1);
    expect(answer.planVersions[0]!.n).toBe(8);
    expect(answer.planVersions[0]!.mean).toBeCloseTo(expected.mean!, 10);
    expect(answer.planVersions[0]!.stdDev).toBeCloseTo(expected.stdDevOverall!, 10);

    const values = await statistics<StatisticsValues>('values', {
      ...window(),
      testName: 'Torque',
    });
    const chart = individualsChart(torqueValues);
    expect(values.points.map((point) => point.value)).toEqual(torqueValues);
    expect(values.chart.ucl).toBeCloseTo(chart.ucl!, 10);
    expect(values.points.map((point) => point.movingRange)).toEqual(
      chart.movingRanges.map((range) => (range === null ? null : expect.closeTo(range, 10))),
    );
    expect(values.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(8);
  });

  it('gives one-sided indices for a test with one limit', async () => {
    const answer = await statistics<StatisticsCapability>('capability', {
      ...window(),
      testName: 'Shell',
    });
    const shellValues = [38, 36, 39, 40, 38.5, 30, 38];
    const expected = capability(shellValues, { lower: 37.5, upper: null });
    expect(answer.n).toBe(7);
    expect(answer.cp).toBeNull();
    expect(answer.pp).toBeNull();
    expect(answer.cpu).toBeNull();
    expect(answer.cpk).toBeCloseTo(expected.cpl!, 10);
    expect(answer.ppk).toBeCloseTo(expected.ppl!, 10);
  });

  it('stops counting a voided result everywhere', async () => {
    // Unit 2's failed shell on day −3 is voided: its retest on day −2 becomes its first result.
    const [failed] = (await unitResults(wcb(2))).filter(
      (result) => result.testName === 'Shell' && result.result === 'fail',
    );
    await voidResult(failed!.id);
    const answer = await statistics<StatisticsYield>('yield', window());
    const day = (n: number) => answer.periods.find((period) => period.start === daysAgo(n))!;
    expect(day(3)).toMatchObject({ results: 7, failures: 0, unitsTested: 7, firstPassYield: 1 });
    expect(day(2)).toMatchObject({ results: 1, unitsTested: 1, firstPassYield: 1, finalYield: 1 });
    const values = await statistics<StatisticsValues>('values', { ...window(), testName: 'Shell' });
    expect(values.points.map((point) => point.value)).not.toContain(36);
    expect(values.points).toHaveLength(6);
    const pareto = await statistics<StatisticsPareto>('pareto', window());
    expect(pareto.totalFailures).toBe(2);
  });

  it('splits the series at a plan change and answers over the latest limits', async () => {
    await savePlan(productId, [
      { name: 'Shell', unit: 'bar', lower: 37.5, upper: null },
      { name: 'Torque', unit: 'Nm', lower: 4, upper: 8 },
    ]);
    const later = [6.1, 6.3, 5.9];
    await ingest(
      benchA,
      later.map((value, index) => torque(wcb(10 + index), value, at(1, 30 + index))),
    );
    const answer = await statistics<StatisticsCapability>('capability', {
      ...window(),
      testName: 'Torque',
    });
    expect(answer).toMatchObject({ planVersion: 2, lower: 4, upper: 8, n: 3 });
    expect(answer.mean).toBeCloseTo(6.1, 10);
    expect(answer.windowLimited).toBe(false);
    expect(
      answer.planVersions.map((series) => [series.planVersion, series.upper, series.n]),
    ).toEqual([
      [2, 8, 3],
      [1, 7, 8],
    ]);
    const values = await statistics<StatisticsValues>('values', {
      ...window(),
      testName: 'Torque',
    });
    expect(values.points.map((point) => point.value)).toEqual(later);
  });
});

/** What the statistics should say, recomputed from the stored results. */
interface Figures {
  results: number;
  failures: number;
  unitsTested: number;
  firstPassed: number;
  finalPassed: number;
}

const none = (): Figures => ({
  results: 0,
  failures: 0,
  unitsTested: 0,
  firstPassed: 0,
  finalPassed: 0,
});

const yields = (figures: Figures) => ({
  results: figures.results,
  failures: figures.failures,
  unitsTested: figures.unitsTested,
  firstPassYield: figures.unitsTested === 0 ? null : figures.firstPassed / figures.unitsTested,
  finalYield: figures.unitsTested === 0 ? null : figures.finalPassed / figures.unitsTested,
});

const order = (result: TestResult) => `${result.testedAt}#${result.machineId}`;

function recompute(results: readonly TestResult[]) {
  const counting = results.filter((result) => result.voidedAt === null);
  const byDay = new Map<string, Figures>();
  const byTest = new Map<string, Figures>();
  const byMachine = new Map<string, number>();
  const totals = none();
  const add = (day: string, test: string, change: (figures: Figures) => void) => {
    for (const figures of [
      byDay.get(day) ?? byDay.set(day, none()).get(day)!,
      byTest.get(test) ?? byTest.set(test, none()).get(test)!,
      totals,
    ]) {
      change(figures);
    }
  };
  for (const result of counting) {
    add(result.testedAt.slice(0, 10), result.testName, (figures) => {
      figures.results += 1;
      if (result.result === 'fail') figures.failures += 1;
    });
    if (result.result === 'fail') {
      byMachine.set(result.machineId, (byMachine.get(result.machineId) ?? 0) + 1);
    }
  }
  const unitTests = new Map<string, TestResult[]>();
  for (const result of counting) {
    const key = JSON.stringify([result.serialNumber, result.testName]);
    unitTests.set(key, [...(unitTests.get(key) ?? []), result]);
  }
  for (const list of unitTests.values()) {
    const sorted = [...list].sort((a, b) => (order(a) < order(b) ? -1 : 1));
    const first = sorted[0]!;
    const latest = sorted.at(-1)!;
    add(first.testedAt.slice(0, 10), first.testName, (figures) => {
      figures.unitsTested += 1;
      if (first.result === 'pass') figures.firstPassed += 1;
      if (latest.result === 'pass') figures.finalPassed += 1;
    });
  }
  const values = (testName: string) =>
    counting
      .filter((result) => result.testName === testName && result.value !== null)
      .map((result) => result.value!);
  return { byDay, byTest, byMachine, totals, values };
}

describe('aggregates after random ingests, uploads and voids', () => {
  it('equal the figures recomputed from the stored results', async () => {
    const productId = await createProduct(`Stats Property Valve ${tag}`);
    const prefix = `SP${tag}`;
    await createRange(productId, prefix, 'WCB');
    await savePlan(productId, [
      { name: 'Shell', unit: 'bar', lower: 10, upper: null },
      { name: 'Leak', unit: 'mL/min', lower: null, upper: 5 },
    ]);
    const benches = [await createBench(`Stats P1 ${tag}`), await createBench(`Stats P2 ${tag}`)];
    const serials = [1, 2, 3].map((n) => `${prefix}-${String(n).padStart(4, '0')}`);
    let minute = 0;

    type Op =
      | {
          kind: 'ingest' | 'upload';
          bench: number;
          rows: { unit: number; test: 'Shell' | 'Leak'; value: number; day: number }[];
        }
      | { kind: 'void'; unit: number; pick: number };
    const rowArbitrary = fc.record({
      unit: fc.nat(2),
      test: fc.constantFrom('Shell' as const, 'Leak' as const),
      value: fc.constantFrom(2, 4.5, 6, 9.75, 12.25, 15),
      day: fc.integer({ min: 1, max: 5 }),
    });
    const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('ingest' as const, 'upload' as const),
        bench: fc.nat(1),
        rows: fc.array(rowArbitrary, { minLength: 1, maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant('void' as const), unit: fc.nat(2), pick: fc.nat(10) }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 2, maxLength: 6 }), async (ops) => {
        for (const op of ops) {
          if (op.kind === 'void') {
            const open = (await unitResults(serials[op.unit]!)).filter(
              (result) => result.voidedAt === null,
            );
            if (open.length > 0) await voidResult(open[op.pick % open.length]!.id);
            continue;
          }
          const rows = op.rows.map((row): Row => {
            minute += 1;
            const ok = row.test === 'Shell' ? row.value >= 10 : row.value <= 5;
            return {
              serialNumber: serials[row.unit]!,
              testName: row.test,
              result: ok ? 'pass' : 'fail',
              value: row.value,
              unit: row.test === 'Shell' ? 'bar' : 'mL/min',
              // Days in random order: results arrive out of tested order.
              testedAt: at(row.day, minute),
            };
          });
          const bench = benches[op.bench]!;
          if (op.kind === 'ingest') await ingest(bench, rows);
          else await upload(bench, rows);
        }
        const stored = (await Promise.all(serials.map(unitResults))).flat();
        const expected = recompute(stored);
        const range = { productId, from: daysAgo(5), to: today };

        const answer = await statistics<StatisticsYield>('yield', range);
        expect(answer.totals).toEqual(yields(expected.totals));
        for (const period of answer.periods) {
          expect(period, period.start).toEqual({
            start: period.start,
            ...yields(expected.byDay.get(period.start) ?? none()),
          });
        }
        expect(answer.byTest).toEqual(
          [...expected.byTest]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([testName, figures]) => ({ testName, ...yields(figures) })),
        );

        const pareto = await statistics<StatisticsPareto>('pareto', range);
        expect(pareto.totalFailures).toBe(expected.totals.failures);
        expect(
          Object.fromEntries(pareto.byMachine.map((row) => [row.machineId, row.failures])),
        ).toEqual(Object.fromEntries(expected.byMachine));

        for (const testName of ['Shell', 'Leak']) {
          const values = expected.values(testName);
          const figures = await statistics<StatisticsCapability>('capability', {
            ...range,
            testName,
          });
          expect(figures.n).toBe(values.length);
          const series = figures.planVersions[0];
          if (values.length === 0) {
            expect(figures.planVersions).toEqual([]);
            continue;
          }
          const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
          expect(series!.n).toBe(values.length);
          expect(series!.mean).toBeCloseTo(mean, 9);
          if (values.length > 1) {
            const variance =
              values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
            expect(series!.stdDev).toBeCloseTo(Math.sqrt(variance), 9);
          }
          const points = await statistics<StatisticsValues>('values', { ...range, testName });
          expect(points.points.map((point) => point.value).sort()).toEqual([...values].sort());
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('batches for the same unit-tests at once', () => {
  it('leave the figures exact, whichever commits first', async () => {
    const productId = await createProduct(`Stats Race Valve ${tag}`);
    const prefix = `SR${tag}`;
    await createRange(productId, prefix, 'WCB');
    await savePlan(productId, [{ name: 'Shell', unit: 'bar', lower: 10, upper: null }]);
    const benches = [await createBench(`Stats R1 ${tag}`), await createBench(`Stats R2 ${tag}`)];
    const serials = [1, 2].map((n) => `${prefix}-${String(n).padStart(4, '0')}`);
    // Six batches at once, each touching both units' shell test at other times and days.
    await Promise.all(
      Array.from({ length: 6 }, (_, batch) =>
        ingestAgainWhenBusy(
          benches[batch % 2]!,
          serials.map((serialNumber, unit) => {
            const value = [8, 12, 9, 14, 11, 7][(batch + unit) % 6]!;
            return {
              serialNumber,
              testName: 'Shell',
              result: value >= 10 ? ('pass' as const) : ('fail' as const),
              value,
              unit: 'bar',
              testedAt: at(1 + ((batch * 7 + unit) % 4), 100 + batch * 10 + unit),
            };
          }),
        ),
      ),
    );
    const stored = (await Promise.all(serials.map(unitResults))).flat();
    expect(stored).toHaveLength(12);
    const expected = recompute(stored);
    const answer = await statistics<StatisticsYield>('yield', {
      productId,
      from: daysAgo(5),
      to: today,
    });
    expect(answer.totals).toEqual(yields(expected.totals));
    for (const period of answer.periods) {
      expect(period, period.start).toEqual({
        start: period.start,
        ...yields(expected.byDay.get(period.start) ?? none()),
      });
    }
  });
});

describe('the data migration', () => {
  it('builds the statistics of results stored before them, once', async () => {
    const productId = await createProduct(`Stats Legacy Valve ${tag}`);
    const prefix = `SL${tag}`;
    await createRange(productId, prefix, 'SUS');
    await savePlan(productId, [{ name: 'Torque', unit: 'Nm', lower: 4, upper: 7 }]);
    const bench = await createBench(`Stats L ${tag}`);
    const serial = (n: number) => `${prefix}-${String(n).padStart(4, '0')}`;
    const torque = (n: number, value: number, day: number, second: number): Row => ({
      serialNumber: serial(n),
      testName: 'Torque',
      result: value >= 4 && value <= 7 ? 'pass' : 'fail',
      value,
      unit: 'Nm',
      testedAt: at(day, second),
    });
    await ingest(bench, [
      torque(1, 3.5, 3, 1),
      torque(1, 5.5, 2, 1),
      torque(2, 6.1, 3, 2),
      torque(3, 7.5, 1, 3),
      torque(3, 6.5, 1, 4),
    ]);
    const voided = (await unitResults(serial(2)))[0]!;
    await voidResult(voided.id);
    const range = { productId, from: daysAgo(5), to: today };
    const capabilityOf = () =>
      statistics<StatisticsCapability>('capability', { ...range, testName: 'Torque' });
    const before = {
      yield: await statistics<StatisticsYield>('yield', range),
      capability: await capabilityOf(),
    };
    expect(before.yield.totals).toMatchObject({ results: 4, failures: 2, unitsTested: 2 });

    // As the code before the statistics stored them: no product on the results, no index of
    // values, no unit-test states, no day items.
    const items = await reader.scanAll();
    const serials = new Set([1, 2, 3].map(serial));
    for (const item of items) {
      const key = { pk: String(item.pk), sk: String(item.sk) };
      if (item.type === 'machineResult' && serials.has(String(item.serialNumber))) {
        const legacy = { ...item };
        for (const name of ['productId', 'material', 'gsi2pk', 'gsi2sk']) delete legacy[name];
        await reader.put(legacy);
      } else if (
        key.pk === `STATDAY#${productId}` ||
        [...serials].some((one) => key.pk === `UNITTEST#${one}`)
      ) {
        await reader.remove(key);
      }
    }
    expect((await statistics<StatisticsYield>('yield', range)).totals.results).toBe(0);
    expect((await capabilityOf()).n).toBe(0);

    // The migration, run here against the stack's table as the deploy would.
    Object.assign(process.env, {
      LOG_LEVEL: 'silent',
      TABLE_NAME: stack.resources.tableName,
      DYNAMODB_ENDPOINT: stack.endpoints.dynamodb,
      USER_POOL_ID: 'us-east-1_local',
      USER_POOL_CLIENT_ID: 'local',
      REPORTS_BUCKET: 'reports',
      MAIL_FROM: 'reports@example.com',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const { migrateStatistics } = await import('../../lambdas/migrations/statistics');
    const summary = await migrateStatistics();
    expect(summary.resultsCounted).toBeGreaterThanOrEqual(4);
    expect(await statistics<StatisticsYield>('yield', range)).toEqual(before.yield);
    expect(await capabilityOf()).toEqual(before.capability);
    // The voided result stays out of everything.
    const values = await statistics<StatisticsValues>('values', { ...range, testName: 'Torque' });
    expect(values.points.map((point) => point.value)).toEqual([3.5, 5.5, 7.5, 6.5]);
    // Run again: nothing left to count here.
    const again = await migrateStatistics();
    expect(again.resultsCounted).toBe(0);
  });
});
