import { expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';

const waits = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: waits }));

Object.assign(process.env, {
  LOG_LEVEL: 'silent',
  TABLE_NAME: 'table',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports',
  MAIL_FROM: 'reports@example.com',
  CURSOR_SECRET: 'a-cursor-secret-of-at-least-32-characters',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
const { getStats } = await import('../../lambdas/shared/data/counters');
const { getDynamoDb } = await import('../../lambdas/shared/aws/dynamodb');
const { setTimeout: d } = await import('node:timers/promises');


it('x', async () => {
  const bodies: string[] = [];
  (getDynamoDb().config as unknown as { requestHandler: unknown }).requestHandler = {
    handle: async (request: { body: string }) => {
      bodies.push(request.body);
      return {
        response: ({
          statusCode: 200,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: Readable.from([Buffer.from(JSON.stringify({ Item: { pk: { S: 'STATS' }, products: { N: '100000000000000000000' }, units: { N: '5' } } }))]),
        }),
      };
    },
  };
  console.log(await getStats());
  console.log(bodies);
  await d(5);
  expect(waits).toHaveBeenCalledTimes(1);
});
