import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { getCognito } from '../shared/aws/cognito';
import { getDynamoDb } from '../shared/aws/dynamodb';
import { getS3 } from '../shared/aws/s3';
import { getSes } from '../shared/aws/ses';
import { getConfig } from '../shared/config';
import type { Health } from '../shared/contract/schemas/health';
import { tableName } from '../shared/data/table-name';
import { createPublicHttpHandler, ok } from '../shared/http/public';
import { logger } from '../shared/logger';
import { healthRoutes } from './routes';

const config = getConfig();

/** A dependency the answer names (contract/schemas/health.ts). */
type CheckName = keyof Health['checks'];

/** Each dependency the product needs, probed with the cheapest read it allows. */
const probes: Record<CheckName, () => Promise<unknown>> = {
  table: () => getDynamoDb().send(new DescribeTableCommand({ TableName: tableName() })),
  userPool: () =>
    getCognito().send(new DescribeUserPoolCommand({ UserPoolId: config.USER_POOL_ID })),
  bucket: () => getS3().send(new HeadBucketCommand({ Bucket: config.REPORTS_BUCKET })),
  mail: () => getSes().send(new GetAccountCommand({})),
};

async function probe(name: CheckName): Promise<'ok' | 'unreachable'> {
  try {
    await probes[name]();
    return 'ok';
  } catch (error) {
    logger.warn('health check failed', { check: name, error: String(error) });
    return 'unreachable';
  }
}

/** `GET /api/health`: 200 when every dependency answers, else 503 naming the failing ones. */
export const handler = createPublicHttpHandler(healthRoutes, 'GET /api/health', async () => {
  const names = Object.keys(probes) as CheckName[];
  const results = await Promise.all(names.map(probe));
  const checks = Object.fromEntries(
    names.map((name, index) => [name, results[index]]),
  ) as Health['checks'];
  const healthy = results.every((result) => result === 'ok');
  const health: Health = { status: healthy ? 'ok' : 'degraded', checks };
  return healthy ? ok(health) : { status: 503 as const, body: health };
});
