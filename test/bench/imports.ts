import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportSummary } from '../../lambdas/shared/contract/schemas/imports';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../lambdas/shared/contract/schemas/serial-range';
import { productsCsv } from '../../web/src/features/products/product-csv';
import { serialRangesCsv } from '../../web/src/features/serial-numbers/serial-csv';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackInfo } from '../support/stack-process';

/**
 * Catalogue imports (docs/api.md, "Imports") through the local gateway, in a stack of the
 * bench's own: the check alone (`?dryRun=true`) and the whole import of a 5,000-row file of
 * products and of ranges: the request (check and queue, 202) and then the import worker's
 * writing, followed as the page follows it (`GET /api/imports/{id}`) until it is stored.
 * BENCH_IMPORT_PRODUCTS and BENCH_IMPORT_RANGES change the sizes. DynamoDB Local runs one
 * transaction at a time, far slower than DynamoDB: the write figures are this machine's
 * floor, not AWS's.
 */
const productRows = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 5_000);
const rangeRows = Number(process.env.BENCH_IMPORT_RANGES ?? 5_000);

const now = new Date().toISOString();
const tag = randomUUID().slice(0, 6).toUpperCase();

/** A product as the list exports it. */
const product = (n: number): Product => ({
  id: randomUUID(),
  name: `Bench ${tag} Gate Valve GV-${String(n).padStart(5, '0')}`,
  nameZh: `閘閥 ${tag} ${n}`,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged, ASME B16.5 Class 150',
  connectionZh: '法蘭',
  pressureFC: 16,
  pressureWCB: 25,
  pressureSUS: null,
  application: null,
  applicationZh: null,
  applicationMedium: 'Water',
  applicationMediumZh: '水',
  gtin: null,
  planVersion: null,
  version: 1,
  createdAt: now,
  updatedAt: now,
  createdBy: 'bench',
  updatedBy: 'bench',
});

async function send(
  stack: StackInfo,
  token: string,
  what: 'products' | 'serial-numbers',
  csv: string,
  dryRun: boolean,
): Promise<{ seconds: number; answer: ImportSummary | ImportJob }> {
  const started = performance.now();
  const response = await fetch(
    `${stack.appUrl}/api/${what}/import?dryRun=${dryRun}&fileName=bench-${what}.csv`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    },
  );
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== (dryRun ? 200 : 202)) {
    throw new Error(`${what} import answered ${response.status}: ${text.slice(0, 400)}`);
  }
  return { seconds, answer: JSON.parse(text) as ImportSummary | ImportJob };
}

/** Imports a file and follows it until the worker is done: the request's and the whole time. */
async function importWhole(
  stack: StackInfo,
  token: string,
  what: 'products' | 'serial-numbers',
  csv: string,
): Promise<{ requestSeconds: number; seconds: number; job: ImportJob }> {
  const started = performance.now();
  const { seconds: requestSeconds, answer } = await send(stack, token, what, csv, false);
  const { id } = answer as ImportJob;
  for (;;) {
    const { body } = await callApi<ImportJob>(stack, `/api/imports/${id}`, { token });
    if (body.status === 'stored') {
      return { requestSeconds, seconds: (performance.now() - started) / 1000, job: body };
    }
    if (body.status === 'refused' || body.status === 'failed') {
      throw new Error(`${what} import ${body.status}: ${JSON.stringify(body.error).slice(0, 400)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const line = (label: string, rows: number, seconds: number) =>
  console.log(
    `${label.padEnd(34)} ${String(rows).padStart(6)} rows  ${seconds.toFixed(2).padStart(7)} s  ${(
      rows / seconds
    )
      .toFixed(0)
      .padStart(6)} rows/s`,
  );

export async function run(): Promise<void> {
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const token = (await signIn(info, info.admin.email, info.admin.password)).IdToken;
    const products = Array.from({ length: productRows }, (_, n) => product(n));
    const productFile = productsCsv(products);
    console.log(
      `products file: ${productRows} rows, ${(Buffer.byteLength(productFile) / 1e6).toFixed(2)} MB`,
    );
    const productCheck = await send(info, token, 'products', productFile, true);
    line('products: check (dry run)', productRows, productCheck.seconds);
    const productImport = await importWhole(info, token, 'products', productFile);
    line('products: request (check, queue)', productRows, productImport.requestSeconds);
    line('products: stored (request to end)', productImport.job.written, productImport.seconds);

    // Ranges of the first product: 10 units each, one partition.
    const owner = await callApi<{ items: Product[] }>(
      info,
      `/api/products?filter=${encodeURIComponent(products[0]!.name)}`,
      { token },
    );
    const first = owner.body.items[0]!;
    const ranges = Array.from({ length: rangeRows }, (_, n): SerialRange => ({
      id: randomUUID(),
      productId: first.id,
      startSerial: `BI${tag}-${String(n * 10 + 1).padStart(7, '0')}`,
      endSerial: `BI${tag}-${String(n * 10 + 10).padStart(7, '0')}`,
      totalUnits: 10,
      productionDate: '2026-03-01',
      gtin: null,
      // The product rates two materials (pressureFC, pressureWCB): a range names its own.
      bodyMaterial: 'WCB',
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: 'bench',
      updatedBy: 'bench',
    }));
    const rangeFile = serialRangesCsv(ranges, new Map([[first.id, first]]));
    const rangeCheck = await send(info, token, 'serial-numbers', rangeFile, true);
    line('ranges: check (dry run)', rangeRows, rangeCheck.seconds);
    const rangeImport = await importWhole(info, token, 'serial-numbers', rangeFile);
    line('ranges: request (check, queue)', rangeRows, rangeImport.requestSeconds);
    line('ranges: stored (request to end)', rangeImport.job.written, rangeImport.seconds);
  } catch (error) {
    // What the stack logged (the import's own lines name why it stopped).
    console.error(stack.output().split('\n').slice(-40).join('\n'));
    throw error;
  } finally {
    await stack.stop();
  }
}
