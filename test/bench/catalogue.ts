import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counterShards } from '../../lambdas/shared/data/counters';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo } from '../support/stack-process';
import { inParallel, measure, ms } from './measure';

/**
 * Catalogue benchmarks (targets: each ratio at most 1.2):
 * - serial lookup through the API with 1,000 and with 1,000,000 ranges stored;
 * - a product list page of 100 with 100 and with 100,000 products stored.
 * Bulk data goes straight into DynamoDB Local in the exact item shape the
 * repositories write (the API would take hours for a million ranges).
 * BENCH_RANGES / BENCH_PRODUCTS override the large sizes for a quick run.
 */
export function documentsFor(stack: StackInfo) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 10,
    }),
  );
}

export async function bulkWrite(
  stack: StackInfo,
  items: (index: number) => Record<string, unknown>,
  from: number,
  to: number,
) {
  const documents = documentsFor(stack);
  const batches: (() => Promise<void>)[] = [];
  for (let start = from; start < to; start += 25) {
    batches.push(async () => {
      let requests = Array.from({ length: Math.min(25, to - start) }, (_, offset) => ({
        PutRequest: { Item: items(start + offset) },
      }));
      while (requests.length > 0) {
        const result = await documents.send(
          new BatchWriteCommand({ RequestItems: { [stack.resources.tableName]: requests } }),
        );
        requests = (result.UnprocessedItems?.[stack.resources.tableName] ?? []) as typeof requests;
      }
    });
  }
  await inParallel(batches, Number(process.env.BENCH_PARALLEL ?? 8));
  documents.destroy();
}

/** Sets a counter's total: all of it in the first shard, the others at zero. */
async function setCounter(stack: StackInfo, name: string, value: number) {
  const documents = documentsFor(stack);
  for (let shard = 0; shard < counterShards; shard++) {
    await documents.send(
      new UpdateCommand({
        TableName: stack.resources.tableName,
        Key: keys.stats(shard),
        UpdateExpression: 'SET #name = :value',
        ExpressionAttributeNames: { '#name': name },
        ExpressionAttributeValues: { ':value': shard === 0 ? value : 0 },
      }),
    );
  }
  documents.destroy();
}

const width = 9;
const prefix = 'BENCH-';
/** The 1,000-range partition, beside the large one. */
const smallPrefix = 'SMALL-';
const rangeSize = 10;

function rangeEntry(productId: string, index: number, partitionPrefix = prefix) {
  const startNumber = index * rangeSize;
  const endNumber = startNumber + rangeSize - 1;
  const startDigits = String(startNumber).padStart(width, '0');
  const now = '2026-11-01T00:00:00.000Z';
  return {
    ...keys.serialLookup(partitionPrefix, width, startDigits),
    id: `bench-${partitionPrefix}${index}`,
    productId,
    startSerial: `${partitionPrefix}${startDigits}`,
    endSerial: `${partitionPrefix}${String(endNumber).padStart(width, '0')}`,
    totalUnits: rangeSize,
    productionDate: '2026-11-01',
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: 'bench',
    updatedBy: 'bench',
    prefix: partitionPrefix,
    width,
    startNumber,
    endNumber,
  };
}

/**
 * Lookup latency with a partition of 1,000 ranges and one of 1,000,000. After the large
 * load both are measured interleaved, call by call, so machine noise hits both alike;
 * the small partition is also measured before the large load, on a small table.
 */
