import { cpus, loadavg } from 'node:os';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/shared/keys';
import {
  cellDefinitionAttribute,
  cellDefinitionOf,
  cellFieldAttribute,
  cellIdOf,
  valueIndexKeys,
  valueTerms,
  type CellField,
  type CountedResult,
} from '../../lambdas/statistics/aggregates';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo } from '../support/stack-process';
import { documentsFor } from './catalogue';
import { inParallel, ms, quantile } from './measure';

/**
 * Quality statistics (docs/statistics.md, docs/data-model.md "Statistics"; target: ratio at
 * most 1.2): the latency of each statistics route through the gateway with 10,000 and with
 * 1,000,000 results stored, in one run, two stacks measured interleaved call by call. Both
 * hold the same last 10 days (1,000 results a day: 100 units × 10 tests, two benches) and
 * the requests ask for those 10 days: the large stack only has more history before them,
 * which no route may read. The data goes straight into DynamoDB Local with batch writes, in
 * the items the code writes: each result with its index keys (gsi1, and gsi2 for its
 * value: `valueIndexKeys`) and the day items of the product (`statistics/aggregates.ts`
 * attribute names and sums). Unit-test states are left out: only writes read them.
 * BENCH_STATS_RESULTS overrides the large size; BENCH_ROUNDS the calls of each route (100);
 * BENCH_STATS_DATA reuses the data folder of an earlier large run (of the same size).
 */
const productId = 'bench-stats';
const rangeId = 'bench-stats-range';
const testsPerUnit = 10;
const unitsPerDay = 100;
const resultsPerDay = testsPerUnit * unitsPerDay;
const windowDays = 10;
const benches = ['Bench 1', 'Bench 2'];
const limit = { lower: 9, upper: 11, unit: 'bar' };
const createdAt = '2020-01-01T00:00:00.000Z';
const audit = {
  version: 1,
  createdAt,
  updatedAt: createdAt,
  createdBy: 'bench',
  updatedBy: 'bench',
};

const dayMs = 86_400_000;
const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A deterministic value near 10 (a few fall outside 9–11). */
const valueOf = (index: number) => {
  const x = Math.sin(index * 12.9898) * 43758.5453;
  return Number((10 + (x - Math.floor(x) - 0.5) * 2.3).toFixed(3));
};

/** The product, its plan, its range and the benches, as the repositories write them. */
function catalogueItems(units: number): Record<string, unknown>[] {
  const serial = (n: number) => `BS-${String(n).padStart(7, '0')}`;
  const range = {
    id: rangeId,
    productId,
    startSerial: serial(0),
    endSerial: serial(units),
    totalUnits: units + 1,
    productionDate: '2020-01-01',
    gtin: null,
    bodyMaterial: 'WCB',
    prefix: 'BS-',
    width: 7,
    startNumber: 0,
    endNumber: units,
    ...audit,
  };
  return [
    {
      ...keys.product(productId),
      ...keys.productIndexes(productId, 'Bench Stats Valve', createdAt),
      id: productId,
      name: 'Bench Stats Valve',
      nameZh: null,
      gtin: null,
      temperatureMin: -10,
      temperatureMax: 120,
      fluid: 'water',
      connection: 'Flanged',
      connectionZh: null,
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: null,
      application: null,
      applicationZh: null,
      applicationMedium: null,
      applicationMediumZh: null,
      planVersion: 1,
      rangeCount: 1,
      ...audit,
    },
    {
      ...keys.testPlan(productId, 1),
      productId,
      version: 1,
      tests: Array.from({ length: testsPerUnit }, (_, test) => ({
        name: `Test ${test}`,
        nameZh: null,
        method: 'API 598',
        methodZh: null,
        ...limit,
        required: true,
        holdSeconds: null,
        materials: [],
      })),
      allowExtraTests: false,
      approvedBy: { id: 'bench', name: 'Bench', email: 'bench@example.com', role: 'admin' },
      approvedAt: createdAt,
    },
    { ...keys.serialRange(rangeId), ...range },
    { ...keys.productRange(productId, range.startSerial, rangeId), ...range },
    ...benches.map((name, index) => ({
      ...keys.machine(`bench-${index}`),
      ...keys.machineIndexes(`bench-${index}`, name),
      id: `bench-${index}`,
      name,
      note: null,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
      keyHash: 'bench',
      ...audit,
    })),
  ];
}

