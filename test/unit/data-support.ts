/**
 * What the data-layer, repository and service unit tests share: the function environment,
 * DynamoDB's failure answers, and the expression reader (./data-expression-reader.ts).
 */
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';

/** The environment every function parses at cold start (lambdas/shared/config.ts). */
export const testEnvironment = {
  LOG_LEVEL: 'silent',
  TABLE_NAME: 'test-table',
  USER_POOL_ID: 'us-east-1_pool',
  USER_POOL_CLIENT_ID: 'client',
  REPORTS_BUCKET: 'reports-bucket',
  MAIL_FROM: 'reports@example.com',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
};

/**
 * DynamoDB's answer to a cancelled TransactWriteItems: one reason per item, in the order
 * the items were sent (`None` for the items that were fine).
 */
export function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

/** DynamoDB's answer to a single-item write whose condition did not hold. */
export function conditionFailed(): ConditionalCheckFailedException {
  return new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: { httpStatusCode: 400 },
  });
}

export { placeholderProblems, readable, sentCommandProblems } from './data-expression-reader';

/** The key of the item that holds the cursor key (lambdas/shared/data/cursor.ts). */
export const cursorKeyItem = { pk: 'SECRET', sk: 'CURSORKEY' };

/**
 * Makes a mocked table hold a cursor key, so list cursors can be signed and checked:
 * answers its GetItem (other reads keep their own behaviour).
 */
export function mockCursorKey(documents: {
  on: (command: typeof GetCommand, input: object) => { resolves: (output: object) => unknown };
}): void {
  documents
    .on(GetCommand, { Key: cursorKeyItem })
    .resolves({ Item: { ...cursorKeyItem, key: Buffer.alloc(32, 9).toString('base64url') } });
}

/** The key of any one shard of the counters (lambdas/shared/data/counters.ts). */
export const anyStatsShard = { pk: 'STATS', sk: expect.stringMatching(/^STATS#[0-7]$/) };

/** The key of any one shard of day `date`'s counters. */
export const anyDayShard = (date: string) => ({
  pk: 'DAILY',
  sk: expect.stringMatching(new RegExp(`^${date}#[0-7]$`)),
});
