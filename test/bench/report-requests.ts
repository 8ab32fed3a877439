import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/shared/keys';
import { callApi } from '../support/api';
import { signIn } from '../support/cognito';
import { startStackProcess } from '../support/stack-process';
import { newVisitorAddress, requestReport } from '../support/visitor';
import { inParallel, measure, ms } from './measure';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * `POST /api/report-requests` on the local stack (lookup, PDF, S3, transaction; the mail
 * goes out afterwards from the stream): median and p99 at 1 and at 20 concurrent clients,
 * against the floor of one raw DynamoDB Local Query of the lookup partition.
 * BENCH_REPORTS overrides the number of timed requests per run (default 200).
 */
export async function run() {
  const stack = await startStackProcess({
    // Every request here comes from this machine: lift the abuse limits for the run.
    env: {
      SAMPLE_DATA: '0',
      REPORT_LIMIT_PER_ADDRESS: '1000000',
      REPORT_LIMIT_PER_EMAIL: '1000000',
    },
  });
  try {
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
      },
    });
    const count = Number(process.env.BENCH_REPORTS ?? 200);
    const body = (index: number, language: 'en' | 'zh') => ({
      serialNumber: `BN-${String((index % 999_999) + 1).padStart(6, '0')}`,
      email: `bench-${randomUUID().slice(0, 8)}@example.com`,
      consent: true,
      language,
    });
    const address = newVisitorAddress();
    const post = async (index: number) => {
      const response = await requestReport(
        stack.info,
        body(index, index % 2 ? 'zh' : 'en'),
        address,
      );
      if (response.status !== 201) throw new Error(`status ${response.status}`);
    };

    const single = await measure(post, { warmup: 20, count });
    const concurrent: number[] = [];
    const started = performance.now();
    await inParallel(
      Array.from({ length: count }, (_, index) => async () => {
        const begin = performance.now();
        await post(index);
        concurrent.push(performance.now() - begin);
      }),
      20,
    );
    const seconds = (performance.now() - started) / 1000;
    concurrent.sort((a, b) => a - b);

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
    documents.destroy();

    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${count} requests per run`,
    );
    console.log(`1 client:   median ${ms(single.median)}, p99 ${ms(single.p99)}`);
    console.log(
      `20 clients: median ${ms(quantile(concurrent, 0.5))}, p99 ${ms(quantile(concurrent, 0.99))}, ` +
        `${(count / seconds).toFixed(1)} requests/s`,
    );
    console.log(`raw DynamoDB Local Query (floor): median ${ms(floor.median)}`);
    console.log(`ratio median(1 client) / floor: ${(single.median / floor.median).toFixed(1)}`);
  } finally {
    await stack.stop();
  }
}