/** The results of one day (`daysBack` days before today) and that day's items. */
function dayItems(daysBack: number, firstUnit: number): Record<string, unknown>[] {
  const day = isoDay(today - daysBack * dayMs);
  const items: Record<string, unknown>[] = [];
  const cells = new Map<
    string,
    { item: string; id: string; definition: unknown; sums: Record<CellField, number> }
  >();
  for (let unit = 0; unit < unitsPerDay; unit++) {
    const number = firstUnit + unit;
    const serialNumber = `BS-${String(number).padStart(7, '0')}`;
    const machineId = benches[unit % benches.length]!;
    for (let test = 0; test < testsPerUnit; test++) {
      const index = number * testsPerUnit + test;
      const value = valueOf(index);
      const testName = `Test ${test}`;
      const testedAt = new Date(
        Date.parse(`${day}T00:00:00.000Z`) + (unit * testsPerUnit + test) * 60_000,
      ).toISOString();
      const outcome = value >= limit.lower && value <= limit.upper ? 'pass' : 'fail';
      const counted: CountedResult = {
        serialNumber,
        testName,
        testedAt,
        machineId,
        result: outcome,
        value,
        planVersion: 1,
        limit,
        rangeId,
        material: 'WCB',
        productId,
      };
      items.push({
        ...keys.unitResult(serialNumber, testName, testedAt, machineId),
        ...keys.unitResultIndexes(serialNumber, testName, testedAt, machineId),
        ...valueIndexKeys(counted),
        type: 'machineResult',
        id: `bench${String(index).padStart(17, '0')}`,
        serialNumber,
        testName,
        result: outcome,
        value,
        unit: 'bar',
        testedAt,
        machineId,
        operator: null,
        notes: null,
        planVersion: 1,
        limit,
        receivedAt: testedAt,
        source: `machine:${machineId}`,
        batchId: 'bench',
        rangeId,
        productId,
        material: 'WCB',
      });
      // Each unit-test has one result here: its first and latest.
      const definition = cellDefinitionOf(counted);
      const id = cellIdOf(definition);
      const item = machineId;
      const key = `${item}\n${id}`;
      const cell = cells.get(key) ?? {
        item,
        id,
        definition,
        sums: { r: 0, f: 0, n: 0, s: 0, q: 0, u: 0, p: 0, l: 0 },
      };
      const { d, d2 } = valueTerms(value, definition.reference);
      const failed = outcome === 'fail' ? 1 : 0;
      cell.sums.r += 1;
      cell.sums.f += failed;
      cell.sums.n += 1;
      cell.sums.s += d;
      cell.sums.q += d2;
      cell.sums.u += 1;
      cell.sums.p += 1 - failed;
      cell.sums.l += 1 - failed;
      cells.set(key, cell);
    }
  }
  for (const machineId of benches) {
    const attributes: Record<string, unknown> = {};
    for (const cell of cells.values()) {
      if (cell.item !== machineId) continue;
      attributes[cellDefinitionAttribute(cell.id)] = JSON.stringify(cell.definition);
      for (const [field, sum] of Object.entries(cell.sums)) {
        attributes[cellFieldAttribute(cell.id, field as CellField)] = Number(sum.toPrecision(15));
      }
    }
    items.push({
      ...keys.statisticsDay(productId, day, machineId),
      type: 'statisticsDay',
      productId,
      day,
      machineId,
      ...attributes,
    });
  }
  return items;
}

/** Writes `days` days of results, the latest `windowDays` ending today; answers the items. */
async function load(stack: StackInfo, days: number): Promise<number> {
  const documents = documentsFor(stack);
  const table = stack.resources.tableName;
  const write = async (items: Record<string, unknown>[]) => {
    let requests = items.map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const result = await documents.send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  };
  const batchesOf = (items: Record<string, unknown>[]) =>
    Array.from(
      { length: Math.ceil(items.length / 25) },
      (_, batch) => () => write(items.slice(batch * 25, batch * 25 + 25)),
    );
  let written = 0;
  const catalogue = catalogueItems(days * unitsPerDay);
  await inParallel(batchesOf(catalogue), 1);
  written += catalogue.length;
  for (let back = days - 1; back >= 0; back--) {
    const items = dayItems(back, (days - 1 - back) * unitsPerDay);
    await inParallel(batchesOf(items), Number(process.env.BENCH_PARALLEL ?? 8));
    written += items.length;
  }
  documents.destroy();
  return written;
}

