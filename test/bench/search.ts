import { cpus, loadavg } from 'node:os';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { productWordItem } from '../../lambdas/products/search-index';
import { gtinCheckDigit, toGtin14 } from '../../lambdas/shared/contract/gs1';
import { productSearchWords } from '../../lambdas/shared/contract/search-words';
import { counterShards } from '../../lambdas/shared/data/counters';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo } from '../support/stack-process';
import { documentsFor } from './catalogue';
import { inParallel, ms, quantile } from './measure';

/**
 * Product search (docs/data-model.md, "Product search"; target: ratio at most 1.2): the
 * latency of `GET /api/products?filter=…` through the gateway with 1,000 and with 100,000
 * products stored, in one run, for a model code, a common word, several words, a Chinese
 * part and a GTIN; and what a product write costs in items. Two stacks, one per size,
 * measured interleaved call by call. The catalogues go straight into DynamoDB Local with
 * batch writes (the API would take hours), in the items the repository and the data
 * migration write (the product with its `searchWords`, one entry per word:
 * `productWordItem`, `productSearchWords`). BENCH_SEARCH_PRODUCTS overrides the large size
 * for a quick run; BENCH_ROUNDS the calls of each search (100).
 */
const types = [
  ['Gate', 'GV', '閘閥'],
  ['Globe', 'GL', '截止閥'],
  ['Ball', 'BV', '球閥'],
  ['Butterfly', 'BF', '蝶閥'],
  ['Check', 'CV', '止回閥'],
  ['Needle', 'NV', '針閥'],
  ['Plug', 'PV', '旋塞閥'],
  ['Diaphragm', 'DV', '隔膜閥'],
  ['Safety', 'SV', '安全閥'],
  ['Control', 'KV', '控制閥'],
] as const;

