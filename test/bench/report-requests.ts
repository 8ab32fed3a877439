import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../bin/local/settings';
import { cpus } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { renderReportPdf } from '../../lambdas/report-requests/pdf/render';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { newVisitorAddress, requestReport } from '../support/visitor';
import { inParallel, measure, ms } from './measure';
import { benchReportContent, benchSite } from './report-pdf';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The product before its reports were signed: the baseline of the signing figures. */
const unsignedBaseline = 'a1bca8c';

/** A report request's latencies on one stack, at 1 client and at 20. */
interface StackFigures {
  single: { median: number; p99: number };
  concurrent: number[];
  standing: number[];
  seconds: number;
  standingSeconds: number;
}

/**
 * `POST /api/report-requests` on the local stack (lookup, PDF, signature, credential, S3,
 * transaction; the mail goes out afterwards from the stream): median and p99 at 1 and at
 * 20 concurrent clients (at 20, steady and from a standing start), before and after reports
 * were signed, in one run: the same figures first on a checkout of the commit before signing
 * (BENCH_BASELINE, default the last commit without it; a git worktree in the temporary
 * folder sharing this tree's node_modules), then on this tree. Then, on this tree, against
 * the floor of one raw DynamoDB Local Query of the lookup partition, and the raw writes the
 * request cannot do without (a conditional update, a 5-item transaction, an S3 put of a
 * report's size). BENCH_REPORTS overrides the number of timed requests per run (default
 * 200); BENCH_BASELINE=none leaves the baseline out.
 */
export async function run() {
  const count = Number(process.env.BENCH_REPORTS ?? 200);
  const baselineCommit = process.env.BENCH_BASELINE ?? unsignedBaseline;
  const baseline =
    baselineCommit === 'none' ? undefined : await timedOn(baselineCheckout(baselineCommit), count);
  const stack = await startBenchStack(repoRoot);
  try {
    const current = await timeRequests(stack, count);
    const report = (name: string, figures: StackFigures) => {
      const { single, concurrent, standing, seconds, standingSeconds } = figures;
      console.log(`${name}:`);
      console.log(`  1 client:   median ${ms(single.median)}, p99 ${ms(single.p99)}`);
      console.log(
        `  20 clients: median ${ms(quantile(concurrent, 0.5))}, p99 ${ms(quantile(concurrent, 0.99))}, ` +
          `${(count / seconds).toFixed(1)} requests/s (steady: after 40 warm-up requests)`,
      );
      console.log(
        `  20 clients from a standing start (all at once, the first ${count}): median ` +
          `${ms(quantile(standing, 0.5))}, p99 ${ms(quantile(standing, 0.99))}, ` +
          `${(count / standingSeconds).toFixed(1)} requests/s`,
      );
    };
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${count} requests per run`,
    );
    if (baseline) report(`before signing (${baselineCommit})`, baseline);
    report('signed (this tree)', current);
    if (baseline) {
      const added = (a: number, b: number) => `${ms(a - b)} (${(a / b).toFixed(2)}×)`;
      console.log(
        `signing adds: 1 client median ${added(current.single.median, baseline.single.median)}, ` +
          `p99 ${added(current.single.p99, baseline.single.p99)}; 20 clients median ` +
          `${added(quantile(current.concurrent, 0.5), quantile(baseline.concurrent, 0.5))}, p99 ` +
          `${added(quantile(current.concurrent, 0.99), quantile(baseline.concurrent, 0.99))}`,
      );
    }
    const single = current.single;
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
    const partition = keys.serialPartitionVersion('BN-', 6).pk;
    const floor = await measure(
      async () => {
        await documents.send(
          new QueryCommand({
            TableName: stack.info.resources.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :zeros AND :digits',
            ExpressionAttributeValues: {
              ':pk': partition,
              ':zeros': '000000',
              ':digits': '000500',
            },
            ScanIndexForward: false,
            Limit: 1,
          }),
        );
      },
      { warmup: 50, count: 200 },
    );
    // The request's writes, raw: what its chain (quota write beside the reads, S3 put,
    // 5-item transaction) costs on these emulators before any of the product's code.
    const counter = (pk: string, sk: string) => ({
      Update: {
        TableName: stack.info.resources.tableName,
        Key: { pk, sk },
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
    const conditionalWrite = await measure(
      async () => {
        await documents.send(
          new UpdateCommand({
            ...counter('BENCH#FLOOR', 'write').Update,
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': 1e9 },
          }),
        );
      },
      { warmup: 20, count: 100 },
    );
    const transaction = await measure(
      async (index) => {
        const id = randomUUID();
        await documents.send(
          new TransactWriteCommand({
            TransactItems: [
              ...[`BENCH#REQUEST#${id}`, `BENCH#VERIFY#${id}`].map((pk) => ({
                Put: {
                  TableName: stack.info.resources.tableName,
                  Item: { pk, sk: 'item', body: 'x'.repeat(500) },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              })),
              counter('BENCH#COUNTER', String(index % 8)),
              counter('BENCH#QUOTA', id),
              counter('BENCH#DAY', String(index % 8)),
            ],
          }),
        );
      },
      { warmup: 20, count: 100 },
    );
    documents.destroy();
    const s3 = new S3Client({
      endpoint: stack.info.endpoints.s3,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const pdfSized = new Uint8Array(30_000).fill(7);
    const s3Put = await measure(
      async () => {
        await s3.send(
          new PutObjectCommand({
            Bucket: stack.info.resources.reportsBucket,
            Key: `bench/${randomUUID()}.pdf`,
            Body: pdfSized,
            ContentType: 'application/pdf',
          }),
        );
      },
      { warmup: 20, count: 100 },
    );
    s3.destroy();
    // The render the request cannot do without either (no record without its PDF): a
    // report like the bench's (its unit has no results), in this process, en and zh in turn.
    await renderReportPdf(benchReportContent('zh', 0), benchSite);
    const render = await measure(
      async (index) => {
        const language = index % 2 ? 'zh' : 'en';
        await renderReportPdf(
          { ...benchReportContent(language, index), results: [], verdict: 'untested' },
          benchSite,
        );
      },
      { warmup: 10, count: 60 },
    );
    const chain =
      Math.max(conditionalWrite.median, 2 * floor.median) + s3Put.median + transaction.median;

    console.log(`raw DynamoDB Local Query (floor): median ${ms(floor.median)}`);
    console.log(`ratio median(1 client) / floor: ${(single.median / floor.median).toFixed(1)}`);
    console.log(
      `raw writes: conditional update ${ms(conditionalWrite.median)}, 5-item transaction ` +
        `${ms(transaction.median)}, S3 put of 30 KB ${ms(s3Put.median)}; the request's chain ` +
        `without its code (slower of the quota write and two reads, S3 put, transaction): ` +
        `${ms(chain)} = ${(chain / floor.median).toFixed(1)}× the floor`,
    );
    console.log(
      `with the report's render (median ${ms(render.median)}): ${ms(chain + render.median)} = ` +
        `${((chain + render.median) / floor.median).toFixed(1)}× the floor: the work the request ` +
        `cannot drop, on these emulators`,
    );
  } finally {
    await stack.stop();
  }
}