const from = isoDay(today - (windowDays - 1) * dayMs);
const to = isoDay(today);
const window = `productId=${productId}&from=${from}&to=${to}`;
const routes: { name: string; path: string; check: (body: Record<string, unknown>) => boolean }[] =
  [
    {
      name: 'filters',
      path: `/api/statistics/filters?productId=${productId}`,
      check: (body) => (body.tests as unknown[]).length === testsPerUnit,
    },
    {
      name: 'yield (day)',
      path: `/api/statistics/yield?${window}&interval=day`,
      check: (body) => (body.totals as { results: number }).results === windowDays * resultsPerDay,
    },
    {
      name: 'pareto',
      path: `/api/statistics/pareto?${window}`,
      check: (body) => (body.byTest as unknown[]).length === testsPerUnit,
    },
    {
      name: 'capability',
      path: `/api/statistics/capability?${window}&testName=Test%203`,
      check: (body) => body.n === windowDays * unitsPerDay,
    },
    {
      name: 'values',
      path: `/api/statistics/values?${window}&testName=Test%203`,
      check: (body) => (body.points as unknown[]).length === windowDays * unitsPerDay,
    },
    {
      name: 'values (one bench)',
      path: `/api/statistics/values?${window}&testName=Test%203&machineId=Bench%202`,
      check: (body) => (body.points as unknown[]).length === (windowDays * unitsPerDay) / 2,
    },
  ];

async function measureRoutes(stacks: { info: StackInfo; token: string }[], rounds: number) {
  const times = stacks.map(() => routes.map(() => [] as number[]));
  for (let round = -10; round < rounds; round++) {
    for (const [index, route] of routes.entries()) {
      for (const [which, stack] of stacks.entries()) {
        const started = performance.now();
        const response = await callApi<Record<string, unknown>>(stack.info, route.path, {
          token: stack.token,
        });
        const elapsed = performance.now() - started;
        if (response.status !== 200 || !route.check(response.body)) {
          throw new Error(
            `${route.name}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
          );
        }
        if (round >= 0) times[which]![index]!.push(elapsed);
      }
    }
  }
  return times;
}

export async function run(): Promise<void> {
  const large = Number(process.env.BENCH_STATS_RESULTS ?? 1_000_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
  const smallDays = windowDays;
  const largeDays = Math.max(windowDays, Math.round(large / resultsPerDay));
  const env = { LOG_LEVEL: 'error', SAMPLE_DATA: '0' };
  const reuse = process.env.BENCH_STATS_DATA;
  const small = await startStackProcess({ env });
  const big = await startStackProcess({ env, ...(reuse ? { dataDir: reuse } : {}) });
  try {
    let started = performance.now();
    let items = await load(small.info, smallDays);
    console.log(
      `loaded ${(smallDays * resultsPerDay).toLocaleString('en')} results (${items.toLocaleString('en')} items) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (!reuse) {
      started = performance.now();
      items = await load(big.info, largeDays);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `loaded ${(largeDays * resultsPerDay).toLocaleString('en')} results over ${largeDays} days (${items.toLocaleString('en')} items) in ${seconds.toFixed(1)} s ` +
          `(${Math.round(items / seconds).toLocaleString('en')} items/s)`,
      );
      console.log(`data folder (BENCH_STATS_DATA to reuse): ${big.info.dataDir}`);
    }
    const stacks = await Promise.all(
      [small, big].map(async ({ info }) => ({
        info,
        token: (await signIn(info, info.admin.email, info.admin.password)).IdToken,
      })),
    );
    const [few, many] = await measureRoutes(stacks, rounds);
    const smallLabel = (smallDays * resultsPerDay).toLocaleString('en');
    const largeLabel = (largeDays * resultsPerDay).toLocaleString('en');
    console.log(
      `\nthe last ${windowDays} days (${(windowDays * resultsPerDay).toLocaleString('en')} results), ${rounds} calls of each route on each stack, interleaved`,
    );
    console.log(
      `${'route'.padEnd(22)} ${`median ${smallLabel}`.padStart(14)} ${`median ${largeLabel}`.padStart(18)}  ratio ${`p99 ${smallLabel}`.padStart(12)} ${`p99 ${largeLabel}`.padStart(16)}`,
    );
    for (const [index, route] of routes.entries()) {
      const a = few![index]!;
      const b = many![index]!;
      console.log(
        `${route.name.padEnd(22)} ${ms(quantile(a, 0.5)).padStart(14)} ${ms(quantile(b, 0.5)).padStart(18)}  ${(quantile(b, 0.5) / quantile(a, 0.5)).toFixed(2).padStart(5)} ${ms(quantile(a, 0.99)).padStart(12)} ${ms(quantile(b, 0.99)).padStart(16)}`,
      );
    }
    const allFew = few!.flat();
    const allMany = many!.flat();
    console.log(
      `${'all routes'.padEnd(22)} ${ms(quantile(allFew, 0.5)).padStart(14)} ${ms(quantile(allMany, 0.5)).padStart(18)}  ${(quantile(allMany, 0.5) / quantile(allFew, 0.5)).toFixed(2).padStart(5)}  (target: ratio <= 1.2)`,
    );
  } finally {
    await small.stop();
    await big.stop();
  }
  console.log(
    `machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}