/** Every tenth product has a GTIN-13 (GS1's example prefix 950, never a real product). */
function gtinOf(index: number): string | null {
  if (index % 10 !== 0) return null;
  const body = `950${String(index).padStart(9, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function benchProduct(index: number) {
  const [type, code, typeZh] = types[index % types.length]!;
  const number = String(index).padStart(6, '0');
  const gtin = gtinOf(index);
  return {
    id: `bench-search-${number}`,
    name: `${type} Valve ${code}-${number}`,
    nameZh: `${typeZh} ${code}-${number}`,
    gtin: gtin && toGtin14(gtin),
  };
}

/** The product's items as the repository writes them: the record and its word entries. */
function productItems(index: number): Record<string, unknown>[] {
  const product = benchProduct(index);
  const words = productSearchWords(product);
  const now = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  return [
    {
      ...keys.product(product.id),
      ...keys.productIndexes(product.id, product.name, now),
      ...product,
      temperatureMin: -10,
      temperatureMax: 120,
      fluid: 'water',
      connection: 'Flanged, PN16',
      connectionZh: null,
      pressureFC: 16,
      pressureWCB: 25,
      pressureSUS: 25,
      application: null,
      applicationZh: null,
      applicationMedium: null,
      applicationMediumZh: null,
      planVersion: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: 'bench',
      updatedBy: 'bench',
      rangeCount: 0,
      searchWords: words,
    },
    ...words.map((word) => productWordItem(product, word)),
  ];
}

/**
 * Writes products `from`–`to` as BatchWriteItem calls of 25 items, 8 in flight
 * (BENCH_PARALLEL), a thousand products at a time so the items never sit in memory all at
 * once; answers the items written.
 */
async function load(stack: StackInfo, from: number, to: number): Promise<number> {
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
  let written = 0;
  for (let chunk = from; chunk < to; chunk += 1_000) {
    const items: Record<string, unknown>[] = [];
    for (let index = chunk; index < Math.min(chunk + 1_000, to); index++) {
      items.push(...productItems(index));
    }
    const batches = Array.from(
      { length: Math.ceil(items.length / 25) },
      (_, batch) => () => write(items.slice(batch * 25, batch * 25 + 25)),
    );
    await inParallel(batches, Number(process.env.BENCH_PARALLEL ?? 8));
    written += items.length;
  }
  documents.destroy();
  return written;
}

async function setProductCount(stack: StackInfo, value: number) {
  const documents = documentsFor(stack);
  for (let shard = 0; shard < counterShards; shard++) {
    await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [stack.resources.tableName]: [
            { PutRequest: { Item: { ...keys.stats(shard), products: shard === 0 ? value : 0 } } },
          ],
        },
      }),
    );
  }
  documents.destroy();
}

/** The searches, each with the number of products its first page of 20 must show. */
const target = 420;
const searches: { name: string; filter: string; expected: number }[] = [
  { name: 'model code', filter: `GV-${String(target).padStart(6, '0')}`, expected: 1 },
  { name: 'common word (10%)', filter: 'gate', expected: 20 },
  { name: 'several words', filter: 'Gate Valve G', expected: 20 },
  { name: 'Chinese part', filter: '閘閥', expected: 20 },
  { name: 'GTIN-13', filter: gtinOf(target)!, expected: 1 },
];

/**
 * Each search `rounds` times on both stacks, call by call in turn (small, large), after 20
 * unmeasured rounds, so the machine's noise falls on both alike; every answer is checked
 * (status, number of products). Answers the times per stack and search.
 */
async function measureSearches(stacks: { info: StackInfo; token: string }[], rounds: number) {
  const times = stacks.map(() => searches.map(() => [] as number[]));
  for (let round = -20; round < rounds; round++) {
    for (const [index, search] of searches.entries()) {
      for (const [which, stack] of stacks.entries()) {
        const started = performance.now();
        const response = await callApi<{ items: unknown[] }>(
          stack.info,
          `/api/products?limit=20&filter=${encodeURIComponent(search.filter)}`,
          { token: stack.token },
        );
        const elapsed = performance.now() - started;
        if (response.status !== 200 || response.body.items.length !== search.expected) {
          throw new Error(
            `search "${search.filter}": ${response.status}, ${response.body.items?.length} items`,
          );
        }
        if (round >= 0) times[which]![index]!.push(elapsed);
      }
    }
  }
  return times;
}

/** Items a create, a rename, another edit and a delete write, for this catalogue's names. */
function writeCosts(count: number) {
  // Spread over the catalogue, every tenth with a GTIN as in it (the step is a multiple of
  // ten for large catalogues: `index % 10` keeps the GTIN-less ones in the sample).
  const step = Math.max(1, Math.floor(count / 1000));
  const sample = Array.from({ length: Math.min(count, 1000) }, (_, index) =>
    benchProduct(index * step + (index % 10)),
  );
  const words = sample.map((product) => productSearchWords(product).length);
  const withGtin = sample.filter((product) => product.gtin);
  const mean = words.reduce((sum, value) => sum + value, 0) / words.length;
  const gtinWords = withGtin.reduce((sum, p) => sum + productSearchWords(p).length, 0);
  const plain = sample.filter((product) => !product.gtin);
  const plainWords = plain.reduce((sum, p) => sum + productSearchWords(p).length, 0);
  return {
    mean,
    max: Math.max(...words),
    plain: plainWords / plain.length,
    gtin: gtinWords / withGtin.length,
  };
}

export async function run(): Promise<void> {
  const large = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
  const env = { LOG_LEVEL: 'error' };
  const small = await startStackProcess({ env });
  const big = await startStackProcess({ env });
  try {
    let started = performance.now();
    let items = await load(small.info, 0, 1_000);
    await setProductCount(small.info, 1_000);
    console.log(
      `loaded 1,000 products (${items.toLocaleString('en')} items) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    items = await load(big.info, 0, large);
    await setProductCount(big.info, large);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `loaded ${large.toLocaleString('en')} products (${items.toLocaleString('en')} items) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(items / seconds).toLocaleString('en')} items/s)`,
    );
    // Signed in after the load, which may outlast an ID token (1 h).
    const stacks = await Promise.all(
      [small, big].map(async ({ info }) => ({
        info,
        token: (await signIn(info, info.admin.email, info.admin.password)).IdToken,
      })),
    );
    const [few, many] = await measureSearches(stacks, rounds);

    console.log(
      `\nGET /api/products?limit=20&filter=…, ${rounds} calls of each search on each stack, interleaved`,
    );
    console.log(
      `${'search'.padEnd(40)} ${'median 1,000'.padStart(13)} ${`median ${large.toLocaleString('en')}`.padStart(15)}  ratio ${'p99 1,000'.padStart(10)} ${`p99 ${large.toLocaleString('en')}`.padStart(12)}`,
    );
    for (const [index, search] of searches.entries()) {
      const a = few![index]!;
      const b = many![index]!;
      console.log(
        `${`${search.name} "${search.filter}"`.padEnd(40)} ${ms(quantile(a, 0.5)).padStart(13)} ${ms(quantile(b, 0.5)).padStart(15)}  ${(quantile(b, 0.5) / quantile(a, 0.5)).toFixed(2).padStart(5)} ${ms(quantile(a, 0.99)).padStart(10)} ${ms(quantile(b, 0.99)).padStart(12)}`,
      );
    }
    const allFew = few!.flat();
    const allMany = many!.flat();
    console.log(
      `${'all searches'.padEnd(40)} ${ms(quantile(allFew, 0.5)).padStart(13)} ${ms(quantile(allMany, 0.5)).padStart(15)}  ${(quantile(allMany, 0.5) / quantile(allFew, 0.5)).toFixed(2).padStart(5)} ${ms(quantile(allFew, 0.99)).padStart(10)} ${ms(quantile(allMany, 0.99)).padStart(12)}  (target: ratio <= 1.2)`,
    );

    const cost = writeCosts(large);
    console.log(
      `\nwrite cost (items per product write; word entries: ${cost.mean.toFixed(1)} a product on average, ` +
        `${cost.plain.toFixed(0)} without GTIN, ${cost.gtin.toFixed(0)} with, at most ${cost.max}):`,
    );
    // Besides the entries: product, name claim, counter, audit entry (and the GTIN claim).
    console.log(
      `  create ${(4 + cost.plain).toFixed(0)} items (${(5 + cost.gtin).toFixed(0)} with a GTIN); ` +
        `rename ${(4 + 2 * cost.plain).toFixed(0)} (entries removed and written again); ` +
        `edit of other fields 2 (no entry); delete ${(4 + cost.plain).toFixed(0)} (${(5 + cost.gtin).toFixed(0)} with a GTIN); ` +
        `the most any write can take: 86 (40 words out, 40 in)`,
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