export async function runLookup(): Promise<void> {
  const large = Number(process.env.BENCH_RANGES ?? 1_000_000);
  const stack = await startStackProcess();
  try {
    const token = (await signIn(stack.info, stack.info.admin.email, stack.info.admin.password))
      .IdToken;
    const product = await callApi<{ id: string }>(stack.info, '/api/products', {
      method: 'POST',
      token,
      body: {
        name: 'Bench Valve',
        temperatureMin: 0,
        temperatureMax: 100,
        fluid: 'water',
        connection: 'Flanged',
      },
    });
    const lookup = (partition: string, count: number) => async (index: number) => {
      const range = (index * 7919) % count;
      const digits = String(range * rangeSize + (index % rangeSize)).padStart(width, '0');
      const response = await callApi(
        stack.info,
        `/api/serial-numbers/lookup?serial=${partition}${digits}`,
        { token },
      );
      if (response.status !== 200)
        throw new Error(`lookup ${partition}${digits}: ${response.status}`);
    };
    const smallLookup = lookup(smallPrefix, 1_000);
    const largeLookup = lookup(prefix, large);

    let started = performance.now();
    await bulkWrite(stack.info, (i) => rangeEntry(product.body.id, i, smallPrefix), 0, 1_000);
    console.log(`loaded 1,000 ranges in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const before = await measure(smallLookup, { count: 1_000 });
    console.log(
      `lookup, 1,000 ranges in the table: median ${ms(before.median)}, p99 ${ms(before.p99)}`,
    );

    started = performance.now();
    await bulkWrite(stack.info, (i) => rangeEntry(product.body.id, i, prefix), 0, large);
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(
      `loaded ${large.toLocaleString('en')} ranges into one partition in ${loadSeconds.toFixed(1)} s ` +
        `(${Math.round(large / loadSeconds).toLocaleString('en')} items/s)`,
    );
    const small = { times: [] as number[] };
    const big = { times: [] as number[] };
    await measure(
      async (index) => {
        const target = index % 2 === 0 ? small : big;
        const started = performance.now();
        await (index % 2 === 0 ? smallLookup : largeLookup)(index);
        target.times.push(performance.now() - started);
      },
      { count: 2_000 },
    );
    const summary = (times: number[]) => {
      const sorted = times.slice(-1_000).sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return { median: at(0.5), p99: at(0.99) };
    };
    const s = summary(small.times);
    const b = summary(big.times);
    console.log(`interleaved, partition of 1,000 ranges: median ${ms(s.median)}, p99 ${ms(s.p99)}`);
    console.log(
      `interleaved, partition of ${large.toLocaleString('en')} ranges: median ${ms(b.median)}, p99 ${ms(b.p99)}`,
    );
    console.log(
      `ratio large/small: median ${(b.median / s.median).toFixed(2)}, p99 ${(b.p99 / s.p99).toFixed(2)} (target <= 1.2)`,
    );
  } finally {
    await stack.stop();
  }
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
}

function productItem(index: number) {
  const id = randomUUID();
  const name = `Bench Product ${String(index).padStart(6, '0')}`;
  const now = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  return {
    ...keys.product(id),
    ...keys.productIndexes(id, name, now),
    id,
    name,
    temperatureMin: -10,
    temperatureMax: 120,
    fluid: 'water',
    connection: 'Flanged, PN16',
    pressureFC: 16,
    pressureWCB: 25,
    pressureSUS: 25,
    application: 'Benchmark',
    applicationMedium: 'Water',
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: 'bench',
    updatedBy: 'bench',
    rangeCount: 0,
  };
}

export async function runProductList(): Promise<void> {
  const large = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  const stack = await startStackProcess();
  try {
    const token = (await signIn(stack.info, stack.info.admin.email, stack.info.admin.password))
      .IdToken;
    const page = async (index: number) => {
      const sort = index % 2 === 0 ? 'sort=name' : 'sort=updatedAt&order=desc';
      const response = await callApi<{ items: unknown[] }>(
        stack.info,
        `/api/products?limit=100&${sort}`,
        { token },
      );
      if (response.status !== 200 || response.body.items.length !== 100) {
        throw new Error(`product page: ${response.status}`);
      }
    };
    await bulkWrite(stack.info, productItem, 0, 100);
    await setCounter(stack.info, 'products', 100);
    const small = await measure(page, { count: 200 });
    console.log(`page of 100 with 100 products: median ${ms(small.median)}, p99 ${ms(small.p99)}`);

    const started = performance.now();
    await bulkWrite(stack.info, productItem, 100, large);
    await setCounter(stack.info, 'products', large);
    console.log(
      `loaded ${(large - 100).toLocaleString('en')} more products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const big = await measure(page, { count: 200 });
    console.log(
      `page of 100 with ${large.toLocaleString('en')} products: median ${ms(big.median)}, p99 ${ms(big.p99)}`,
    );
    console.log(
      `ratio large/small: median ${(big.median / small.median).toFixed(2)}, p99 ${(big.p99 / small.p99).toFixed(2)} (target <= 1.2)`,
    );
  } finally {
    await stack.stop();
  }
}