/** A stack of the product in `cwd` with the abuse limits lifted (every request comes from here). */
function startBenchStack(cwd: string) {
  return startStackProcess({
    cwd,
    env: {
      SAMPLE_DATA: '0',
      REPORT_LIMIT_PER_ADDRESS: '1000000',
      REPORT_LIMIT_PER_EMAIL: '1000000',
    },
  });
}

/** A checkout of `commit` in the temporary folder, with this tree's node_modules. */
function baselineCheckout(commit: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'trc-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', folder, commit], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  symlinkSync(join(repoRoot, 'node_modules'), join(folder, 'node_modules'));
  return folder;
}

/** The figures of a stack started in `folder` (a checkout removed afterwards). */
async function timedOn(folder: string, count: number): Promise<StackFigures> {
  try {
    const stack = await startBenchStack(folder);
    try {
      return await timeRequests(stack, count);
    } finally {
      await stack.stop();
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', folder], { cwd: repoRoot });
  }
}

/** Makes a product and range, then times report requests at 1 client and at 20. */
async function timeRequests(stack: StackProcess, count: number): Promise<StackFigures> {
  const token = (await signIn(stack.info, stack.info.admin.email, stack.info.admin.password))
    .IdToken;
  const product = await callApi<{ id: string }>(stack.info, '/api/products', {
    method: 'POST',
    token,
    body: {
      name: 'Bench Valve',
      temperatureMin: -10,
      temperatureMax: 180,
      fluid: 'water',
      connection: 'Flanged',
      pressureFC: 16,
      pressureWCB: 25,
      pressureSUS: 40,
      application: 'Bench',
      applicationMedium: 'Water',
    },
  });
  await callApi(stack.info, '/api/serial-numbers', {
    method: 'POST',
    token,
    body: {
      productId: product.body.id,
      startSerial: 'BN-000001',
      endSerial: 'BN-999999',
      productionDate: '2026-01-01',
      bodyMaterial: 'WCB',
    },
  });
  const body = (index: number, language: 'en' | 'zh') => ({
    serialNumber: `BN-${String((index % 999_999) + 1).padStart(6, '0')}`,
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    consent: true,
    language,
  });
  const address = newVisitorAddress();
  const post = async (index: number) => {
    const response = await requestReport(stack.info, body(index, index % 2 ? 'zh' : 'en'), address);
    if (response.status !== 201) throw new Error(`status ${response.status}`);
  };

  const single = await measure(post, { warmup: 20, count });
  // 20 clients in one continuous run of warm-up + count requests. The first requests all
  // arrive at once on connections the stack is still opening (the 20th waits for the 19
  // before it): the standing start, figures over the first `count` as this bench always
  // measured them. The steady figures leave out a warm-up of two requests per client, as
  // the 1-client figures leave out theirs.
  const clients = 20;
  const warmup = 2 * clients;
  const runs: { start: number; end: number }[] = [];
  const started = performance.now();
  await inParallel(
    Array.from({ length: warmup + count }, (_, index) => async () => {
      const start = performance.now();
      await post(index);
      runs[index] = { start, end: performance.now() };
    }),
    clients,
  );
  const latencies = (part: typeof runs) =>
    part.map((run) => run.end - run.start).sort((a, b) => a - b);
  const steadyRuns = runs.slice(warmup);
  return {
    single,
    concurrent: latencies(steadyRuns),
    standing: latencies(runs.slice(0, count)),
    seconds: (Math.max(...steadyRuns.map((run) => run.end)) - steadyRuns[0]!.start) / 1000,
    standingSeconds: (Math.max(...runs.slice(0, count).map((run) => run.end)) - started) / 1000,
  };
}
